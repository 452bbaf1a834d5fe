// The line-up form's check (decision 032): a save is refused when the line-up
// was changed since the form was filled with `read` (two admins on match day,
// one at the pitch, one at home). Compared by value: the line-up is the match's
// team, side and opponent text plus its lineup rows, which no single revision holds.
import { asc, eq } from 'drizzle-orm';
import { MATCH_DETAILS_TEXTS, type LineupRead } from '../../../lib/schemas/match-details';
import { getDb, type Db } from '../../db/client';
import { matchLineups, matches } from '../../db/schema';
import { conflictSince } from '../../revisions';

/** A line-up in one comparable form: the players by id, empty texts as null. */
function comparable(lineup: LineupRead): string {
  const players = [...lineup.players]
    .map((p) => ({ player_id: p.player_id, role: p.role, jersey_number: p.jersey_number ?? null }))
    .sort((a, b) => a.player_id.localeCompare(b.player_id));
  return JSON.stringify([lineup.team_id ?? null, lineup.team_id ? (lineup.team_side ?? null) : null, lineup.opponent_lineup || null, players]);
}

export function storedLineup(matchId: string, db: Db = getDb()): LineupRead | null {
  const match = db.select({ team_id: matches.team_id, team_side: matches.team_side, opponent_lineup: matches.opponent_lineup }).from(matches).where(eq(matches.id, matchId)).get();
  if (!match) return null;
  const players = db
    .select({ player_id: matchLineups.player_id, role: matchLineups.role, jersey_number: matchLineups.jersey_number })
    .from(matchLineups)
    .where(eq(matchLineups.match_id, matchId))
    .orderBy(asc(matchLineups.display_order))
    .all();
  return { ...match, players } as LineupRead;
}

export function assertLineupAsRead(matchId: string, read: LineupRead, db: Db = getDb()): void {
  const now = storedLineup(matchId, db);
  // a match gone since is the save's own refusal (not found)
  if (!now || comparable(now) === comparable(read)) return;
  const changer = lastLineupChange(matchId, db);
  throw conflictSince(changer?.user_name ?? null, changer?.created_at ?? Date.now(), MATCH_DETAILS_TEXTS.lineupConflict);
}

type Version = { id: number; data: string; user_name: string | null; created_at: number };

/** Who last changed the line-up: its rows, or the match's team, side or opponent text (not a goal's score). */
function lastLineupChange(matchId: string, db: Db): Version | undefined {
  const rows = db.$client
    .prepare(`SELECT id, data, user_name, created_at FROM revisions WHERE entity = 'match_lineups' AND json_extract(data, '$.match_id') = ? ORDER BY id DESC LIMIT 1`)
    .get(matchId) as Version | undefined;
  const versions = db.$client
    .prepare(`SELECT id, data, user_name, created_at FROM revisions WHERE entity = 'matches' AND row_id = ? ORDER BY id`)
    .all(matchId) as Version[];
  const ofMatch = (v: Version) => {
    const data = JSON.parse(v.data) as Record<string, unknown>;
    return JSON.stringify([data.team_id ?? null, data.team_side ?? null, data.opponent_lineup ?? null]);
  };
  const match = versions.findLast((v, i) => i > 0 && ofMatch(v) !== ofMatch(versions[i - 1]));
  return [rows, match].filter((v): v is Version => v !== undefined).sort((a, b) => b.id - a.id)[0];
}
