// Invitations (admin-area.md §6 'Benutzer einladen'; decision 073): the account, its link and the mail, a
// mail server that answers slowly, and the invitations still going out when the server stops.
import { and, eq, exists, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { USER_TEXTS } from '../../lib/schemas/user';
import { AUDIT_TEXTS } from '../../lib/schemas/audit';
import { clubIdentityIn } from '../content/club';
import { config } from '../config';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { oneTimeTokens, userRoles, users } from '../db/schema';
import { hashToken } from '../auth/session';
import { TOKEN_TTL_MS, createOneTimeToken, voidOlderTokens } from '../auth/tokens';
import { createUser, findUserByEmail, normaliseEmail } from '../auth/users';
import { MAIL_CAUSES_NOT_TEMPORARY, mailFailureCause, sendMail, type MailFailureCause } from '../mail/mailer';
import { actorOf, recordAudit, type Actor } from '../audit/audit-log';
import { passwordLink } from './auth';
import { forgetMailGoingOut, keepMailGoingOut } from './invitation-mails';
import { UserRuleError } from './users';

function invitationMail(email: string, token: string, club: string) {
  const days = TOKEN_TTL_MS.invite / (24 * 60 * 60 * 1000);
  return {
    to: email,
    purpose: 'invitation' as const,
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

/** An invitation whose mail is going out: one per address at a time, per database (its owning process sends them all). */
type GoingOut = {
  userId: string | null;
  /** its link's token as stored (its row in invitation_mails_going_out) */
  tokenId: string | null;
  actor?: Actor;
  /** the admin's request waits for its answer: a failure is told there, not in the Protokoll */
  adminWaits: boolean;
  /** resolved when it is settled (sent or taken back, and said in the Protokoll where needed) */
  ended: Promise<void>;
  /** a graceful stop recorded it as interrupted: what the mail does after that is not settled any more */
  interrupted: boolean;
};
// on globalThis (as the connections are, db/client.ts): the invitation is sent by the Astro build's copy of
// this module, and the graceful stop (app.ts) asks the server's own copy
const GOING_OUT_KEY = Symbol.for('anstoss.invitationsGoingOut');
const goingOutIn: WeakMap<Db, Map<string, GoingOut>> = ((globalThis as Record<symbol, unknown>)[GOING_OUT_KEY] as WeakMap<Db, Map<string, GoingOut>>) ?? new WeakMap();
(globalThis as Record<symbol, unknown>)[GOING_OUT_KEY] = goingOutIn;
function goingOut(db: Db): Map<string, GoingOut> {
  let invitations = goingOutIn.get(db);
  if (!invitations) goingOutIn.set(db, (invitations = new Map()));
  return invitations;
}

/**
 * Creates the user (role 'Benutzer') and sends the invitation whose link sets the
 * first password. Inviting someone whose invitation is still open sends a new
 * link and, once it is sent, voids the older ones. If the e-mail cannot be sent,
 * only what this call made is taken back (its link; the user it created, unless a
 * password set meanwhile keeps it): the invitation can simply be repeated, and a
 * link the person has already keeps working.
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
  // the admin who invites, taken now: the Protokoll's entry of a mail that ends at a graceful stop is written
  // outside their action
  const by = actorOf(actor);
  const invitations = goingOut(db);
  // one invitation's mail at a time per address: a second one sent meanwhile voided the first one's link, whose
  // mail then came after it with a dead link; both failing left an account nobody could sign in to
  if (invitations.has(email)) throw new UserRuleError(USER_TEXTS.inviteUnderWay, 'CONFLICT');
  const existing = findUserByEmail(db, email);
  if (existing?.passwordHash) throw new UserRuleError(USER_TEXTS.userExists, 'CONFLICT');
  let ended = () => {};
  const invitation: GoingOut = { userId: null, tokenId: null, actor: by, adminWaits: true, ended: new Promise<void>((resolve) => (ended = resolve)), interrupted: false };
  invitations.set(email, invitation);
  const leave = () => {
    invitations.delete(email);
    ended();
  };
  let user: { id: string; email: string };
  let token: string;
  try {
    user = existing ? { id: existing.id, email: existing.email } : await createUser(db, { email, roles: ['user'] });
    const userId = user.id;
    // kept in the database while its mail goes out: a killed process's is said at the next start
    token = write(
      'user.inviteSending',
      (tx) => {
        const made = createOneTimeToken(tx, 'invite', userId);
        keepMailGoingOut(tx, { tokenId: hashToken(made), email, userId, by });
        return made;
      },
      db,
    );
    invitation.userId = user.id;
    invitation.tokenId = hashToken(token);
  } catch (error) {
    leave();
    throw error;
  }
  // the club as saved in this database (the import invites before any page is rendered); a mail that cannot
  // even be written is a failed send, taken back as one
  const settled = Promise.resolve()
    .then(() => send(invitationMail(user.email, token, clubIdentityIn(db).longName)))
    .then(
      () => ({ failed: false as const }),
      (error: unknown) => ({ failed: true as const, error }),
    )
    .then((outcome) => {
      try {
        if (invitation.interrupted) return null;
        // how it ended and its row dropped in one write: a row left means it was not said (a kill, a full disk)
        return write(
          'user.inviteSettle',
          (tx) => {
            const cause = settleSend(tx, user, token, !existing, outcome, by);
            // the admin was told it is still under way: the Protokoll says how it ended (a sent one as always)
            if (cause !== null && !invitation.adminWaits) {
              recordAudit(tx, { action: 'user.inviteFailed', actor: by, entity: 'users', rowId: user.id, detail: AUDIT_TEXTS.inviteFailed(user.email, USER_TEXTS.inviteNotSentReason[cause]) });
            }
            forgetMailGoingOut(tx, hashToken(token));
            return cause;
          },
          db,
        );
      } finally {
        leave();
      }
    });
  let timer: NodeJS.Timeout | undefined;
  const deadline = answerWithinMs === null ? [] : [new Promise<'waiting'>((resolve) => (timer = setTimeout(resolve, answerWithinMs, 'waiting')))];
  let answered: MailFailureCause | null | 'waiting';
  try {
    answered = await Promise.race([settled, ...deadline]);
  } finally {
    clearTimeout(timer);
  }
  if (answered === 'waiting') {
    invitation.adminWaits = false;
    // the admin was answered long ago: the log is where a failure to settle can go
    settled.catch((error: unknown) => console.error(`[mail] the invitation to ${user.email} could not be settled:`, error));
    return { ...user, stillSending: true };
  }
  if (answered !== null) {
    const reason = USER_TEXTS.inviteNotSentReason[answered];
    throw new UserRuleError(USER_TEXTS.inviteNotSent(reason, !MAIL_CAUSES_NOT_TEMPORARY.has(answered)), 'SERVICE_UNAVAILABLE', reason);
  }
  return { ...user, stillSending: false };
}

/** Settles a mail that ended: sent, the older links go; failed, what the invitation made is taken back and the cause returned. */
function settleSend(
  db: Db,
  user: { id: string; email: string },
  token: string,
  created: boolean,
  outcome: { failed: false } | { failed: true; error: unknown },
  actor: Actor | undefined,
): MailFailureCause | null {
  if (outcome.failed) {
    console.error(`[mail] invitation to ${user.email} failed:`, outcome.error);
    write('user.inviteUndo', (tx) => undoInvitation(tx, user.id, token, created), db);
    return mailFailureCause(outcome.error);
  }
  try {
    voidOlderTokens(db, 'invite', user.id, token);
  } catch (error) {
    // the invitation is out and its link works; an older one still works as well, until it expires
    console.error(`[mail] the earlier invitations of ${user.email} could not be voided:`, error);
  }
  recordAudit(db, { action: 'user.invite', actor, entity: 'users', rowId: user.id, detail: AUDIT_TEXTS.invited(user.email) });
  return null;
}

/**
 * A graceful stop, once its requests are drained: no admin waits for an answer any more (a request the drain
 * cut heard nothing), so each invitation still going out is said in the Protokoll however it ends. Resolves
 * when all have ended; the stop waits for that within its grace.
 */
export function invitationsAtStop(db: Db): Promise<void> {
  const invitations = [...goingOut(db).values()];
  for (const invitation of invitations) invitation.adminWaits = false;
  return Promise.all(invitations.map((invitation) => invitation.ended)).then(() => undefined);
}

/**
 * A graceful stop's last word on the invitations still going out after its grace: whether their mail arrives
 * is unknown, so their link and account stay (a link that arrived works; one that did not can be sent again),
 * and the Protokoll says so. Returns their addresses for the log.
 */
export function recordInvitationsInterrupted(db: Db): string[] {
  const addresses: string[] = [];
  for (const [email, invitation] of goingOut(db)) {
    if (invitation.interrupted || invitation.userId === null || invitation.tokenId === null) continue;
    invitation.interrupted = true;
    const { userId, tokenId } = invitation;
    try {
      write(
        'user.inviteInterrupted',
        (tx) => {
          recordAudit(tx, { action: 'user.inviteInterrupted', actor: invitation.actor, entity: 'users', rowId: userId, detail: AUDIT_TEXTS.inviteInterrupted(email) });
          forgetMailGoingOut(tx, tokenId);
        },
        db,
      );
      // only what the Protokoll holds: the stop's log names these as recorded there
      addresses.push(email);
    } catch (error) {
      // its row stays: the next start says it
      console.error(`[mail] the interrupted invitation to ${email} could not be recorded:`, error);
    }
  }
  return addresses;
}

/**
 * Takes back what a failed invitation made: its link, and the user it created while nothing else holds it (a
 * password set meanwhile, another open link of theirs, or a role beyond 'user' a superadmin gave while the mail
 * was slow: the undo deleted such an account with its roles, a superadmin among them, unlogged).
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
        or(
          isNotNull(users.passwordHash),
          exists(tx.select().from(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)))),
          exists(tx.select().from(userRoles).where(and(eq(userRoles.user_id, userId), ne(userRoles.role, 'user')))),
        ),
      ),
    )
    .get();
  if (!held) tx.delete(users).where(eq(users.id, userId)).run();
}
