// Completing the first-superadmin set-up link.
import type { Db } from '../db/client';
import { PASSWORD_MESSAGES, passwordProblem } from '../auth/password';
import { createSession } from '../auth/session';
import { consumeToken, peekToken } from '../auth/tokens';
import { createUser, findUserByEmail, isEmail, normaliseEmail, superadminCount } from '../auth/users';

export type SetupResult = { ok: true; sessionToken: string; expiresAt: number } | { ok: false; message: string };

export async function completeSetup(
  db: Db,
  input: { token: string; email: string; password: string; confirm: string },
): Promise<SetupResult> {
  if (!peekToken(db, input.token, 'setup') || superadminCount(db) > 0) {
    return { ok: false, message: 'Der Einrichtungs-Link ist ungültig oder abgelaufen.' };
  }
  const email = normaliseEmail(input.email);
  if (!isEmail(email)) return { ok: false, message: 'Bitte gib eine gültige E-Mail-Adresse ein.' };
  const problem = passwordProblem(input.password);
  if (problem) return { ok: false, message: problem };
  if (input.password !== input.confirm) return { ok: false, message: PASSWORD_MESSAGES.mismatch };
  if (findUserByEmail(db, email)) return { ok: false, message: 'Diese E-Mail-Adresse ist bereits vergeben.' };
  if (!consumeToken(db, input.token, 'setup')) return { ok: false, message: 'Der Einrichtungs-Link ist ungültig oder abgelaufen.' };
  const user = await createUser(db, { email, password: input.password, roles: ['superadmin'] });
  const { token, session } = createSession(db, user.id);
  return { ok: true, sessionToken: token, expiresAt: session.expiresAt };
}
