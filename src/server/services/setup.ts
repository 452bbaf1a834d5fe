// Completing the first-superadmin set-up link.
import { SETUP_TEXTS, type SetupInput } from '../../lib/schemas/auth';
import type { Db } from '../db/client';
import { PASSWORD_MESSAGES, passwordProblem } from '../auth/password';
import { createSession } from '../auth/session';
import { consumeToken, peekToken } from '../auth/tokens';
import { createUser, findUserByEmail, isEmail, normaliseEmail, superadminCount } from '../auth/users';

export type SetupResult =
  | { ok: true; sessionToken: string; expiresAt: number }
  | { ok: false; message: string; linkInvalid?: boolean };

/** True while the link may still create the first superadmin. */
export function setupLinkValid(db: Db, token: string): boolean {
  return peekToken(db, token, 'setup') !== null && superadminCount(db) === 0;
}

export async function completeSetup(db: Db, input: SetupInput): Promise<SetupResult> {
  if (!setupLinkValid(db, input.token)) return { ok: false, message: SETUP_TEXTS.invalidLink, linkInvalid: true };
  const email = normaliseEmail(input.email);
  if (!isEmail(email)) return { ok: false, message: 'Bitte gib eine gültige E-Mail-Adresse ein.' };
  const problem = passwordProblem(input.password, db);
  if (problem) return { ok: false, message: problem };
  if (input.password !== input.confirm) return { ok: false, message: PASSWORD_MESSAGES.mismatch };
  if (findUserByEmail(db, email)) return { ok: false, message: SETUP_TEXTS.emailTaken };
  if (!consumeToken(db, input.token, 'setup')) return { ok: false, message: SETUP_TEXTS.invalidLink, linkInvalid: true };
  const user = await createUser(db, { email, password: input.password, roles: ['superadmin'] });
  const { token, session } = createSession(db, user.id);
  return { ok: true, sessionToken: token, expiresAt: session.expiresAt };
}
