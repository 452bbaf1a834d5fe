// Users, their profiles and roles. E-mail addresses are stored in lower case.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { profiles, userRoles, users } from '../db/schema';
import { hashPassword } from './password';
import type { Role } from './roles';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 320;
}

export function findUserByEmail(db: Db, email: string) {
  return db.select().from(users).where(eq(users.email, normaliseEmail(email))).get() ?? null;
}

/** Creates the user with profile and roles in one transaction; the password may come later (invitation). */
export async function createUser(
  db: Db,
  input: { email: string; password?: string; roles: Role[] },
): Promise<{ id: string; email: string }> {
  const email = normaliseEmail(input.email);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return write('user.create', (tx) => {
    const user = tx.insert(users).values({ email, passwordHash }).returning().get();
    tx.insert(profiles).values({ user_id: user.id, email }).run();
    for (const role of new Set(input.roles)) tx.insert(userRoles).values({ user_id: user.id, role }).run();
    return { id: user.id, email: user.email };
  }, db);
}

export async function setPassword(db: Db, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  write('user.setPassword', () => db.update(users).set({ passwordHash }).where(eq(users.id, userId)).run(), db);
}

/** Works inside a transaction too, for checks that must not race. */
export function superadminCount(db: Pick<Db, 'select'>): number {
  return db.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.role, 'superadmin')).all().length;
}
