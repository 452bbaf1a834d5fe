// `npm run user -- create --email E --password P --role superadmin`, or with `--password-stdin` and the password
// on standard input (a password typed on the command line stays in the shell's history and, while the command
// runs, in every user's `ps`). Non-interactive; exits non-zero with a clear message on any problem.
import './as-data-owner';
import { readCommandLine, saidIfFailed } from './command-line';

const { getDb } = await import('../src/server/db/client');
const { ROLES } = await import('../src/server/auth/roles');
const { passwordProblem } = await import('../src/server/auth/password');
const { createUser, findUserByEmail, isEmail, normaliseEmail } = await import('../src/server/auth/users');

const USAGE =
  'Aufruf: npm run user -- create --email E --password P --role superadmin|admin|moderator|user\n' +
  '   oder: … --password-stdin < passwort.txt (das Passwort als erste Zeile einer Datei oder Pipe)';

/** The password as the first line of standard input, without its line end (a file, a pipe, or typed and Ctrl-D). */
async function firstLineOfStdin(): Promise<string> {
  process.stdin.setEncoding('utf8');
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0]!;
}

function fail(message: string): never {
  console.error(`Fehler: ${message}`);
  process.exit(1);
}

// exit code 1 for every mistake, as before (scripts and install.sh test for non-zero)
const parsed = readCommandLine(
  {
    email: { type: 'string' },
    password: { type: 'string' },
    'password-stdin': { type: 'boolean' },
    role: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h' },
  },
  USAGE,
  { positionals: true, code: 1 },
);
if (parsed.values.help) {
  console.info(USAGE);
  process.exit(0);
}
const [command] = parsed.positionals;
if (command !== 'create') fail(`unbekannter Befehl ${command ? `'${command}'` : '(keiner)'}.\n${USAGE}`);
const { email, role } = parsed.values;
if (!email || !isEmail(normaliseEmail(email))) fail(`--email fehlt oder ist keine gültige E-Mail-Adresse.\n${USAGE}`);
if (parsed.values.password !== undefined && parsed.values['password-stdin']) fail(`--password und --password-stdin schließen einander aus.\n${USAGE}`);
// typed at a terminal it would stand on the screen and in its scrollback, with no prompt: from a file or a pipe
if (parsed.values['password-stdin'] && process.stdin.isTTY) fail(`--password-stdin liest das Passwort aus einer Datei oder Pipe (z. B. < passwort.txt), nicht von der Tastatur.\n${USAGE}`);
const password = parsed.values['password-stdin'] ? await firstLineOfStdin() : parsed.values.password;
if (!password) fail(parsed.values['password-stdin'] ? 'auf der Standardeingabe kam kein Passwort.' : `--password fehlt (oder --password-stdin).\n${USAGE}`);
const db = await saidIfFailed(() => getDb());
const problem = passwordProblem(password, db);
if (problem) fail(problem);
const roles = role ?? ['user'];
for (const r of roles) if (!(ROLES as readonly string[]).includes(r)) fail(`unbekannte Rolle '${r}'. Erlaubt: ${ROLES.join(', ')}`);
if (findUserByEmail(db, email)) fail(`ein Benutzer mit der E-Mail-Adresse ${normaliseEmail(email)} existiert bereits.`);
const user = await saidIfFailed(() => createUser(db, { email, password, roles: roles as (typeof ROLES)[number][] }));
console.info(`Benutzer ${user.email} angelegt (Rollen: ${roles.join(', ')}).`);
export {};
