// players for the admin (admin-area.md §2, §7): all players with their team's
// name ordered by name, create, update, delete. A player shows on its team's
// page, so each write names the team (both teams when a player moves), and the
// teams whose matches name the player (a player who moved on stands on their pages).
// Publication consent (issue 14) is stored with the admin who recorded it: the
// signed-in admin whenever what was consented changes.
import { eq } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { RefusedWrite, write } from '../../db/write';
import { players, teams } from '../../db/schema';
import type { Change } from '../../publish/routes';
import { teamsNamingPlayer } from '../../publish/row-changes';
import { PLAYER_TEXTS, type PlayerData, type PlayerEntry } from '../../../lib/schemas/player';
import { germanOrder } from '../../db/german-order';

type PlayerRow = typeof players.$inferSelect;

export const PLAYER_NOT_FOUND = 'Dieser Spieler existiert nicht mehr.';

const changed = (...teamIds: string[]): Change[] => [...new Set(teamIds)].map((key) => ({ table: 'players', key }));

function teamName(db: Pick<Db, 'select'>, teamId: string): string {
  const team = db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId)).get();
  if (!team) throw new RefusedWrite(PLAYER_TEXTS.teamMissing);
  return team.name;
}

export function listPlayers(db: Db = getDb()): PlayerEntry[] {
  return db
    .select({
      id: players.id,
      name: players.name,
      position: players.position,
      age: players.age,
      jersey_number: players.jersey_number,
      team_id: players.team_id,
      team_name: teams.name,
      image_url: players.image_url,
      consent_name: players.consent_name,
      consent_photo: players.consent_photo,
      consent_stats: players.consent_stats,
      consent_given_by: players.consent_given_by,
      consent_given_at: players.consent_given_at,
      consent_recorded_by: players.consent_recorded_by,
    })
    .from(players)
    .leftJoin(teams, eq(players.team_id, teams.id))
    .orderBy(germanOrder(players.name))
    .all();
}

type ConsentColumns = Pick<PlayerRow, 'consent_name' | 'consent_photo' | 'consent_stats' | 'consent_given_by' | 'consent_given_at' | 'consent_recorded_by'>;
const CONSENT_KEYS = ['consent_name', 'consent_photo', 'consent_stats', 'consent_given_by', 'consent_given_at'] as const;

/** Who recorded the consent: kept while it stays as it was, else the admin saving it; nobody without consent. */
function recordedBy(input: PlayerData, before: ConsentColumns | undefined, admin: string | null): string | null {
  if (input.consent_given_at === null) return null;
  const unchanged = before && CONSENT_KEYS.every((k) => before[k] === input[k]);
  return unchanged ? before.consent_recorded_by : admin;
}

export function createPlayer(input: PlayerData, db: Db = getDb(), admin: string | null = null) {
  return write('players.createPlayer', (tx) => {
    const team_name = teamName(tx, input.team_id);
    const row = tx.insert(players).values({ ...input, consent_recorded_by: recordedBy(input, undefined, admin) }).returning().get();
    return { row: { ...row, team_name }, changes: changed(row.team_id) };
  }, db);
}

export function updatePlayer(id: string, input: PlayerData, db: Db = getDb(), admin: string | null = null) {
  return write('players.updatePlayer', (tx) => {
    const before = tx.select().from(players).where(eq(players.id, id)).get();
    if (!before) throw new RefusedWrite(PLAYER_NOT_FOUND, 'NOT_FOUND');
    const team_name = teamName(tx, input.team_id);
    const row = tx
      .update(players)
      .set({ ...input, consent_recorded_by: recordedBy(input, before, admin) })
      .where(eq(players.id, id))
      .returning()
      .get()!;
    return { row: { ...row, team_name }, changes: changed(before.team_id, row.team_id, ...teamsNamingPlayer(tx, id)) };
  }, db);
}

export function deletePlayer(id: string, db: Db = getDb()) {
  return write(
    'players.deletePlayer',
    () => {
      const named = teamsNamingPlayer(db, id);
      const row = db.delete(players).where(eq(players.id, id)).returning().get();
      if (!row) throw new RefusedWrite(PLAYER_NOT_FOUND, 'NOT_FOUND');
      return { row, changes: changed(row.team_id, ...named) };
    },
    db,
  );
}
