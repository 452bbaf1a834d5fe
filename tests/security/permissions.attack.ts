// The permission matrix as an attack (issue 11, attack group 1): every action
// the app registers and every endpoint, against anonymous, user, moderator,
// admin, superadmin and an admin who must first set up the required second
// factor, each with an empty body, a valid one and a hostile one, as JSON and
// as a form post. After every refused call the database checksum must be the
// one before. Then the allowed calls with extra fields: the fields are ignored.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { server } from '../../src/actions/index';
import { isPublicAction } from '../../src/actions/guard';
import { SECOND_FACTOR_SETUP_ACTIONS } from '../../src/actions/auth/gate';
import { ACCOUNT_TEXTS } from '../../src/lib/schemas/account';
import { AUDIT_ONLY_MESSAGES } from '../../src/lib/schemas/audit';
import { createSession, SESSION_COOKIE } from '../../src/server/auth/session';
import { createUser } from '../../src/server/auth/users';
import type { Role } from '../../src/server/auth/roles';
import { membershipInquiries, news, siteSettings, userRoles, users } from '../../src/server/db/schema';
import { IDENTITIES, SUPERADMIN_ONLY, checksum, enumerate, expected, type Identity } from '../fixtures/permission-matrix';
import { startSite, type Site } from '../fixtures/site';
import { printFigures } from '../faults/figures';
import { captchaFor, send } from './http';

type Attacker = Identity | 'admin-without-factor';

let site: Site;
const cookies: Partial<Record<Attacker, string>> = {};
const ids: Partial<Record<Attacker, string>> = {};
beforeAll(async () => {
  site = await startSite();
  const db = site.db();
  const accounts: [Attacker, Role][] = [['user', 'user'], ['moderator', 'moderator'], ['admin', 'admin'], ['superadmin', 'superadmin'], ['admin-without-factor', 'admin']];
  for (const [attacker, role] of accounts) {
    const user = await createUser(db, { email: `${attacker}@matrix.test`, password: `Passwort-${attacker}-123`, roles: [role] });
    ids[attacker] = user.id;
    cookies[attacker] = `${SESSION_COOKIE}=${createSession(db, user.id).token}`;
  }
});
afterAll(async () => site?.stop());

const ALL = enumerate(server);
const PROTECTED = ALL.filter((e) => !isPublicAction(e.action));

/** Valid input for the superadmin-only actions, so that only the role can stop them. */
const validInput = (name: string): unknown =>
  ({
    'admin.users.invite': { email: 'eingeladen@matrix.test' },
    'admin.users.addRole': { userId: ids.user, role: 'admin' },
    'admin.users.removeRole': { userId: ids.user, role: 'user' },
    'admin.users.delete': { userId: ids.user },
    'admin.users.requireSecondFactor': { required: true },
    'admin.users.removeSecondFactor': { userId: ids.admin },
    'admin.news.create': { title: 'Eingeschleust', content: 'x', published: true },
  })[name] ?? {};

/** A body that tries to smuggle rights in: role fields, ids, prototypes. */
const hostileInput = (name: string): unknown => ({
  ...(validInput(name) as object),
  isAdmin: true,
  isSuperAdmin: true,
  roles: ['superadmin'],
  user: { id: ids.superadmin },
  // own "__proto__" and "constructor" keys, as a hand-made JSON body carries them
  ...(JSON.parse('{"__proto__":{"isSuperAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}') as object),
});

