import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../db/test-db';
import type { Db } from '../../db/client';
import { CONTACT_ADMIN_TEXTS, contactKind, contactPersonSchema, contactSchema } from '../../../lib/schemas/contact';
import { contactChange, createContact, deleteContact, listContacts, saveClubAddress, updateContact } from './contacts';
import { affectedUrls } from '../../publish/affected-urls';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

describe('contacts service', () => {
  it('creates, lists by creation, updates and deletes contacts', async () => {
    const a = createContact(contactSchema.parse({ name: 'Maria Huber', role: 'Obfrau', email: 'maria@verein.at' }), db);
    await new Promise((r) => setTimeout(r, 3));
    createContact(contactSchema.parse({ name: 'Karl Gruber', role: 'Funktionär', office_hours: 'Kassier' }), db);
    expect(listContacts(db).map((c) => c.name)).toEqual(['Maria Huber', 'Karl Gruber']);
    expect(updateContact(a.id, contactSchema.parse({ name: 'Maria Huber-Lang', role: 'Obfrau' }), db)).toMatchObject({
      name: 'Maria Huber-Lang',
      email: null,
    });
    expect(deleteContact(a.id, db)?.id).toBe(a.id);
    expect(deleteContact(a.id, db)).toBeNull();
  });

  it('keeps one club address: the first save creates it, later saves update it', () => {
    const first = saveClubAddress(contactSchema.parse({ name: 'SV Kirchberg', address: 'Sportplatzweg 1', office_hours: 'https://sv.at' }), db);
    expect(first.created).toBe(true);
    expect(first.row.role).toBe('Vereinsadresse');
    const second = saveClubAddress(contactSchema.parse({ name: 'SV Kirchberg an der Raab', role: 'egal' }), db);
    expect(second).toMatchObject({ created: false, row: { id: first.row.id, role: 'Vereinsadresse', address: null } });
    expect(listContacts(db)).toHaveLength(1);
  });

  it("refuses the club address's role for any other record: it would be stored and shown nowhere", () => {
    const address = saveClubAddress(contactSchema.parse({ name: 'SV Kirchberg' }), db).row;
    expect(() => createContact(contactSchema.parse({ name: 'Maria Platzwart', role: ' Vereinsadresse ' }), db)).toThrow(CONTACT_ADMIN_TEXTS.clubAddressRole);
    const person = createContact(contactSchema.parse({ name: 'Maria Platzwart', role: 'Platzwartin' }), db);
    expect(() => updateContact(person.id, contactSchema.parse({ name: 'Maria Platzwart', role: 'Vereinsadresse' }), db)).toThrow(
      CONTACT_ADMIN_TEXTS.clubAddressRole,
    );
    expect(listContacts(db).map((c) => [c.id, c.role])).toEqual([
      [address.id, 'Vereinsadresse'],
      [person.id, 'Platzwartin'],
    ]);
    // the person form says so on the field, for the officials' role too
    const issues = (role: string) => contactPersonSchema.safeParse({ name: 'Maria', role }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues('Vereinsadresse')).toEqual([['role', CONTACT_ADMIN_TEXTS.clubAddressRole]]);
    expect(issues('Funktionär')).toEqual([['role', CONTACT_ADMIN_TEXTS.officialRole]]);
    expect(issues('Obfrau')).toBeUndefined();
  });

  it('sorts roles into club address, officials and contact persons', () => {
    expect(contactKind('Vereinsadresse')).toBe('clubAddress');
    expect(contactKind(' Funktionär ')).toBe('official');
    expect(contactKind('Obmann')).toBe('person');
    expect(contactKind(null)).toBe('person');
  });

  it('a change republishes /kontakt, /nachwuchs (youth teams show their contact), the legal pages (a renamed club\'s address, decision 055) and the membership page (its form names the club address\'s e-mail without JavaScript)', () => {
    expect(affectedUrls(db, [contactChange('x')]).sort()).toEqual(['/datenschutz', '/impressum', '/kontakt', '/mitglied-werden', '/nachwuchs']);
  });
});

describe('contact schema', () => {
  const messages = (input: unknown) => {
    const r = contactSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('requires a name and a real e-mail address when one is given', () => {
    expect(messages({ name: '' })).toEqual(['name: Bitte füllen Sie alle Pflichtfelder aus']);
    expect(messages({ name: 'A', email: 'javascript:alert(1)' })).toEqual(['email: Bitte eine gültige E-Mail-Adresse eingeben.']);
    expect(contactSchema.parse({ name: 'A', email: '' }).email).toBeNull();
  });
});
