// contact_info for the admin (admin-area.md §7): all ordered by created_at,
// insert, update, delete. The club address is one record with the role
// 'Vereinsadresse': saving it updates that record or creates it.
import { asc, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { RefusedWrite, write } from '../../db/write';
import { contactInfo } from '../../db/schema';
import type { Change } from '../../publish/routes';
import { CONTACT_ROLES, contactKind, reservedRoleMessage, type ContactData } from '../../../lib/schemas/contact';

export type ContactRow = typeof contactInfo.$inferSelect;

export function listContacts(db: Db = getDb()): ContactRow[] {
  return db.select().from(contactInfo).orderBy(asc(contactInfo.created_at), asc(sql`rowid`)).all();
}

/**
 * The club address is saved by saveClubAddress only: a second record with its
 * role would be stored and then shown nowhere (/kontakt and the admin show the first).
 */
function refuseClubAddressRole(input: ContactData): void {
  if (contactKind(input.role) === 'clubAddress') throw new RefusedWrite(reservedRoleMessage('clubAddress'), 'BAD_REQUEST');
}

export function createContact(input: ContactData, db: Db = getDb()): ContactRow {
  return write(
    'contacts.createContact',
    () => {
      refuseClubAddressRole(input);
      return db.insert(contactInfo).values(input).returning().get();
    },
    db,
  );
}

export function updateContact(id: string, input: ContactData, db: Db = getDb()): ContactRow | null {
  return write(
    'contacts.updateContact',
    () => {
      refuseClubAddressRole(input);
      return db.update(contactInfo).set(input).where(eq(contactInfo.id, id)).returning().get() ?? null;
    },
    db,
  );
}

export function deleteContact(id: string, db: Db = getDb()): ContactRow | null {
  return write(
    'contacts.deleteContact',
    () => {
      return db.delete(contactInfo).where(eq(contactInfo.id, id)).returning().get() ?? null;
    },
    db,
  );
}

/** The club address: the first record with the role 'Vereinsadresse' (what /kontakt shows) is updated, or one is created. */
/** The club address's record (the first one, should there be two), or null before it is first saved. */
export function clubAddressRow(db: Db = getDb()): ContactRow | null {
  return (
    db
      .select()
      .from(contactInfo)
      .where(sql`trim(${contactInfo.role}) = ${CONTACT_ROLES.clubAddress}`)
      .orderBy(asc(contactInfo.created_at), asc(sql`rowid`))
      .get() ?? null
  );
}

export function saveClubAddress(input: ContactData, db: Db = getDb()): { row: ContactRow; created: boolean } {
  return write('contacts.saveClubAddress', (tx) => {
    const values = { ...input, role: CONTACT_ROLES.clubAddress };
    const existing = clubAddressRow(tx);
    if (existing) {
      const row = tx.update(contactInfo).set(values).where(eq(contactInfo.id, existing.id)).returning().get();
      return { row, created: false };
    }
    return { row: tx.insert(contactInfo).values(values).returning().get(), created: true };
  }, db);
}

export const contactChange = (id: string): Change => ({ table: 'contact_info', key: id });
