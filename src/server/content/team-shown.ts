// What a team's page (/team/{id}, /mannschaften/{id}) shows of the match tables,
// as one hash its published file carries (`data-shown`, issue 16; decision 045):
// the season's top scorers, whether the team has a calendar, and its last results
// and next matches. A score corrected in an older match leaves both pages of the
// team as they are; a new result among the last three moves the hash.
//
// Read in SQL, every value quote()d (as player-shown.ts): the latest season, its
// finished matches with every line-up row and event (the top scorers count every
// player's), whether any match names the team, and the five matches the page
// links, chosen as teamMatchLinks chooses them.
import type { Db } from '../db/client';
import { prepared } from './public-content';
import { shownHashOf, shownMarker } from './player-shown';

const LINK = `concat_ws(',', quote(id), quote(home_team), quote(away_team), quote(match_date), quote(home_score), quote(away_score), quote(status))`;

// `counted`: the finished matches of the latest season, whose line-ups and events make the top scorers
// (teamSeasonStats); two seasons where the latest day has matches of both
const SHOWN_SQL = `
WITH finished AS MATERIALIZED (SELECT id, season, match_date FROM matches WHERE team_id = @team AND status = 'finished'),
latest AS (SELECT DISTINCT coalesce(season, '') AS season FROM finished WHERE match_date = (SELECT max(match_date) FROM finished)),
counted AS MATERIALIZED (SELECT id FROM finished WHERE coalesce(season, '') IN (SELECT season FROM latest))
SELECT
  ifnull((SELECT group_concat(quote(season), ',' ORDER BY season) FROM latest), '')
  || '#' || ifnull((SELECT group_concat(quote(id), ',' ORDER BY id) FROM counted), '')
  || '#' || ifnull((SELECT group_concat(concat_ws(',', quote(l.match_id), quote(l.player_id), quote(l.role)), ';' ORDER BY l.match_id, l.player_id, l.role)
      FROM match_lineups l JOIN counted c ON c.id = l.match_id), '')
  || '#' || ifnull((SELECT group_concat(
      concat_ws(',', quote(e.match_id), quote(e.type), quote(e.minute), quote(e.goal_kind), quote(e.player_id), quote(e.related_player_id)),
      ';' ORDER BY e.match_id, e.minute, e.id)
      FROM match_events e JOIN counted c ON c.id = e.match_id), '')
  || '#' || (SELECT EXISTS (SELECT 1 FROM matches WHERE team_id = @team))
  || '#' || ifnull((SELECT group_concat(link, ';') FROM (SELECT ${LINK} AS link FROM matches WHERE team_id = @team AND status = 'finished'
      ORDER BY match_date DESC, coalesce(match_time, '') DESC, rowid DESC LIMIT 3)), '')
  || '#' || ifnull((SELECT group_concat(link, ';') FROM (SELECT ${LINK} AS link FROM matches WHERE team_id = @team AND status IN ('scheduled', 'live')
      ORDER BY match_date ASC, coalesce(match_time, '') ASC, rowid ASC LIMIT 2)), '') AS shown`;

/** The hash of what a team's page shows of the match tables now (throws where the tables cannot be read). */
export function teamShownHash(db: Db, teamId: string): string {
  const row = prepared(db, 'team.shown', () => db.$client.prepare<{ team: string }, { shown: string }>(SHOWN_SQL)).get({ team: teamId });
  return shownHashOf(row?.shown ?? '');
}

/** The marker of a team's two pages (shownMarker in player-shown.ts). */
export const teamShownMarker = (db: Db, teamId: string) => shownMarker(`the pages of team ${teamId}`, () => teamShownHash(db, teamId));
