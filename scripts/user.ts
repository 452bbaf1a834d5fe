// `npm run user -- create --email E --password P --role superadmin`
// Non-interactive; exits non-zero with a clear message on any problem.
import './as-data-owner';
import { parseArgs } from 'node:util';

const { getDb } = await import('../src/server/db/client');
const { ROLES } = await import('../src/server/auth/roles');
const { passwordProblem } = await import('../src/server/auth/password');
const { createUser, findUserByEmail, isEmail, normaliseEmail } = await import('../src/server/auth/users');

const USAGE = 'Aufruf: npm run user -- create --email E --password P --role superadmin|admin|moderator|user';

function fail(message: string): never {
  console.error(`Fehler: ${message}`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } },
  });
} catch (error) {
  // node:util's own words are English ("Unknown option '--x'. To specify a positional argument …")
  const { code, message } = error as { code?: string; message: string };
  // the option as named in its quotes ('-h, --help' names the long form last)
  const option = /'([^']*)'/.exec(message)?.[1].split(/[\s,]+/).filter((o) => o.startsWith('-')).at(-1) ?? 'eine Option';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') fail(`unbekannte Option ${option}.\n${USAGE}`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && /does not take an argument/.test(message)) fail(`${option} nimmt keinen Wert.\n${USAGE}`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') fail(`bei ${option} fehlt der Wert.\n${USAGE}`);
  fail(`${message}\n${USAGE}`);
}
if (parsed.values.help) {
  console.info(USAGE);
  process.exit(0);
}
const [command] = parsed.positionals;
if (command !== 'create') fail(`unbekannter Befehl ${command ? `'${command}'` : '(keiner)'}.\n${USAGE}`);
const { email, password, role } = parsed.values;
if (!email || !isEmail(normaliseEmail(email))) fail(`--email fehlt oder ist keine gültige E-Mail-Adresse.\n${USAGE}`);
if (!password) fail(`--password fehlt.\n${USAGE}`);
const db = getDb();
const problem = passwordProblem(password, db);
if (problem) fail(problem);
const roles = role ?? ['user'];
for (const r of roles) if (!(ROLES as readonly string[]).includes(r)) fail(`unbekannte Rolle '${r}'. Erlaubt: ${ROLES.join(', ')}`);
if (findUserByEmail(db, email)) fail(`ein Benutzer mit der E-Mail-Adresse ${normaliseEmail(email)} existiert bereits.`);
const user = await createUser(db, { email, password, roles: roles as (typeof ROLES)[number][] });
console.info(`Benutzer ${user.email} angelegt (Rollen: ${roles.join(', ')}).`);
export {};
