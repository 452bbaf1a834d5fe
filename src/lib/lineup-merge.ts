// The line-up's three-way merge (decision 032): a save refused because another
// admin changed the line-up since (match day: one at the pitch, one at home) puts
// theirs into the form wherever this form changed nothing, and keeps what this
// form changed. Where both changed the same thing differently, this form's choice
// stays and is counted, so the admin can look before saving again.
import type { LineupRead } from './schemas/match-details';

type Entry = LineupRead['players'][number];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const entryKey = (e: Entry | undefined) => (e ? { role: e.role, jersey_number: e.jersey_number ?? null } : null);

export function mergeLineup(base: LineupRead, mine: LineupRead, theirs: LineupRead): { merged: LineupRead; conflicts: number } {
  let conflicts = 0;
  /** mine where this form changed it, else theirs; both changed differently: mine, counted */
  const pick = <T>(b: T, m: T, t: T): T => {
    if (same(m, b)) return t;
    if (!same(t, b) && !same(t, m)) conflicts += 1;
    return m;
  };
  const byId = (list: Entry[]) => new Map(list.map((e) => [e.player_id, e]));
  const [b, m, t] = [byId(base.players), byId(mine.players), byId(theirs.players)];
  // theirs' order first (the stored one), then players only this form has
  const ids = [...new Set([...t.keys(), ...m.keys(), ...b.keys()])];
  const players: Entry[] = [];
  for (const id of ids) {
    const chosen = pick(entryKey(b.get(id)), entryKey(m.get(id)), entryKey(t.get(id)));
    if (chosen) players.push({ player_id: id, ...chosen });
  }
  const team_id = pick(base.team_id, mine.team_id, theirs.team_id);
  return {
    merged: {
      team_id,
      team_side: team_id ? pick(base.team_side, mine.team_side, theirs.team_side) : null,
      opponent_lineup: pick(base.opponent_lineup || null, mine.opponent_lineup || null, theirs.opponent_lineup || null),
      players,
    },
    conflicts,
  };
}
