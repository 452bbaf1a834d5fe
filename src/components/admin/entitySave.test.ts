import { actions } from 'astro:actions';
import { describe, expect, it } from 'vitest';
import { isRevisionedEntity } from '../../lib/revisions';
import { tableOfAction } from './entitySave';

// createOrUpdate names the row its form edits from the action it calls: drafts
// and the revision check depend on that name being the table revisions use.
describe('tableOfAction', () => {
  it('maps every action group the kit saves through to its revisioned table', () => {
    const groups = {
      news: actions.admin.news.update,
      teams: actions.admin.teams.update,
      players: actions.admin.players.update,
      youth_teams: actions.admin.youthTeams.update,
      shop_items: actions.admin.shop.update,
      sponsors: actions.admin.sponsors.update,
      contact_info: actions.admin.contacts.update,
      matches: actions.admin.matches.update,
      leagues: actions.admin.leagues.update,
    };
    for (const [table, action] of Object.entries(groups)) {
      expect(tableOfAction(action)).toBe(table);
      expect(isRevisionedEntity(table)).toBe(true);
    }
  });

  it('names nothing for what is not an admin action', () => {
    expect(tableOfAction(() => undefined)).toBeNull();
    expect(tableOfAction('?_action=public.inquiry.send')).toBeNull();
  });
});
