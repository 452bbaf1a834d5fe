// teams for the admin (admin-area.md §2, §4, §7): all teams in display order
// with their player count, create, update, delete (its players go with it), and
// the drag reordering that writes each row's new index as display_order.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { RefusedWrite, write } from '../../db/write';
import { matches, players, teams } from '../../db/schema';
import type { Change } from '../../publish/routes';
import { TEAM_ORDER } from '../../publish/pseudo-tables';
import { changesOfRows, teamsNamingPlayersOf } from '../../publish/row-changes';
import type { TeamData, TeamEntry, TeamUpdate } from '../../../lib/schemas/team';
import { germanOrder } from '../../db/german-order';

export const TEAM_NOT_FOUND = 'Dieses Team existiert nicht mehr.';
export const ORDER_STALE = 'Die Liste der Teams hat sich inzwischen geändert.';

type TeamRow = typeof teams.$inferSelect;
const entry = (row: TeamRow, playerCount: number): TeamEntry => ({
  id: row.id,
  name: row.name,
  category: row.category,
  description: row.description,
  image_url: row.image_url,
  achievements: row.achievements,
  display_order: row.display_order,
  half_minutes: row.half_minutes,
  playerCount,
});
/** A team shows on its own pages and the lists; its players' pages are its own. */
const changed = (id: string): Change[] => [{ table: 'teams', key: id }];

function playerCount(db: Db, teamId: string): number {
  return db.select({ n: sql<number>`count(*)` }).from(players).where(eq(players.team_id, teamId)).get()?.n ?? 0;
}

export function listTeams(db: Db = getDb()): TeamEntry[] {
  const counts = new Map(
    db
      .select({ team_id: players.team_id, n: sql<number>`count(*)` })
      .from(players)
      .groupBy(players.team_id)
      .all()
      .map((r) => [r.team_id, Number(r.n)]),
  );
  return db
    .select()
    .from(teams)
    .orderBy(asc(teams.display_order), germanOrder(teams.name))
    .all()
    .map((t) => entry(t, counts.get(t.id) ?? 0));
}

/** id, name and category ordered by name: the team choice of the players form. */
export function teamOptions(db: Db = getDb()) {
  return db.select({ id: teams.id, name: teams.name, category: teams.category }).from(teams).orderBy(germanOrder(teams.name)).all();
}

export function createTeam(input: TeamData, db: Db = getDb()) {
  return write(
    'teams.createTeam',
    () => {
      const row = db.insert(teams).values(input).returning().get();
      return { row: entry(row, 0), changes: changed(row.id) };
    },
    db,
  );
}

export function updateTeam(id: string, input: TeamUpdate, db: Db = getDb()) {
  return write(
    'teams.updateTeam',
    () => {
      const before = db.select({ id: teams.id, half_minutes: teams.half_minutes }).from(teams).where(eq(teams.id, id)).get();
      const row = db.update(teams).set(input).where(eq(teams.id, id)).returning().get();
      if (!row) throw new RefusedWrite(TEAM_NOT_FOUND, 'NOT_FOUND');
      // a half length that moved reaches the minutes of all who played for the team: the same rule as a restore's
      return { row: entry(row, playerCount(db, id)), changes: changesOfRows('teams', before, row) };
    },
    db,
  );
}

/**
 * Deletes the team; the database deletes its players (ON DELETE CASCADE), as the
 * confirmation warns. Its matches stay, without the link: the migration that
 * added `matches.team_id` gave it no ON DELETE SET NULL (the schema's intent),
 * so the database refused the delete of any team with a match of the match
 * centre. The matches' pages lose the team's line-up and are published again.
 */
export function deleteTeam(id: string, db: Db = getDb()) {
  return write('teams.deleteTeam', (tx) => {
    const count = tx.select({ n: sql<number>`count(*)` }).from(players).where(eq(players.team_id, id)).get()?.n ?? 0;
    // read before the delete takes the players' line-ups: the other teams' match pages they stood on
    const naming = teamsNamingPlayersOf(tx, id);
    // (the side stays: it still says which side was ours, and a restore from the trash links the team again)
    const linked = tx.update(matches).set({ team_id: null }).where(eq(matches.team_id, id)).returning({ id: matches.id }).all();
    const row = tx.delete(teams).where(eq(teams.id, id)).returning().get();
    if (!row) throw new RefusedWrite(TEAM_NOT_FOUND, 'NOT_FOUND');
    return {
      row: entry(row, count),
      changes: [
        ...changed(id),
        { table: 'players', key: id },
        ...naming.map((team): Change => ({ table: 'players', key: team })),
        ...linked.map((m): Change => ({ table: 'matches', key: m.id })),
      ] satisfies Change[],
    };
  }, db);
}

/**
 * Writes each team's index in `ids` as its display_order, all or nothing. A list
 * naming a team that no longer exists is refused (the admin reloads).
 */
export function reorderTeams(ids: string[], db: Db = getDb()) {
  if (new Set(ids).size !== ids.length) throw new RefusedWrite(ORDER_STALE);
  return write('teams.reorderTeams', (tx) => {
    const current = new Map(
      tx
        .select({ id: teams.id, display_order: teams.display_order })
        .from(teams)
        .where(inArray(teams.id, ids))
        .all()
        .map((r) => [r.id, r.display_order]),
    );
    if (current.size !== ids.length) throw new RefusedWrite(ORDER_STALE);
    let moved = false;
    ids.forEach((id, index) => {
      if (current.get(id) === index) return;
      tx.update(teams).set({ display_order: index }).where(eq(teams.id, id)).run();
      moved = true;
    });
    // the order is shown by the lists of teams only, not by each team's match and player pages
    const changes: Change[] = moved ? [{ table: TEAM_ORDER }] : [];
    return { changes };
  }, db);
}
