// What a restore republishes for a row it puts back (row-changes.ts), where the key of its changes is not
// the row's id.
import { describe, expect, it } from 'vitest';
import { changesOfRows } from './row-changes';
import { TEAM_HALF } from './pseudo-tables';

describe('changesOfRows', () => {
  it('names a player by the team before and after, a section by its page and section keys', () => {
    expect(changesOfRows('players', { id: 'p1', team_id: 'a' }, { id: 'p1', team_id: 'b' })).toEqual([
      { table: 'players', key: 'a' },
      { table: 'players', key: 'b' },
    ]);
    expect(changesOfRows('homepage_content', { id: 'h1', section_key: 'hero' })).toEqual([{ table: 'homepage_content', key: 'hero' }]);
  });

  it("a league put back with another team reaches every team's pages: the old team's link to its table goes", () => {
    expect(changesOfRows('leagues', { id: 'l1', team_id: 'a' }, { id: 'l1', team_id: 'a', name: 'neu' })).toEqual([{ table: 'leagues', key: 'l1' }]);
    expect(changesOfRows('leagues', { id: 'l1', team_id: 'a' }, { id: 'l1', team_id: null })).toEqual([{ table: 'leagues' }]);
  });

  it("a team's half length put back reaches the minutes of all who played for it; its name only the team", () => {
    expect(changesOfRows('teams', { id: 't1', name: 'U10', half_minutes: 45 }, { id: 't1', name: 'U10', half_minutes: 25 })).toEqual([
      { table: 'teams', key: 't1' },
      { table: TEAM_HALF, key: 't1' },
    ]);
    expect(changesOfRows('teams', { id: 't1', name: 'U10', half_minutes: 25 }, { id: 't1', name: 'U11', half_minutes: 25 })).toEqual([{ table: 'teams', key: 't1' }]);
  });
});
