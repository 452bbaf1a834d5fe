// youth_teams for the admin (admin-area.md §2, §4, §7): all youth teams (active
// or not) in display order with the linked contact person, create, update,
// delete, drag reordering, and the contact people to choose from.
import { asc, eq, inArray } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { RefusedWrite, write } from '../../db/write';
import { contactInfo, youthTeams } from '../../db/schema';
import type { Change } from '../../publish/routes';
import { YOUTH_TEXTS, type ContactOption, type YouthTeamData, type YouthTeamEntry } from '../../../lib/schemas/youthTeam';
import { germanOrder } from '../../db/german-order';

export const YOUTH_NOT_FOUND = 'Diese Nachwuchsmannschaft existiert nicht mehr.';
export const YOUTH_ORDER_STALE = 'Die Liste der Nachwuchsmannschaften hat sich inzwischen geändert.';

const changed = (id: string): Change[] => [{ table: 'youth_teams', key: id }];

export function listYouthTeams(db: Db = getDb()): YouthTeamEntry[] {
  return db
    .select({ team: youthTeams, contact: contactInfo })
    .from(youthTeams)
    .leftJoin(contactInfo, eq(youthTeams.contact_info_id, contactInfo.id))
    .orderBy(asc(youthTeams.display_order), germanOrder(youthTeams.name))
    .all()
    .map(({ team, contact }) => ({
      id: team.id,
      name: team.name,
      description: team.description,
      players: team.players,
      training_schedule: team.training_schedule,
      age_group: team.age_group,
      coach: team.coach,
      contact_info_id: team.contact_info_id,
      display_order: team.display_order,
      is_active: team.is_active,
      contact: contact ? { name: contact.name, email: contact.email, phone: contact.phone, role: contact.role } : null,
    }));
}

/** Contact people (contact_info) ordered by name. */
export function contactOptions(db: Db = getDb()): ContactOption[] {
  return db
    .select({ id: contactInfo.id, name: contactInfo.name, role: contactInfo.role, email: contactInfo.email, phone: contactInfo.phone })
    .from(contactInfo)
    .orderBy(germanOrder(contactInfo.name))
    .all();
}

function checkContact(db: Pick<Db, 'select'>, contactId: string | null) {
  if (contactId && !db.select({ id: contactInfo.id }).from(contactInfo).where(eq(contactInfo.id, contactId)).get()) {
    throw new RefusedWrite(YOUTH_TEXTS.contactMissing);
  }
}

export function createYouthTeam(input: YouthTeamData, db: Db = getDb()) {
  return write('youthTeams.createYouthTeam', (tx) => {
    checkContact(tx, input.contact_info_id);
    const row = tx.insert(youthTeams).values(input).returning().get();
    return { row, changes: changed(row.id) };
  }, db);
}

export function updateYouthTeam(id: string, input: YouthTeamData, db: Db = getDb()) {
  return write('youthTeams.updateYouthTeam', (tx) => {
    checkContact(tx, input.contact_info_id);
    const row = tx.update(youthTeams).set(input).where(eq(youthTeams.id, id)).returning().get();
    if (!row) throw new RefusedWrite(YOUTH_NOT_FOUND, 'NOT_FOUND');
    return { row, changes: changed(id) };
  }, db);
}

export function deleteYouthTeam(id: string, db: Db = getDb()) {
  return write(
    'youthTeams.deleteYouthTeam',
    () => {
      const row = db.delete(youthTeams).where(eq(youthTeams.id, id)).returning().get();
      if (!row) throw new RefusedWrite(YOUTH_NOT_FOUND, 'NOT_FOUND');
      return { row, changes: changed(id) };
    },
    db,
  );
}

/** Writes each youth team's index in `ids` as its display_order, all or nothing. */
export function reorderYouthTeams(ids: string[], db: Db = getDb()) {
  if (new Set(ids).size !== ids.length) throw new RefusedWrite(YOUTH_ORDER_STALE);
  return write('youthTeams.reorderYouthTeams', (tx) => {
    const current = new Map(
      tx
        .select({ id: youthTeams.id, display_order: youthTeams.display_order })
        .from(youthTeams)
        .where(inArray(youthTeams.id, ids))
        .all()
        .map((r) => [r.id, r.display_order]),
    );
    if (current.size !== ids.length) throw new RefusedWrite(YOUTH_ORDER_STALE);
    const changes: Change[] = [];
    ids.forEach((id, index) => {
      if (current.get(id) === index) return;
      tx.update(youthTeams).set({ display_order: index }).where(eq(youthTeams.id, id)).run();
      changes.push(...changed(id));
    });
    return { changes };
  }, db);
}