function call(attacker: Attacker, name: string, body: unknown, via: 'json' | 'form') {
  const headers: Record<string, string> = { accept: 'application/json', ...(cookies[attacker] ? { cookie: cookies[attacker]! } : {}) };
  if (via === 'json') return send(site.url, `/_actions/${name}`, { body, headers });
  // a form post as a page would send it (Astro's form actions on a page URL)
  const form = new URLSearchParams(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)])).toString();
  return send(site.url, `/auth?_action=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { ...headers, origin: site.url, 'content-type': 'application/x-www-form-urlencoded' },
    raw: form,
  });
}

/** The status an attacker must get, or null where the call is theirs to make. */
function mustGet(attacker: Attacker, name: string): 401 | 403 | null {
  if (attacker !== 'admin-without-factor') return expected(attacker, name);
  if (name in SUPERADMIN_ONLY) return 403;
  return SECOND_FACTOR_SETUP_ACTIONS.some((prefix) => name.startsWith(prefix)) ? null : 403;
}

/** The endpoints outside the actions, with what each attacker may do there. */
// `superadminOnly`: an admin is refused too, with this reason (the endpoint's own check, not a generic refusal)
const ENDPOINTS: { path: string; method: string; superadminOnly?: string }[] = [
  { path: '/api/admin/upload', method: 'POST' },
  { path: '/api/admin/events', method: 'GET' },
  { path: '/admin', method: 'GET' },
  { path: '/api/admin/audit.csv', method: 'GET', superadminOnly: AUDIT_ONLY_MESSAGES.audit },
  { path: '/admin/vorschau/x.1.y/seite', method: 'GET' },
];

it('every action and endpoint × six identities × three bodies, as JSON and as a form: every refusal leaves the database checksum unchanged', async () => {
  const db = site.db();
  // the requirement is on for this run: the admin without a factor must set it up first
  db.insert(siteSettings).values({ key: 'second_factor_required', value: '1' }).onConflictDoUpdate({ target: siteSettings.key, set: { value: '1' } }).run();
  const attackers: Attacker[] = [...IDENTITIES, 'admin-without-factor'];
  const figures = { tried: 0, refused: 0, allowedSkipped: 0, changed: 0, wrongStatus: 0, endpoints: 0 };
  const problems: string[] = [];
  for (const attacker of attackers) {
    for (const { name } of PROTECTED) {
      const status = mustGet(attacker, name);
      if (status === null) {
        figures.allowedSkipped++;
        continue;
      }
      for (const [via, body] of [['json', {}], ['json', validInput(name)], ['json', hostileInput(name)], ['form', validInput(name)]] as const) {
        const before = checksum(db);
        const reply = await call(attacker, name, body, via);
        figures.tried++;
        const changed = checksum(db) !== before;
        if (reply.status === status) figures.refused++;
        else problems.push(`${name} as ${attacker} (${via}): ${reply.status} ${reply.body.slice(0, 120)}`);
        if (changed) {
          figures.changed++;
          problems.push(`${name} as ${attacker} (${via}) changed the database`);
        }
        if (attacker === 'admin-without-factor' && via === 'json' && !(name in SUPERADMIN_ONLY) && reply.status === 403) {
          expect(JSON.parse(reply.body).message, name).toBe(ACCOUNT_TEXTS.setupFirst);
        }
      }
    }
    for (const endpoint of ENDPOINTS) {
      const allowed = attacker === 'superadmin' || (attacker === 'admin' && !endpoint.superadminOnly);
      if (allowed) continue;
      const before = checksum(db);
      const reply = await send(site.url, endpoint.path, {
        method: endpoint.method,
        headers: { origin: site.url, ...(cookies[attacker] ? { cookie: cookies[attacker]! } : {}) },
      });
      figures.tried++;
      figures.endpoints++;
      // the admin page sends strangers to the sign-in and non-admins home; the API refuses
      const refused =
        endpoint.path === '/admin'
          ? reply.status === 302 || (attacker === 'admin-without-factor' && reply.status === 200)
          : attacker === 'admin'
            ? reply.status === 403 && reply.body === endpoint.superadminOnly
            : [401, 403].includes(reply.status);
      if (refused) figures.refused++;
      else problems.push(`${endpoint.method} ${endpoint.path} as ${attacker}: ${reply.status}`);
      if (checksum(db) !== before) figures.changed++;
    }
  }
  db.update(siteSettings).set({ value: '0' }).where(eq(siteSettings.key, 'second_factor_required')).run();
  figures.wrongStatus = problems.length - figures.changed;
  printFigures('permissions: matrix', { actions: ALL.length, identities: attackers.length, ...figures });
  expect(problems).toEqual([]);
  expect(figures.changed).toBe(0);
  expect(figures.tried).toBeGreaterThan(ALL.length * 4);
});

it('extra fields are ignored: no id, date, author, status or role can be chosen by the caller', async () => {
  const db = site.db();
  const admin = cookies.admin!;
  const created = await send(site.url, '/_actions/admin.news.create', {
    body: { title: 'Mit Extras', content: 'Inhalt', published: true, id: 'gewaehlt', created_at: '1999-01-01T00:00:00.000Z', author_id: ids.superadmin, updated_at: '1999-01-01' },
    headers: { cookie: admin },
  });
  expect(created.status, created.body).toBe(200);
  const row = db.select().from(news).where(eq(news.title, 'Mit Extras')).get()!;
  const inquiry = await send(site.url, '/_actions/public.inquiry', {
    body: { name: 'Gast', email: 'gast@example.at', betreff: 'Mit Extras', nachricht: 'Hallo', source: 'kontakt', status: 'read', id: 'gewaehlt', created_at: '1999-01-01', ...(await captchaFor(site.url)) },
  });
  expect(inquiry.status, inquiry.body).toBe(200);
  const stored = db.select().from(membershipInquiries).where(eq(membershipInquiries.betreff, 'Mit Extras')).get()!;
  const invite = await send(site.url, '/_actions/admin.users.invite', {
    body: { email: 'extras@matrix.test', roles: ['superadmin'], role: 'superadmin', passwordHash: 'x', id: 'gewaehlt' },
    headers: { cookie: cookies.superadmin! },
  });
  expect(invite.status, invite.body).toBe(200);
  const invited = db.select().from(users).where(eq(users.email, 'extras@matrix.test')).get()!;
  const invitedRoles = db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.user_id, invited.id)).all().map((r) => r.role);
  const ignored = [
    row.id !== 'gewaehlt',
    !row.created_at.startsWith('1999'),
    row.author_id === ids.admin,
    stored.status === 'unread',
    stored.id !== 'gewaehlt',
    !stored.created_at.startsWith('1999'),
    invited.id !== 'gewaehlt',
    invited.passwordHash === null,
    invitedRoles.join() === 'user',
  ];
  printFigures('permissions: extra fields', { calls: 3, fieldsSmuggled: 13, checks: ignored.length, ignored: ignored.filter(Boolean).length });
  expect(ignored.every(Boolean)).toBe(true);
});
