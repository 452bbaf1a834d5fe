// User management (admin-area.md §2 'benutzer', §5, §6, §8): list, invite, add
// and remove roles, delete. Every rule is enforced here, whatever the UI shows:
// nobody deletes themselves or a superadmin, and the last superadmin keeps the role.
import { and, desc, eq, exists, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { ROLE_LABELS, USER_TEXTS, type Role, type UserListEntry } from '../../lib/schemas/user';
import { clubIdentityIn } from '../content/club';
import { config } from '../config';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { oneTimeTokens, profiles, sessions, totpFactors, userRoles, users } from '../db/schema';
import { hashToken } from '../auth/session';
import { TOKEN_TTL_MS, createOneTimeToken, voidOlderTokens } from '../auth/tokens';
import { createUser, findUserByEmail, normaliseEmail, superadminCount } from '../auth/users';
import { sendMail } from '../mail/mailer';
import { passwordLink } from './auth';
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

function invitationMail(email: string, token: string, club: string) {
  const days = TOKEN_TTL_MS.invite / (24 * 60 * 60 * 1000);
  return {
    to: email,
    subject: `Einladung – ${club}`,
    text: [
      'Hallo,',
      '',
      `du wurdest zur Website des ${club} eingeladen.`,
      `Über diesen Link legst du dein Passwort fest (${days} Tage gültig, nur einmal verwendbar):`,
      '',
      passwordLink(token),
      '',
      `Danach meldest du dich unter ${config.siteUrl}/auth mit dieser E-Mail-Adresse an.`,
      'Wenn du diese Einladung nicht erwartet hast, kannst du diese E-Mail ignorieren.',
    ].join('\n'),
  };
}

/**
 * Creates the user (role 'Benutzer') and sends the invitation whose link sets the
 * first password. Inviting someone whose invitation is still open sends a new
 * link and, once it is sent, voids the older ones. If the e-mail cannot be sent,
 * only what this call made is taken back (its link; the user it created, unless an
 * invitation sent meanwhile or a password keeps it): the invitation can simply be
 * repeated, and a link the person has already keeps working.
 *
 * A mail server that answers each step slowly (not silently: each within its timeout) can take minutes:
 * after `answerWithinMs` the call answers `stillSending` and the mail goes on; what it sent or failed is
 * settled then as it would have been (the proxy in front would have answered 504 for a mail still going out).
 * `null`: wait for the mail (the import on the command line, which has no proxy and may exit after it).
 */
export async function inviteUser(
  db: Db,
  rawEmail: string,
  send: typeof sendMail = sendMail,
  actor?: Actor,
  answerWithinMs: number | null = config.mailAnswerWithinMs,
): Promise<{ id: string; email: string; stillSending: boolean }> {
  const email = normaliseEmail(rawEmail);
  const invitationsUnderWay = underWayIn(db);
  // one invitation's mail at a time per address: a second one sent meanwhile voided the first one's link, whose
  // mail then came after it with a dead link; both failing left an account nobody could sign in to
  if (invitationsUnderWay.has(email)) throw new UserRuleError(USER_TEXTS.inviteUnderWay, 'CONFLICT');
  const existing = findUserByEmail(db, email);
  if (existing?.passwordHash) throw new UserRuleError(USER_TEXTS.userExists, 'CONFLICT');
  invitationsUnderWay.add(email);
  let user: { id: string; email: string };
  let token: string;
  try {
    user = existing ? { id: existing.id, email: existing.email } : await createUser(db, { email, roles: ['user'] });
    token = createOneTimeToken(db, 'invite', user.id);
  } catch (error) {
    invitationsUnderWay.delete(email);
    throw error;
  }
  // the club as saved in this database (the import invites before any page is rendered); a mail that cannot
  // even be written is a failed send, taken back as one
  const sending = Promise.resolve()
    .then(() => send(invitationMail(user.email, token, clubIdentityIn(db).longName)))
    .then(
      () => ({ failed: false as const }),
      (error: unknown) => ({ failed: true as const, error }),
    );
  const settle = (outcome: Awaited<typeof sending>) => {
    try {
      return settleSend(outcome);
    } finally {
      invitationsUnderWay.delete(email);
    }
  };
  const settleSend = (outcome: Awaited<typeof sending>) => {
    if (outcome.failed) {
      console.error(`[mail] invitation to ${user.email} failed:`, outcome.error);
      write('user.inviteUndo', (tx) => undoInvitation(tx, user.id, token, !existing), db);
      return USER_TEXTS.inviteNotSentReason[mailFailureCause(outcome.error)];
    }
    try {
      voidOlderTokens(db, 'invite', user.id, token);
    } catch (error) {
      // the invitation is out and its link works; an older one still works as well, until it expires
      console.error(`[mail] the earlier invitations of ${user.email} could not be voided:`, error);
    }
    recordAudit(db, { action: 'user.invite', actor, entity: 'users', rowId: user.id, detail: AUDIT_TEXTS.invited(user.email) });
    return null;
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = answerWithinMs === null ? [] : [new Promise<'waiting'>((resolve) => (timer = setTimeout(resolve, answerWithinMs, 'waiting')))];
  const answered = await Promise.race([sending, ...deadline]);
  clearTimeout(timer);
  if (answered === 'waiting') {
    void sending.then((outcome) => {
      try {
        // the admin was told it is still under way: the Protokoll says how it ended (a sent one as always)
        const reason = settle(outcome);
        if (reason !== null) recordAudit(db, { action: 'user.inviteFailed', actor, entity: 'users', rowId: user.id, detail: AUDIT_TEXTS.inviteFailed(user.email, reason) });
      } catch (error) {
        // the admin was answered long ago: the log is where this can go
        console.error(`[mail] the invitation to ${user.email} could not be settled:`, error);
      }
    });
    return { ...user, stillSending: true };
  }
  const reason = settle(answered);
  if (reason !== null) throw new UserRuleError(USER_TEXTS.inviteNotSent(reason), 'SERVICE_UNAVAILABLE', reason);
  return { ...user, stillSending: false };
}

/** The addresses whose invitation is going out now, per database (one process sends them all: the one owning it). */
const invitationsUnderWayIn = new WeakMap<Db, Set<string>>();
function underWayIn(db: Db): Set<string> {
  let addresses = invitationsUnderWayIn.get(db);
  if (!addresses) invitationsUnderWayIn.set(db, (addresses = new Set()));
  return addresses;
}

/**
 * Takes back what a failed invitation made: its link, and the user it created while nothing else holds it (a
 * second invitation sent meanwhile, after the admin's first one hung, or a password set).
 */
function undoInvitation(tx: Db, userId: string, token: string, created: boolean): void {
  tx.delete(oneTimeTokens).where(eq(oneTimeTokens.id, hashToken(token))).run();
  if (!created) return;
  const held = tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        or(isNotNull(users.passwordHash), exists(tx.select().from(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt))))),
      ),
    )
    .get();
  if (!held) tx.delete(users).where(eq(users.id, userId)).run();
}

