// Which columns of a changed match moved since the published pages last showed it
// (issue 16, decision 045 update). A match result reaches the pages of every player
// of the match and of its team; decision 045 reads each one's hash of the data now,
// about 1.5 ms per player. Knowing that only the score and the notes moved, most of
// those pages need no hash: a score is shown only among a player's latest matches
// and a team's five links.
//
// The old values come from the revisions the triggers keep of every write (decision
// 034). What the pages show is known from the jobs: a job reads the database only
// after it has taken the newest revision id (its mark), and it looks at every player
// and team page of each match it was given. So, once a job with match M has ended
// without a failure, every such page shows M at least as new as that job's mark. A
// whole publish does the same for every match. The next job compares M's revision at
// that mark with every revision since and the row now: the columns that differ in any
// step moved. Anything not known (no whole publish yet in this process, a revision
// gone, a row deleted, a write that left no revision) is null, and decision 045's hash
// decides as before.
import type { Db } from '../db/client';
import type { JobKnowledge } from './page-inputs';
import { prepared } from '../content/public-content';
import { matchTeamAndStatus, playersOfMatch } from './routes-player';
import { quoteId, revisionColumns, rowJsonSql } from '../revisions/triggers';
import type { Change } from './routes';

/** The newest revision when a job began: its id, and when it was written (to notice a database put back from a backup). */
export type RevisionMark = { id: number; at: number };

const MATCH_TABLES = new Set<string>(['matches', 'match_lineups', 'match_events']);

export class MatchBaselines {
  /** after a whole publish without a failure: every page shows every match at least as new as this */
  private everyMatch: RevisionMark | null = null;
  /** after a job with the match that ended without a failure */
  private readonly byMatch = new Map<string, RevisionMark>();

  /** The newest revision now: taken before a job reads anything else. Null where it cannot be read (nothing is known then). */
  mark(db: Db): RevisionMark | null {
    try {
      const row = prepared(db, 'baselines.mark', () => db.$client.prepare('SELECT id, created_at AS at FROM revisions ORDER BY id DESC LIMIT 1')).get() as
        | RevisionMark
        | undefined;
      return row ?? { id: 0, at: 0 };
    } catch {
      return null;
    }
  }

  /**
   * What the job knows of its matches since their pages last showed them: what moved of each (null for the
   * whole job where one of them is not known, or a change is of a line-up or an event, which name players
   * the match row does not, or of matches without a key), and the teams and players the matches named
   * meanwhile: a match moved to another team, or a goal given to another player, leaves pages that the
   * routes, which know only the rows now, do not reach. So does a finished match set back to 'Live': its
   * team and players are named with those.
   */
  forJob(db: Db, changes: Change[]): JobKnowledge {
    const none: JobKnowledge = { moved: null, formerly: { teams: [], players: [] } };
    const matchChanges = changes.filter((change) => MATCH_TABLES.has(change.table));
    if (matchChanges.length === 0 || matchChanges.some((change) => change.key === undefined)) return none;
    try {
      const moved = new Map<string, ReadonlySet<string>>();
      const teams = new Set<string>();
      const players = new Set<string>();
      let known = matchChanges.every((change) => change.table === 'matches');
      // per match: the revision after which what it named is read (0: its whole history, where no mark is known)
      const namedSince = new Map<string, number>();
      for (const key of new Set(matchChanges.map((change) => change.key!))) {
        const base = this.byMatch.get(key) ?? this.everyMatch;
        const since = base && stillThere(db, base) ? base.id : null;
        const versions = since === null ? null : matchVersionsSince(db, key, since);
        if (versions === null) known = false;
        else moved.set(key, movedColumns(versions));
        // the routes reach the team and the players the match names now; these are the ones it named before
        const now = matchTeamAndStatus(db, key);
        const teamNow = now?.team_id ?? null;
        for (const team of versions ? versions.map((version) => version.team_id) : teamsInHistory(db, key)) {
          if (typeof team === 'string' && team !== teamNow) teams.add(team);
        }
        // a finished match set back to 'Live' (a result entered too early): the routes reach no page of a live
        // match (routes-player.ts), but its team's and players' pages still count it
        if (now?.status === 'live' && (versions ? versions.some((version) => version.status === 'finished') : finishedInHistory(db, key))) {
          if (teamNow) teams.add(teamNow);
          for (const player of playersOfMatch(db, key)) players.add(player);
        }
        namedSince.set(key, since ?? 0);
      }
      for (const [key, named] of playersNamedSince(db, namedSince)) {
        const namedNow = new Set(playersOfMatch(db, key));
        for (const player of named) if (!namedNow.has(player)) players.add(player);
      }
      return { moved: known ? moved : null, formerly: { teams: [...teams], players: [...players] } };
    } catch {
      return none;
    }
  }

  /** A job has ended: where it failed nowhere, the pages of its matches show them at least as new as `mark`. */
  jobEnded(changes: Change[], mark: RevisionMark | null, failed: boolean): void {
    for (const change of changes) {
      if (!MATCH_TABLES.has(change.table) || change.key === undefined) continue;
      // a match_lineups or match_events change is keyed by its match too (routes-player.ts)
      if (failed || mark === null) this.byMatch.delete(change.key);
      else this.byMatch.set(change.key, mark);
    }
    // unkeyed: any match may have moved, and which pages the job looked at is not known
    if (changes.some((change) => MATCH_TABLES.has(change.table) && change.key === undefined)) this.forget();
  }

