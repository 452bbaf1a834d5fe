import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import { media, news, profiles, sessions, totpFactors, userRoles, users } from '../db/schema';
import { createSession } from '../auth/session';
import { createUser } from '../auth/users';
import { addRole, deleteUser, listUsers, removeRole } from './users';
import { rolesOf, rule } from './test-users';

describe('listUsers', () => {
  it('lists e-mail, creation date and roles, newest first, and marks open invitations and a second factor in force', async () => {
    const db = createTestDb();
    const a = await createUser(db, { email: 'alt@verein.at', password: 'Passwort-alt-1', roles: ['superadmin', 'admin'] });
    const b = await createUser(db, { email: 'neu@verein.at', roles: ['user'] });
    seed(db, () => db.update(profiles).set({ created_at: '2024-01-10T10:00:00.000Z' }).where(eq(profiles.user_id, a.id)).run());
    seed(db, () => db.update(profiles).set({ created_at: '2025-03-01T10:00:00.000Z' }).where(eq(profiles.user_id, b.id)).run());
    // a factor in force for a; one begun but never confirmed does not count
    seed(db, () => db.insert(totpFactors).values({ userId: a.id, sealedKey: 'x', confirmedAt: 1, lastStep: 0, createdAt: 1 }).run());
    seed(db, () => db.insert(totpFactors).values({ userId: b.id, sealedKey: 'x', confirmedAt: null, lastStep: 0, createdAt: 1 }).run());
    expect(listUsers(db)).toEqual([
      { id: b.id, email: 'neu@verein.at', createdAt: '2025-03-01T10:00:00.000Z', roles: ['user'], pending: true, secondFactor: false },
      { id: a.id, email: 'alt@verein.at', createdAt: '2024-01-10T10:00:00.000Z', roles: ['superadmin', 'admin'], pending: false, secondFactor: true },
    ]);
  });
});

describe('roles', () => {
  it('adds and removes roles; a role already held or not held is refused', async () => {
    const db = createTestDb();
    const u = await createUser(db, { email: 'u@verein.at', password: 'Passwort-u-123', roles: ['user'] });
    addRole(db, u.id, 'admin');
    expect(rolesOf(db, u.id)).toEqual(['admin', 'user']);
    expect(await rule(() => addRole(db, u.id, 'admin'))).toBe('Der Benutzer hat diese Rolle bereits.');
    removeRole(db, u.id, 'user');
    expect(rolesOf(db, u.id)).toEqual(['admin']);
    expect(await rule(() => removeRole(db, u.id, 'moderator'))).toBe('Der Benutzer hat diese Rolle nicht.');
    expect(await rule(() => addRole(db, 'gibt-es-nicht', 'admin'))).toBe('Benutzer nicht gefunden.');
  });

  it('removing a role ends the user\'s sessions at once; one\'s own current session stays', async () => {
    const db = createTestDb();
    const u = await createUser(db, { email: 'admin2@verein.at', password: 'Passwort-u-123', roles: ['admin'] });
    createSession(db, u.id);
    createSession(db, u.id);
    removeRole(db, u.id, 'admin');
    expect(db.select().from(sessions).where(eq(sessions.userId, u.id)).all()).toEqual([]);
    // a superadmin who gives up their admin role keeps the session they are working in
    const boss = await createUser(db, { email: 'chef@verein.at', password: 'Passwort-u-123', roles: ['superadmin', 'admin'] });
    const working = createSession(db, boss.id);
    createSession(db, boss.id);
    removeRole(db, boss.id, 'admin', working.session.id);
    expect(db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, boss.id)).all()).toEqual([{ id: working.session.id }]);
  });

  it('never lets the last superadmin lose the role, but lets one of two give it up', async () => {
    const db = createTestDb();
    const a = await createUser(db, { email: 'a@verein.at', password: 'Passwort-a-123', roles: ['superadmin'] });
    expect(await rule(() => removeRole(db, a.id, 'superadmin'))).toBe('Der letzte Superadmin kann diese Rolle nicht verlieren.');
    expect(rolesOf(db, a.id)).toEqual(['superadmin']);
    const b = await createUser(db, { email: 'b@verein.at', password: 'Passwort-b-123', roles: ['user'] });
    addRole(db, b.id, 'superadmin');
    removeRole(db, a.id, 'superadmin');
    expect(rolesOf(db, a.id)).toEqual([]);
    expect(await rule(() => removeRole(db, b.id, 'superadmin'))).toBe('Der letzte Superadmin kann diese Rolle nicht verlieren.');
  });

  it('counts only superadmins who can sign in: one invited (a mistyped address) does not let the last real one go', async () => {
    const db = createTestDb();
    const a = await createUser(db, { email: 'a@verein.at', password: 'Passwort-a-123', roles: ['superadmin'] });
    const typo = await createUser(db, { email: 'vorstand@verien.at', roles: ['user'] });
    addRole(db, typo.id, 'superadmin');
    expect(await rule(() => removeRole(db, a.id, 'superadmin'))).toBe('Der letzte Superadmin kann diese Rolle nicht verlieren.');
    expect(rolesOf(db, a.id)).toEqual(['superadmin']);
    // the invited one's role can go: a keeps theirs
    removeRole(db, typo.id, 'superadmin');
    expect(rolesOf(db, typo.id)).toEqual(['user']);
  });
});

