// User management (admin-area.md §2 'benutzer', §5, §6, §8): list, add and remove
// roles, delete (the invitations: invitations.ts). Every rule is enforced here, whatever the UI shows:
// nobody deletes themselves or a superadmin, and the last superadmin keeps the role.
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { ROLE_LABELS, USER_TEXTS, type Role, type UserListEntry } from '../../lib/schemas/user';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { media, profiles, sessions, totpFactors, userRoles, users } from '../db/schema';
import { superadminCount } from '../auth/users';
import { recordAudit, type Actor } from '../audit/audit-log';
import { AUDIT_TEXTS } from '../../lib/schemas/audit';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A rule of user management was broken; the message is for the toast. */
export class UserRuleError extends Error {
  constructor(
    message: string,
    readonly code: 'NOT_FOUND' | 'CONFLICT' | 'BAD_REQUEST' | 'INTERNAL_SERVER_ERROR' | 'SERVICE_UNAVAILABLE' = 'BAD_REQUEST',
    /** the cause alone, where the message says more around it (a log names it) */
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** Profiles with their roles, newest first (admin-area.md §7). */
export function listUsers(db: Db): UserListEntry[] {
  const rows = db
    .select({ id: profiles.user_id, email: profiles.email, createdAt: profiles.created_at, passwordHash: users.passwordHash })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.user_id))
    .orderBy(desc(profiles.created_at), desc(profiles.email))
    .all();
  const roles = new Map<string, Role[]>();
  for (const r of db.select({ userId: userRoles.user_id, role: userRoles.role }).from(userRoles).all()) {
    roles.set(r.userId, [...(roles.get(r.userId) ?? []), r.role]);
  }
  const order = Object.keys(ROLE_LABELS) as Role[];
  const withFactor = new Set(
    db.select({ userId: totpFactors.userId }).from(totpFactors).where(isNotNull(totpFactors.confirmedAt)).all().map((r) => r.userId),
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    createdAt: r.createdAt,
    roles: (roles.get(r.id) ?? []).sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    pending: r.passwordHash === null,
    secondFactor: withFactor.has(r.id),
  }));
}

function requireUser(db: Db | Tx, userId: string) {
  const user = db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).get();
  if (!user) throw new UserRuleError(USER_TEXTS.userNotFound, 'NOT_FOUND');
  return user;
}

export function addRole(db: Db, userId: string, role: Role, actor?: Actor): void {
  write('user.addRole', (tx) => {
    const user = requireUser(tx, userId);
    const inserted = tx.insert(userRoles).values({ user_id: userId, role }).onConflictDoNothing().run();
    if (inserted.changes === 0) throw new UserRuleError(USER_TEXTS.alreadyHasRole, 'CONFLICT');
    recordAudit(tx, { action: 'role.add', actor, entity: 'users', rowId: userId, detail: AUDIT_TEXTS.role(ROLE_LABELS[role], user.email) });
  }, db);
}

/** Whether the user can sign in (a password set). */
function canSignIn(tx: Db | Tx, userId: string): boolean {
  return tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNotNull(users.passwordHash))).get() !== undefined;
}

/** The superadmins other than `userId` who can sign in (a password set). */
function otherSignInSuperadmins(tx: Db | Tx, userId: string): number {
  return tx
    .select({ id: users.id })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.user_id))
    .where(and(eq(userRoles.role, 'superadmin'), ne(users.id, userId), isNotNull(users.passwordHash)))
    .all().length;
}

/**
 * Removes a role; the last superadmin keeps theirs (checked inside the same
 * transaction). The user's sessions end with it, at once: a session must not
 * keep rights its user no longer has (the acting superadmin's own session
 * stays when they change their own roles).
 */
export function removeRole(db: Db, userId: string, role: Role, keepSessionId?: string, actor?: Actor): void {
  write('user.removeRole', (tx) => {
    const user = requireUser(tx, userId);
    if (role === 'superadmin') {
      const holds = tx
        .select({ id: userRoles.id })
        .from(userRoles)
        .where(and(eq(userRoles.user_id, userId), eq(userRoles.role, 'superadmin')))
        .get();
      // one who can sign in stays: a superadmin invited and never signed in (a mistyped address) counted, and the
      // one who could gave the role up; nobody could sign in as superadmin, nor delete the invited one
      if (holds && (superadminCount(tx) <= 1 || (canSignIn(tx, userId) && otherSignInSuperadmins(tx, userId) === 0))) {
        throw new UserRuleError(USER_TEXTS.lastSuperadmin, 'CONFLICT');
      }
    }
    const removed = tx.delete(userRoles).where(and(eq(userRoles.user_id, userId), eq(userRoles.role, role))).run();
    if (removed.changes === 0) throw new UserRuleError(USER_TEXTS.doesNotHaveRole, 'CONFLICT');
    recordAudit(tx, { action: 'role.remove', actor, entity: 'users', rowId: userId, detail: AUDIT_TEXTS.role(ROLE_LABELS[role], user.email) });
    tx.delete(sessions)
      .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId))
      .run();
  }, db);
}

/** Deletes a user with profile, roles, sessions and links; never oneself, never a superadmin. */
export function deleteUser(db: Db, userId: string, actingUserId: string): { email: string } {
  return write('user.delete', (tx) => {
    if (userId === actingUserId) throw new UserRuleError(USER_TEXTS.cannotDeleteSelf, 'BAD_REQUEST');
    const user = requireUser(tx, userId);
    const isSuperadmin = tx
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(and(eq(userRoles.user_id, userId), eq(userRoles.role, 'superadmin')))
      .get();
    if (isSuperadmin) throw new UserRuleError(USER_TEXTS.superadminNotDeletable, 'BAD_REQUEST');
    // profiles, roles, sessions and links go with the user (ON DELETE CASCADE); news keep their text
    tx.delete(users).where(eq(users.id, userId)).run();
    // the library named the uploader by address on every image, for good after the account was gone
    tx.update(media).set({ uploaded_by: null }).where(sql`lower(trim(${media.uploaded_by})) = ${user.email.trim().toLowerCase()}`).run();
    const actor = tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, actingUserId)).get();
    recordAudit(tx, { action: 'user.delete', actor, entity: 'users', rowId: userId, detail: AUDIT_TEXTS.deletedUser(user.email) });
    return { email: user.email };
  }, db);
}
