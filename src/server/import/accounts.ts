// The old app's profiles and roles as our accounts (decision 020). An account the import makes has no password
// (an invitation sets it) and takes the old app's roles and e-mail changes until it is used here (a password
// set, a role given here). An account that was here before,
// found by its e-mail, is the club's own: the old data (whoever wrote it or hands over its export) adds no role
// to it and changes no address of it, or a crafted export could make a fan a superadmin, or redirect an
// invitation an admin sent here (a security review).
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { IMPORT_TEXTS as T } from './texts';
import type { ImportReport, TableReport } from './run';

/** Our account for an old profile, and whether the import made it (only then the old data may change it). */
export type StoredAccount = { id: string; madeByImport: boolean };

/** Whether the import made this account (a profile mapped before this was kept counts as found here). */
function madeByImport(sql: Database, userId: string): boolean {
  return sql.prepare("SELECT 1 FROM import_map WHERE source_table = 'profiles' AND target_id = ? AND made_by_import = 1").get(userId) !== undefined;
}

/**
 * Whether the account is used here since the import made it: its person set a password, or a superadmin gave it a
 * role the import did not (the old data then decides no more about it: its new roles and address are refused).
 */
function usedHere(sql: Database, userId: string): boolean {
  const user = sql.prepare('SELECT password_hash FROM users WHERE id = ?').get(userId) as { password_hash: string | null } | undefined;
  if (!user || user.password_hash !== null) return true;
  const givenHere = `SELECT 1 FROM user_roles r WHERE r.user_id = ?
    AND NOT EXISTS (SELECT 1 FROM import_map m WHERE m.source_table = 'user_roles' AND m.target_id = r.user_id || ':' || r.role)`;
  return sql.prepare(givenHere).get(userId) !== undefined;
}

/**
 * A user without a password (an invitation sets it); an existing account with the e-mail is kept as it is.
 * An e-mail changed in the old app since is followed by the account an earlier run made, not made a second one.
 */
export function storeAccount(sql: Database, row: Record<string, unknown>, existing: string | null, out: TableReport, report: ImportReport): StoredAccount {
  const email = String(row.email);
  const found = (sql.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string } | undefined)?.id;
  if (existing) {
    const made = madeByImport(sql, existing);
    if (found === existing) return { id: existing, madeByImport: made };
    const account = sql.prepare('SELECT email, password_hash FROM users WHERE id = ?').get(existing) as { email: string; password_hash: string | null };
    // an account made here is its admin's to change; one used here since (a password, a role given here) signs
    // in with the address its person knows and may hold a role the old data would take over; another account's
    // address stays its own
    const inUse = made && usedHere(sql, existing);
    if (!made) out.warnings.push(T.emailKeptMadeHere(account.email, email));
    else if (inUse) out.warnings.push(T.emailKeptInUse(account.email, email));
    else if (found) out.warnings.push(T.emailKept(account.email, email));
    if (!made || found || inUse) return { id: existing, madeByImport: made };
    sql.prepare('UPDATE users SET email = ? WHERE id = ?').run(email, existing);
    sql.prepare('UPDATE profiles SET email = ? WHERE user_id = ?').run(email, existing);
    // a link sent to the old address is no longer theirs to use; the next --invite writes to the new one
    sql.prepare('DELETE FROM one_time_tokens WHERE user_id = ? AND used_at IS NULL').run(existing);
    out.warnings.push(T.emailFollowed(account.email, email));
    return { id: existing, madeByImport: true };
  }
  if (found) {
    report.users.push({ id: found, email, isNew: false });
    return { id: found, madeByImport: madeByImport(sql, found) };
  }
  const id = randomUUID();
  const created = typeof row.created_at === 'string' ? row.created_at : new Date().toISOString();
  sql.prepare('INSERT INTO users (id, email, password_hash) VALUES (?, ?, NULL)').run(id, email);
  sql.prepare('INSERT INTO profiles (user_id, email, created_at) VALUES (?, ?, ?)').run(id, email, created);
  report.users.push({ id, email, isNew: true });
  return { id, madeByImport: true };
}

/**
 * Why an old role is not given to our account, or null when it may be: an account that was here before, or that
 * is used here since the import made it, gets none it does not have (its roles are a superadmin's to give under
 * 'Benutzer').
 */
export function roleRefusal(sql: Database, row: Record<string, unknown>): string | null {
  const userId = String(row.user_id);
  if (sql.prepare('SELECT 1 FROM user_roles WHERE user_id = ? AND role = ?').get(userId, row.role) !== undefined) return null;
  const emailOf = () => (sql.prepare('SELECT email FROM users WHERE id = ?').get(userId) as { email: string }).email;
  // given by an earlier run and taken away here since (a former board member): a superadmin's decision, which
  // a later run whose old row changed (another export's dates) undid
  if (sql.prepare("SELECT 1 FROM import_map WHERE source_table = 'user_roles' AND target_id = ?").get(roleKey(userId, row.role)) !== undefined) {
    return T.roleTakenHere(emailOf(), String(row.role));
  }
  const made = madeByImport(sql, userId);
  if (made && !usedHere(sql, userId)) return null;
  return made ? T.roleNotForAccountInUse(emailOf(), String(row.role)) : T.roleNotForAccountHere(emailOf(), String(row.role));
}

/** Gives our account the old role (one it has already stays one); returns the role's key in import_map. */
export function storeRole(sql: Database, row: Record<string, unknown>): string {
  sql.prepare('INSERT INTO user_roles (id, user_id, role) VALUES (?, ?, ?) ON CONFLICT (user_id, role) DO NOTHING').run(randomUUID(), row.user_id, row.role);
  return roleKey(row.user_id, row.role);
}

/** A role's key in import_map: our account and the role. */
const roleKey = (userId: unknown, role: unknown) => `${String(userId)}:${String(role)}`;