  /** A whole publish has ended. */
  allPublished(mark: RevisionMark | null, failed: boolean): void {
    this.byMatch.clear();
    this.everyMatch = failed ? null : mark;
  }

  forget(): void {
    this.byMatch.clear();
    this.everyMatch = null;
  }
}

/** Whether the mark's revision is still the one it was: a database put back from a backup numbers its new revisions again. */
function stillThere(db: Db, mark: RevisionMark): boolean {
  if (mark.id === 0) return true;
  const row = prepared(db, 'baselines.markAt', () => db.$client.prepare('SELECT created_at AS at FROM revisions WHERE id = ?')).get(mark.id) as
    | { at: number }
    | undefined;
  return row?.at === mark.at;
}

/**
 * Match `id` as its revisions kept it, from the one at `since` to the row now; null where not known: no
 * version from before (older than the revisions, or removed by their retention), deleted on the way, or
 * a write that left no revision (the sqlite3 shell has no triggers), so that the row now is not the last.
 */
function matchVersionsSince(db: Db, id: string, since: number): Record<string, unknown>[] | null {
  const client = db.$client;
  const statements = prepared(db, 'baselines.matchVersions', () => ({
    base: client.prepare("SELECT op, data FROM revisions WHERE entity = 'matches' AND row_id = ? AND id <= ? ORDER BY id DESC LIMIT 1"),
    later: client.prepare("SELECT op, data FROM revisions WHERE entity = 'matches' AND row_id = ? AND id > ? ORDER BY id"),
    // the row now as the trigger writes it (a migration adds columns at a start, before any statement is prepared)
    now: client.prepare(`SELECT ${rowJsonSql('m', revisionColumns(client, 'matches'))} AS data FROM ${quoteId('matches')} AS m WHERE m.id = ?`),
  }));
  const base = statements.base.get(id, since) as { op: string; data: string } | undefined;
  const later = statements.later.all(id, since) as { op: string; data: string }[];
  const now = statements.now.get(id) as { data: string } | undefined;
  if (!base || !now || [base, ...later].some((r) => r.op === 'delete')) return null;
  const steps = [base.data, ...later.map((r) => r.data)];
  if (steps.at(-1) !== now.data) return null;
  return steps.map((data) => JSON.parse(data) as Record<string, unknown>);
}

/** The columns that differ between any two versions in a row. */
function movedColumns(versions: Record<string, unknown>[]): ReadonlySet<string> {
  const moved = new Set<string>();
  for (let i = 1; i < versions.length; i++) {
    for (const column of new Set([...Object.keys(versions[i - 1]), ...Object.keys(versions[i])])) {
      if (versions[i - 1][column] !== versions[i][column]) moved.add(column);
    }
  }
  return moved;
}

/** The columns of match `id` that moved in any step since its revision at `since`; null where not known. */
export function movedSince(db: Db, id: string, since: number): ReadonlySet<string> | null {
  const versions = matchVersionsSince(db, id, since);
  return versions && movedColumns(versions);
}

/** Every team match `id` had in its revisions. */
function teamsInHistory(db: Db, id: string): unknown[] {
  return db.$client.prepare("SELECT DISTINCT json_extract(data, '$.team_id') FROM revisions WHERE entity = 'matches' AND row_id = ?").pluck().all(id);
}

/** Whether match `id` was ever finished, in its revisions. */
function finishedInHistory(db: Db, id: string): boolean {
  return (
    prepared(db, 'baselines.finishedInHistory', () =>
      db.$client.prepare("SELECT 1 FROM revisions WHERE entity = 'matches' AND row_id = ? AND json_extract(data, '$.status') = 'finished' LIMIT 1"),
    ).get(id) !== undefined
  );
}

/**
 * Per match: the players that its line-up rows and events changed after the match's revision id named, in
 * any of their versions (a deleted goal's scorer, the player a card was taken from). One read for the job:
 * after the smallest of those ids by id, or through the entity index where one is 0 (the whole history:
 * every line-up and event revision is read, some 40 ms for a club with 20,000 events).
 */
function playersNamedSince(db: Db, since: ReadonlyMap<string, number>): Map<string, Set<string>> {
  const client = db.$client;
  const from = Math.min(...since.values());
  const ids = [...since.keys()];
  const rows = client
    .prepare(
      // `+entity`: by id after a mark, not through the entity index (which DISTINCT or the entity alone would choose)
      `SELECT id, entity, row_id, json_extract(data, '$.match_id') AS match_id FROM revisions
        WHERE id > ? AND ${from > 0 ? '+entity' : 'entity'} IN ('match_events', 'match_lineups')
          AND json_extract(data, '$.match_id') IN (${ids.map(() => '?').join(', ')})`,
    )
    .all(from, ...ids) as { id: number; entity: string; row_id: string; match_id: string }[];
  const history = client.prepare('SELECT data FROM revisions WHERE entity = ? AND row_id = ?').pluck();
  const out = new Map<string, Set<string>>();
  const read = new Set<string>();
  for (const row of rows) {
    if (row.id <= since.get(row.match_id)!) continue;
    const named = out.get(row.match_id) ?? new Set<string>();
    out.set(row.match_id, named);
    const rowKey = `${row.match_id}\u0000${row.entity}\u0000${row.row_id}`;
    if (read.has(rowKey)) continue;
    read.add(rowKey);
    for (const data of history.all(row.entity, row.row_id) as string[]) {
      const version = JSON.parse(data) as Record<string, unknown>;
      for (const key of ['player_id', 'related_player_id']) if (typeof version[key] === 'string') named.add(version[key]);
    }
  }
  return out;
}