describe('deleteUser', () => {
  it('deletes a user with profile, roles, sessions and links; their news stay without author', async () => {
    const db = createTestDb();
    const me = await createUser(db, { email: 'chef@verein.at', password: 'Passwort-chef-1', roles: ['superadmin'] });
    const u = await createUser(db, { email: 'weg@verein.at', password: 'Passwort-weg-12', roles: ['admin', 'user'] });
    createSession(db, u.id);
    const item = seed(db, () => db.insert(news).values({ title: 'Sieg', content: 'Text', author_id: u.id }).returning().get());
    expect(deleteUser(db, u.id, me.id)).toEqual({ email: 'weg@verein.at' });
    for (const table of [users, profiles]) expect(db.select().from(table).all()).toHaveLength(1);
    expect(db.select().from(userRoles).where(eq(userRoles.user_id, u.id)).all()).toHaveLength(0);
    expect(db.select().from(sessions).where(eq(sessions.userId, u.id)).all()).toHaveLength(0);
    expect(db.select().from(news).where(eq(news.id, item.id)).get()?.author_id).toBeNull();
  });

  it("the library no longer names a deleted user as an image's uploader (their address stayed on every image, for good)", async () => {
    const db = createTestDb();
    const me = await createUser(db, { email: 'chef@verein.at', password: 'Passwort-chef-1', roles: ['superadmin'] });
    const u = await createUser(db, { email: 'weg@verein.at', password: 'Passwort-weg-12', roles: ['admin'] });
    seed(db, () =>
      db.insert(media).values([
        { url: '/uploads/news/a.webp', uploaded_by: 'Weg@verein.at' },
        { url: '/uploads/news/b.webp', uploaded_by: 'chef@verein.at' },
      ]).run(),
    );
    deleteUser(db, u.id, me.id);
    expect(db.select({ url: media.url, by: media.uploaded_by }).from(media).orderBy(media.url).all()).toEqual([
      { url: '/uploads/news/a.webp', by: null },
      { url: '/uploads/news/b.webp', by: 'chef@verein.at' },
    ]);
  });

  it('refuses to delete oneself, a superadmin, or someone unknown', async () => {
    const db = createTestDb();
    const me = await createUser(db, { email: 'chef@verein.at', password: 'Passwort-chef-1', roles: ['superadmin'] });
    const other = await createUser(db, { email: 'zwei@verein.at', password: 'Passwort-zwei-1', roles: ['superadmin'] });
    const admin = await createUser(db, { email: 'admin@verein.at', password: 'Passwort-admin1', roles: ['admin'] });
    expect(await rule(() => deleteUser(db, me.id, me.id))).toBe('Sie können Ihr eigenes Konto nicht löschen.');
    expect(await rule(() => deleteUser(db, other.id, me.id))).toBe('Superadmin-Benutzer können nicht gelöscht werden');
    expect(await rule(() => deleteUser(db, admin.id, admin.id))).toBe('Sie können Ihr eigenes Konto nicht löschen.');
    expect(await rule(() => deleteUser(db, 'gibt-es-nicht', me.id))).toBe('Benutzer nicht gefunden.');
    expect(db.select().from(users).all()).toHaveLength(3);
  });
});
