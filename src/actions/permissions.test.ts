// The permission matrix (design habit 4, docs/decisions/005): every action the
// app registers, found by walking `server` at test time, against the five
// identities. Two layers are checked:
//  1. over HTTP against the built production server: the allowed calls of the
//     auth and user actions succeed (the refusals over HTTP, with database
//     checksums, are the attack in tests/security/permissions.attack.ts);
//  2. each handler on its own, without the door in front and without input
//     validation: an action whose handler forgets its role check fails here.
import { replyToCaptcha } from '../../tests/fixtures/captcha';
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ActionError } from 'astro:actions';
import { createSession, SESSION_COOKIE } from '../server/auth/session';
import { createOneTimeToken } from '../server/auth/tokens';
import { createUser } from '../server/auth/users';
import type { Role } from '../server/auth/roles';
import { createTestDb } from '../server/db/test-db';
import { startSite, type Site } from '../../tests/fixtures/site';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { IDENTITIES, PUBLIC, SUPERADMIN_ONLY, dump, enumerate, expected, type Identity } from '../../tests/fixtures/permission-matrix';
import type { ActionDefinition } from '../../tests/fixtures/action-definitions';

type Definition = ActionDefinition;
const { definitions } = vi.hoisted(() => ({ definitions: new Map<unknown, Definition>() }));
// remember each action's own handler, to call it without Astro's validation in front
vi.mock('astro:actions', (importOriginal) => import('../../tests/fixtures/action-definitions').then((m) => m.keepingDefinitions(importOriginal, definitions)));

const { server } = await import('./index');
const { isPublicAction } = await import('./guard');
const { SUPERADMIN_ONLY_ACTIONS, SECOND_FACTOR_SETUP_ACTIONS } = await import('./auth/gate');
const { ACCOUNT_TEXTS } = await import('../lib/schemas/account');

const ALL = enumerate(server);
const PROTECTED = ALL.filter((e) => !isPublicAction(e.action));

describe('the registered actions', () => {
  it('are found, and each was made with defineAction', () => {
    expect(ALL.length).toBeGreaterThan(PUBLIC.length);
    for (const { name, action } of ALL) expect(definitions.has(action), name).toBe(true);
  });

  it('are public only where listed; the superadmin-only ones are all registered and known to the door', () => {
    expect(ALL.filter((e) => isPublicAction(e.action)).map((e) => e.name).sort()).toEqual([...PUBLIC].sort());
    const names = ALL.map((e) => e.name);
    for (const name of Object.keys(SUPERADMIN_ONLY)) expect(names, name).toContain(name);
    expect(SUPERADMIN_ONLY_ACTIONS).toEqual(SUPERADMIN_ONLY);
  });

  it('include no self-registration', () => {
    expect(ALL.map((e) => e.name).filter((n) => /sign.?up|regist/i.test(n))).toEqual([]);
  });
});

