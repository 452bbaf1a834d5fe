// `npm run user -- create --email E --password P --role superadmin`
// Non-interactive; exits non-zero with a clear message on any problem.
import './as-data-owner';
import { readCommandLine, saidIfFailed } from './command-line';

const { getDb } = await import('../src/server/db/client');
const { ROLES } = await import('../src/server/auth/roles');
const { passwordProblem } = await import('../src/server/auth/password');
const { createUser, findUserByEmail, isEmail, normaliseEmail } = await import('../src/server/auth/users');

const USAGE = 'Aufruf: npm run user -- create --email E --password P --role superadmin|admin|moderator|user';

function fail(message: string): never {
  console.error(`Fehler: ${message}`);
  process.exit(1);
}

// exit code 1 for every mistake, as before (scripts and install.sh test for non-zero)
const parsed = readCommandLine(
  { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } },
  USAGE,
  { positionals: true, code: 1 },
);
if (parsed.values.help) {
  console.info(USAGE);
  process.exit(0);
}
const [command] = parsed.positionals;
if (command !== 'create') fail(`unbekannter Befehl ${command ? `'${command}'` : '(keiner)'}.\n${USAGE}`);
const { email, password, role } = parsed.values;
if (!email || !isEmail(normaliseEmail(email))) fail(`--email fehlt oder ist keine gültige E-Mail-Adresse.\n${USAGE}`);
if (!password) fail(`--password fehlt.\n${USAGE}`);
const db = await saidIfFailed(() => getDb());
const problem = passwordProblem(password, db);
if (problem) fail(problem);
const roles = role ?? ['user'];
for (const r of roles) if (!(ROLES as readonly string[]).includes(r)) fail(`unbekannte Rolle '${r}'. Erlaubt: ${ROLES.join(', ')}`);
if (findUserByEmail(db, email)) fail(`ein Benutzer mit der E-Mail-Adresse ${normaliseEmail(email)} existiert bereits.`);
const user = await saidIfFailed(() => createUser(db, { email, password, roles: roles as (typeof ROLES)[number][] }));
console.info(`Benutzer ${user.email} angelegt (Rollen: ${roles.join(', ')}).`);
export {};