/** Why a mail did not go: the mail server (SMTP), or the outbox folder on a full or failing disk. */
function mailFailureCause(error: unknown): 'smtp' | 'outbox-full' | 'outbox' {
  if (config.smtpUrl) return 'smtp';
  const code = (error as { code?: unknown })?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' ? 'outbox-full' : 'outbox';
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

/**
 * Removes a role; the last superadmin keeps theirs (checked inside the same
 * transaction). The user's sessions end with it, at once: a session must not
 * keep rights its user no longer has (the acting superadmin's own session
 * stays when they change their own roles).
 */
export function removeRole(db: Db, userId: string, role: Role, keepSessionId?: string, actor?: Actor): void {
  write('user.removeRole', (tx) => {
    const user = requireUser(tx, userId);
    if (role === 'superadmin' && superadminCount(tx) <= 1) {
      const holds = tx
        .select({ id: userRoles.id })
        .from(userRoles)
        .where(and(eq(userRoles.user_id, userId), eq(userRoles.role, 'superadmin')))
        .get();
      if (holds) throw new UserRuleError(USER_TEXTS.lastSuperadmin, 'CONFLICT');
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
    const actor = tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, actingUserId)).get();
    recordAudit(tx, { action: 'user.delete', actor, entity: 'users', rowId: userId, detail: AUDIT_TEXTS.deletedUser(user.email) });
    return { email: user.email };
  }, db);
}