describe('each protected handler checks the role itself (called without the door and without validation)', () => {
  const userOf = (identity: Identity) =>
    identity === 'anonymous' ? null : { id: `id-${identity}`, email: `${identity}@test.at` };
  const localsOf = (identity: Identity) => ({
    user: userOf(identity),
    session: identity === 'anonymous' ? null : { id: `session-${identity}`, expiresAt: Date.now() + 60_000 },
    roles: identity === 'anonymous' ? [] : [identity === 'superadmin' ? 'superadmin' : identity],
    isAdmin: identity === 'admin' || identity === 'superadmin',
    isSuperAdmin: identity === 'superadmin',
  });
  const contextOf = (identity: Identity) => ({
    locals: localsOf(identity),
    cookies: { get: () => undefined, set: () => undefined, delete: () => undefined, has: () => false },
    url: new URL('http://localhost/_actions/x'),
    request: new Request('http://localhost/_actions/x', { method: 'POST' }),
    clientAddress: '127.0.0.1',
  });

  for (const identity of ['anonymous', 'user', 'moderator', 'admin'] as const) {
    it(`refuses ${identity} where it must, before touching the database`, async () => {
      const db = createTestDb();
      const refused: string[] = [];
      for (const { name, action } of PROTECTED) {
        const status = expected(identity, name);
        if (status === null) continue;
        const before = dump(db);
        let error: unknown = null;
        try {
          await definitions.get(action)!.handler({}, contextOf(identity));
        } catch (e) {
          error = e;
        }
        expect(error, `${name} as ${identity}`).toBeInstanceOf(ActionError);
        expect((error as ActionError).code, `${name} as ${identity}`).toBe(status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
        if (status === 403 && name in SUPERADMIN_ONLY) expect((error as ActionError).message, name).toBe(SUPERADMIN_ONLY[name]);
        expect(dump(db), `${name} as ${identity} changed the database`).toBe(before);
        refused.push(name);
      }
      expect(refused.length).toBeGreaterThan(0);
    });
  }

  it('refuses a superadmin who must first set up the required second factor everywhere but in their own account', async () => {
    const db = createTestDb();
    const context = { ...contextOf('superadmin'), locals: { ...localsOf('superadmin'), mustSetUpSecondFactor: true } };
    const open: string[] = [];
    for (const { name, action } of PROTECTED) {
      if (SECOND_FACTOR_SETUP_ACTIONS.some((prefix) => name.startsWith(prefix))) {
        open.push(name);
        // open at the gate and in the action too: the sessions' actions refused there, and 'Sitzungen' on the
        // set-up screen said it could not load them
        const refusal = await Promise.resolve()
          .then(() => definitions.get(action)!.handler({}, context))
          .then(() => null, (e: unknown) => e);
        expect((refusal as Error | null)?.message, name).not.toBe(ACCOUNT_TEXTS.setupFirst);
        continue;
      }
      const before = dump(db);
      const error = await Promise.resolve()
        .then(() => definitions.get(action)!.handler({}, context))
        .then(() => null, (e: unknown) => e);
      expect(error, name).toBeInstanceOf(ActionError);
      expect((error as ActionError).message, name).toBe(ACCOUNT_TEXTS.setupFirst);
      expect(dump(db), `${name} changed the database`).toBe(before);
    }
    expect(open.sort()).toEqual(ALL.map((e) => e.name).filter((n) => /^admin\.(account|sessions)\./.test(n)).sort());
  });
});

describe('over HTTP against the built server', () => {
  let site: Site;
  const cookies: Partial<Record<Identity, string>> = {};
  const ids: Partial<Record<Identity, string>> = {};

  beforeAll(async () => {
    // the HTTP half needs a current build in ANSTOSS_DIST (or dist)
    buildIfNeeded({ quiet: true });
    site = await startSite();
    const db = site.db();
    for (const identity of IDENTITIES) {
      if (identity === 'anonymous') continue;
      const user = await createUser(db, { email: `${identity}@matrix.test`, password: `Passwort-${identity}-123`, roles: [identity as Role] });
      ids[identity] = user.id;
      cookies[identity] = `${SESSION_COOKIE}=${createSession(db, user.id).token}`;
    }
  }, 240_000);

  afterAll(async () => {
    await site?.stop();
  });

  async function call(identity: Identity, name: string, body: unknown = {}, via: 'rpc' | 'form' = 'rpc') {
    const url = via === 'rpc' ? `${site.url}/_actions/${name}` : `${site.url}/auth?_action=${encodeURIComponent(name)}`;
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        origin: site.url,
        ...(cookies[identity] ? { cookie: cookies[identity]! } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  }

  it('answers an unknown action name for a stranger like a protected one', async () => {
    expect((await call('anonymous', 'admin.gibtEsNicht')).status).toBe(401);
    expect((await call('anonymous', 'auth.signUp')).status).toBe(401);
    expect((await call('superadmin', 'auth.signUp')).status).toBe(404);
  });

  it('offers no sign-up page', async () => {
    for (const route of ['/auth/signup', '/auth/registrieren', '/auth/register', '/signup', '/registrieren']) {
      const response = await fetch(`${site.url}${route}`, { redirect: 'manual' });
      expect(response.status, route).toBe(404);
    }
  });

  it('lets anonymous visitors reach the public actions (the door does not stop them)', async () => {
    for (const name of PUBLIC) {
      const response = await call('anonymous', name, {});
      // empty input: the action's own validation answers, not the door
      expect(response.status, name).toBe(400);
      expect(JSON.parse(response.text).type, name).toBe('AstroActionInputError');
    }
  });

  it('lets a superadmin list, invite, change roles and delete, and these calls succeed', async () => {
    const list = await call('superadmin', 'admin.users.list');
    expect(list.status).toBe(200);
    for (const identity of ['user', 'moderator', 'admin', 'superadmin']) expect(list.text).toContain(`${identity}@matrix.test`);

    const invite = await call('superadmin', 'admin.users.invite', { email: 'neu@matrix.test' });
    expect(invite.status, invite.text).toBe(200);
    const invited = site.db().$client.prepare("SELECT id, password_hash FROM users WHERE email = 'neu@matrix.test'").get() as {
      id: string;
      password_hash: string | null;
    };
    expect(invited.password_hash).toBeNull();
    // without SMTP_URL the invitation lands in the outbox, with its link from SITE_URL
    const outboxDir = path.join(site.dataDir, 'outbox');
    const outbox = await Promise.all(fs.readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).map((f) => simpleParser(fs.readFileSync(path.join(outboxDir, f)))));
    const invitation = outbox.find((m) => JSON.stringify(m.to).includes('neu@matrix.test'));
    expect(invitation?.text).toContain(`${site.url}/reset-password?token=`);

    expect((await call('superadmin', 'admin.users.addRole', { userId: invited.id, role: 'moderator' })).status).toBe(200);
    expect((await call('superadmin', 'admin.users.removeRole', { userId: invited.id, role: 'moderator' })).status).toBe(200);
    const roles = site.db().$client.prepare('SELECT role FROM user_roles WHERE user_id = ?').all(invited.id);
    expect(roles).toEqual([{ role: 'user' }]);
    expect((await call('superadmin', 'admin.users.delete', { userId: invited.id })).status).toBe(200);
    expect(site.db().$client.prepare('SELECT id FROM users WHERE id = ?').get(invited.id)).toBeUndefined();

    const cache = await call('superadmin', 'admin.cacheUpdate');
    expect(cache.status, cache.text).toBe(200);
  });

  it('answers the server-side rules of user management with their German messages', async () => {
    const me = ids.superadmin!;
    const lastRole = await call('superadmin', 'admin.users.removeRole', { userId: me, role: 'superadmin' });
    expect(lastRole.status).toBe(409);
    expect(JSON.parse(lastRole.text).message).toBe('Der letzte Superadmin kann diese Rolle nicht verlieren.');
    const self = await call('superadmin', 'admin.users.delete', { userId: me });
    expect(JSON.parse(self.text).message).toBe('Sie können Ihr eigenes Konto nicht löschen.');
    const empty = await call('superadmin', 'admin.users.invite', { email: '' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Bitte geben Sie eine E-Mail-Adresse ein');
    expect(site.db().$client.prepare("SELECT count(*) AS n FROM user_roles WHERE role = 'superadmin'").get()).toEqual({ n: 1 });
  });

  it('lets anonymous visitors sign in, ask for a reset link and set a password from a link', async () => {
    const db = site.db();
    const captcha = async () => replyToCaptcha(await (await fetch(`${site.url}/api/captcha`)).json());
    const signIn = await call('anonymous', 'auth.signIn', { email: 'user@matrix.test', password: 'Passwort-user-123', ...(await captcha()) });
    expect(signIn.status, signIn.text).toBe(200);
    const reset = await call('anonymous', 'auth.requestPasswordReset', { email: 'user@matrix.test', ...(await captcha()) });
    expect(reset.status, reset.text).toBe(200);
    const token = createOneTimeToken(db, 'reset', ids.moderator!);
    const done = await call('anonymous', 'auth.resetPassword', { token, password: 'Neues-Passwort-99', confirm: 'Neues-Passwort-99' });
    expect(done.status, done.text).toBe(200);
    // the set-up link is spent once a superadmin exists
    const setup = createOneTimeToken(db, 'setup', null);
    const late = await call('anonymous', 'auth.completeSetup', { token: setup, email: 'x@matrix.test', password: 'Passwort-x-123', confirm: 'Passwort-x-123' });
    expect(late.status).toBe(410);
  });
});
