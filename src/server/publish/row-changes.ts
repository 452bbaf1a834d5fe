// What a row's change republishes, by the key convention of routes.ts, for a
// write that knows the row but not the service's rule for naming it: putting
// back a version or a deleted row (src/server/revisions). A service names its
// own changes; a restore named every row by its id, which for a page section,
// a player or a match event is no key any route reads (restoring the Impressum
// republished nothing while the admin was told it was published).
import type { RevisionedEntity } from '../../lib/revisions';
import type { Db } from '../db/client';
import type { Change } from './routes';
import { FIXTURE_LISTS, TEAM_HALF } from './pseudo-tables';

type Row = Record<string, unknown>;

const keyOf = (row: Row, column: string): string | undefined => {
  const value = row[column];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** A change of `table` with the row's `column` as its key; without one, every route reading the table. */
const keyed = (table: Change['table'], row: Row, column: string): Change => {
  const key = keyOf(row, column);
  return key === undefined ? { table } : { table, key };
};

/** The changes one state of a row of `entity` stands for (call it for the row before and after). */
export function changesOfRow(entity: RevisionedEntity, row: Row): Change[] {
  switch (entity) {
    case 'players':
      return [keyed('players', row, 'team_id')];
    case 'page_content':
      return [keyed('page_content', row, 'page_key')];
    case 'homepage_content':
      return [keyed('homepage_content', row, 'section_key')];
    case 'match_events':
    case 'match_lineups':
      return [keyed('matches', row, 'match_id'), keyed(entity, row, 'match_id')];
    case 'league_results':
    case 'standings':
      return [keyed(entity, row, 'league_id')];
    case 'club_settings':
      return [{ table: 'club_settings' }];
    // its date, teams or competition may be other than now: the lists that show it
    case 'matches':
      return [keyed('matches', row, 'id'), { table: FIXTURE_LISTS }];
    default:
      return [keyed(entity, row, 'id')];
  }
}

/** The changes of rows before and after a write, each once. */
export function changesOfRows(entity: RevisionedEntity, ...rows: (Row | undefined)[]): Change[] {
  const seen = new Map<string, Change>();
  for (const row of rows) {
    if (!row) continue;
    for (const change of changesOfRow(entity, row)) seen.set(`${change.table}\u0000${change.key ?? ''}`, change);
  }
  // a league given to another team (saved, or a version put back): the old team's pages link to its table,
  // which a change keyed by the league does not reach (teamIdsForRow finds the team it has now); without key
  // it reaches every team's pages, for a change this rare
  const leagueTeams = new Set(rows.filter((row) => row !== undefined).map((row) => row.team_id ?? null));
  if (entity === 'leagues' && leagueTeams.size > 1) return [{ table: 'leagues' }];
  // a team's half length saved or put back: the minutes of all who played for it (a team back from the
  // trash reaches them through its matches linked again, relink.ts)
  if (entity === 'teams') {
    const [before, after] = rows;
    const team = after && keyOf(after, 'id');
    if (before && team && before.half_minutes !== after.half_minutes) return [...seen.values(), { table: TEAM_HALF, key: team }];
  }
  return [...seen.values()];
}

/**
 * The teams whose match pages name the player (its line-ups and events): a `players` change is keyed by the
 * player's team, and a player who moved on still stands on the old team's match pages and its scorers, which
 * a rename, a withdrawn consent or a delete must reach too. Read before a delete (its line-ups go with it).
 */
export function teamsNamingPlayer(db: Db, playerId: string): string[] {
  return teamsNaming(db, '= @id', playerId);
}

/**
 * The teams whose match pages name a player of `teamId` (a youth player who moved up stands on the younger
 * team's): read before the team's delete, which takes its players and their line-ups with it.
 */
export function teamsNamingPlayersOf(db: Db, teamId: string): string[] {
  return teamsNaming(db, 'IN (SELECT id FROM players WHERE team_id = @id)', teamId).filter((team) => team !== teamId);
}

function teamsNaming(db: Db, players: '= @id' | 'IN (SELECT id FROM players WHERE team_id = @id)', id: string): string[] {
  return db.$client
    .prepare(
      `SELECT DISTINCT team_id FROM matches WHERE team_id IS NOT NULL AND id IN (
         SELECT match_id FROM match_lineups WHERE player_id ${players}
         UNION SELECT match_id FROM match_events WHERE player_id ${players}
         UNION SELECT match_id FROM match_events WHERE related_player_id ${players})`,
    )
    .pluck()
    .all({ id }) as string[];
}
