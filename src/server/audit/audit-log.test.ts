import { describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import type { Db } from '../db/client';
import { auditLog, membershipInquiries, revisions } from '../db/schema';
import { deleteInquiry } from '../services/admin/inquiries';
import { createUser } from '../auth/users';
import { recordSignInFailure, SIGNIN_ADDRESS_POLICY, SIGNIN_PAIR_POLICY } from '../auth/signin-limits';
import { solvedCaptcha } from '../../../tests/fixtures/captcha';
import { signIn } from '../services/auth';
import { addRole, deleteUser, removeRole } from '../services/users';
import { inviteUser } from '../services/invitations';
import { runAsActor } from '../revisions/context';
import { auditFilterSchema, type AuditFilterInput } from '../../lib/schemas/audit';
import { auditEntities, iterateAudit, listAudit, recordAudit } from './audit-log';
import { auditCsv, csvCell } from './csv';

const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);
const MIN = 60_000;
const actions = (db: Db) => db.select().from(auditLog).all().map((r) => r.action);
const list = (db: Db, filter: AuditFilterInput = {}, size?: number) => listAudit(db, auditFilterSchema.parse(filter), size);

function revision(db: Db, o: { id?: number; at: number; op?: 'insert' | 'update' | 'delete' | 'restore'; entity?: string; title?: string; user?: string }) {
  seed(db, (tx) =>
    tx
      .insert(revisions)
      .values({
        change_set: `cs-${o.at}`,
        entity: o.entity ?? 'news',
        row_id: 'n1',
        op: o.op ?? 'update',
        data: JSON.stringify({ id: 'n1', title: o.title ?? 'Sieg im Derby' }),
        user_id: o.user ? `id-${o.user}` : null,
        user_name: o.user ?? null,
        created_at: o.at,
      })
      .run(),
  );
}

describe('recording', () => {
  it('records user, time, action, affected row and detail; an admin action names its user without passing them', () => {
    const db = createTestDb();
    recordAudit(db, { action: 'role.add', actor: { id: 'u1', email: 'chef@verein.at' }, entity: 'users', rowId: 'u2', detail: 'Admin: a@b.at' }, T0);
    runAsActor({ id: 'u3', name: 'admin@verein.at' }, () => recordAudit(db, { action: 'inquiry.delete', entity: 'membership_inquiries', rowId: 'i1' }, T0 + 1));
    // an explicit null stays nobody, even inside an action
    runAsActor({ id: 'u3', name: 'admin@verein.at' }, () => recordAudit(db, { action: 'retention.purge', actor: null }, T0 + 2));
    expect(db.select().from(auditLog).all().map(({ id: _id, ...r }) => r)).toEqual([
      { at: T0, user_id: 'u1', user_name: 'chef@verein.at', action: 'role.add', entity: 'users', row_id: 'u2', detail: 'Admin: a@b.at' },
      { at: T0 + 1, user_id: 'u3', user_name: 'admin@verein.at', action: 'inquiry.delete', entity: 'membership_inquiries', row_id: 'i1', detail: null },
      { at: T0 + 2, user_id: null, user_name: null, action: 'retention.purge', entity: null, row_id: null, detail: null },
    ]);
  });

  it('records a good sign-in with the address, and a failed burst once per limit, not per failure', async () => {
    const db = createTestDb();
    const user = await createUser(db, { email: 'trainer@verein.at', password: 'Ein-langes-Passwort-7', roles: ['admin'] });
    const ok = await signIn(db, { email: 'trainer@verein.at', password: 'Ein-langes-Passwort-7', ...(await solvedCaptcha(db)) }, '10.0.0.9');
    expect(ok.ok).toBe(true);
    expect(db.select().from(auditLog).all()).toMatchObject([{ action: 'signin', user_id: user.id, user_name: 'trainer@verein.at', detail: 'von 10.0.0.9' }]);

    // 30 failures for one account from one address: one entry when the pair's limit bites, one when the address's does
    for (let i = 0; i < 30; i++) recordSignInFailure(db, 'Trainer@verein.at', '10.0.0.7', T0 + i);
    const bursts = db.select().from(auditLog).all().filter((r) => r.action === 'signin.failed');
    expect(bursts).toHaveLength(3);
    expect(bursts[0]).toMatchObject({ user_id: user.id, user_name: 'trainer@verein.at', row_id: user.id, detail: `${SIGNIN_PAIR_POLICY.free + 1} fehlgeschlagene Anmeldungen für dieses Konto von 10.0.0.7` });
    expect(bursts[1]).toMatchObject({ user_id: null, user_name: null, detail: `${SIGNIN_ADDRESS_POLICY.free + 1} fehlgeschlagene Anmeldungen von 10.0.0.7 (verschiedene Konten möglich)` });
    expect(bursts[2].detail).toMatch(/^21 fehlgeschlagene Anmeldungen für dieses Konto von verschiedenen Adressen/);
    // an unknown account is named as typed, without an id
    for (let i = 0; i < 6; i++) recordSignInFailure(db, 'niemand@verein.at', '10.0.0.8', T0 + i);
    expect(db.select().from(auditLog).all().at(-1)).toMatchObject({ action: 'signin.failed', user_id: null, user_name: 'niemand@verein.at', entity: null });
  });

  it('records invitations, role changes and user deletions with the affected user', async () => {
    const db = createTestDb();
    const boss = await createUser(db, { email: 'boss@verein.at', password: 'Ein-langes-Passwort-7', roles: ['superadmin'] });
    const actor = { id: boss.id, email: boss.email };
    const invited = await inviteUser(db, 'neu@verein.at', async () => ({ transport: 'outbox' as const }), actor);
    addRole(db, invited.id, 'admin', actor);
    removeRole(db, invited.id, 'admin', undefined, actor);
    deleteUser(db, invited.id, boss.id);
    expect(db.select().from(auditLog).all().map((r) => [r.action, r.user_name, r.row_id, r.detail])).toEqual([
      ['user.invite', 'boss@verein.at', invited.id, 'Eingeladen: neu@verein.at'],
      ['role.add', 'boss@verein.at', invited.id, 'Admin: neu@verein.at'],
      ['role.remove', 'boss@verein.at', invited.id, 'Admin: neu@verein.at'],
      ['user.delete', 'boss@verein.at', invited.id, 'Gelöscht: neu@verein.at'],
    ]);
    // a refused change leaves no entry
    expect(() => addRole(db, boss.id, 'superadmin', actor)).toThrow();
    expect(actions(db)).toHaveLength(4);
  });

  it('records the deletion of an inquiry with who and which row, not what it said', () => {
    const db = createTestDb();
    const row = seed(db, (tx) => tx.insert(membershipInquiries).values({ name: 'Max', email: 'max@test.at', betreff: 'B', nachricht: 'N' }).returning().get());
    runAsActor({ id: 'u9', name: 'admin@verein.at' }, () => deleteInquiry(row.id, db));
    expect(deleteInquiry(row.id, db)).toBeNull();
    expect(db.select().from(auditLog).all()).toMatchObject([{ action: 'inquiry.delete', user_name: 'admin@verein.at', row_id: row.id, detail: null }]);
  });
});

describe('listing and filtering', () => {
  function fill(db: Db) {
    recordAudit(db, { action: 'signin', actor: { id: 'u1', email: 'anna@verein.at' }, entity: 'users', rowId: 'u1' }, T0);
    revision(db, { at: T0 + MIN, user: 'bernd@verein.at', title: 'Sieg im Derby' });
    recordAudit(db, { action: 'role.add', actor: { id: 'u1', email: 'anna@verein.at' }, entity: 'users', rowId: 'u2' }, T0 + 2 * MIN);
    revision(db, { at: T0 + 3 * MIN, op: 'delete', entity: 'teams', user: 'anna@verein.at', title: 'U12' });
    // the next day in Vienna (20 Nov 2026 23:30 UTC is 21 Nov 00:30)
    recordAudit(db, { action: 'signin.failed', actor: null, detail: 'x' }, Date.UTC(2026, 10, 20, 23, 30));
  }

  it("a match's, a league's and a line-up's changes are titled as their history titles them (they had no detail)", () => {
    const db = createTestDb();
    const version = (entity: string, data: Record<string, unknown>, at: number) =>
      seed(db, (tx) => tx.insert(revisions).values({ change_set: `cs-${at}`, entity, row_id: 'r1', op: 'update', data: JSON.stringify(data), user_id: 'u1', user_name: 'anna@verein.at', created_at: at }).run());
    version('matches', { id: 'r1', home_team: 'SV Kirchberg', away_team: 'ASK Gnas' }, T0);
    version('leagues', { id: 'r1', competition: 'Unterliga Ost', season: '2026/27' }, T0 + 1);
    version('match_lineups', { id: 'r1', role: 'start', jersey_number: 9 }, T0 + 2);
    version('standings', { id: 'r1', team_name: '' }, T0 + 3);
    expect(list(db).entries.map((e) => [e.entity, e.detail])).toEqual([
      ['standings', null],
      ['match_lineups', 'start · 9'],
      ['leagues', 'Unterliga Ost · 2026/27'],
      ['matches', 'SV Kirchberg – ASK Gnas'],
    ]);
  });

  it('merges the log and the revisions, newest first, content changes with the row title', () => {
    const db = createTestDb();
    fill(db);
    const page = list(db);
    expect(page.total).toBe(5);
    expect(page.entries.map((e) => [e.action, e.userName, e.entity, e.detail])).toEqual([
      ['signin.failed', null, null, 'x'],
      ['content.delete', 'anna@verein.at', 'teams', 'U12'],
      ['role.add', 'anna@verein.at', 'users', null],
      ['content.update', 'bernd@verein.at', 'news', 'Sieg im Derby'],
      ['signin', 'anna@verein.at', 'users', null],
    ]);
    expect(auditEntities(db)).toEqual(['news', 'teams', 'users']);
  });

  it('filters by kind, user, entity and Vienna day range, and pages', () => {
    const db = createTestDb();
    fill(db);
    const actionsOf = (filter: AuditFilterInput) => list(db, filter).entries.map((e) => e.action);
    expect(actionsOf({ kind: 'content' })).toEqual(['content.delete', 'content.update']);
    expect(actionsOf({ kind: 'role.add' })).toEqual(['role.add']);
    expect(actionsOf({ user: 'ANNA' })).toEqual(['content.delete', 'role.add', 'signin']);
    expect(actionsOf({ entity: 'teams' })).toEqual(['content.delete']);
    expect(actionsOf({ from: '2026-11-21' })).toEqual(['signin.failed']);
    expect(actionsOf({ to: '2026-11-20' })).toHaveLength(4);
    expect(actionsOf({ from: '2026-11-20', to: '2026-11-20', kind: 'content', user: 'bernd' })).toEqual(['content.update']);
    const second = list(db, { page: 2 }, 2);
    expect([second.page, second.total, second.entries.map((e) => e.action)]).toEqual([2, 5, ['role.add', 'content.update']]);
    // past the end: the last page
    expect(list(db, { page: 99 }, 2).page).toBe(3);
    // an entry coming in while the admin pages on (the tab reloads at every change): counted from the first page's
    // newest entry, the next page neither repeats the first page's last row nor skips one
    const first = list(db, { page: 1 }, 2);
    recordAudit(db, { action: 'role.remove', actor: { id: 'u1', email: 'anna@verein.at' } }, Date.UTC(2026, 10, 21, 8, 0));
    const next = list(db, { page: 2, upTo: first.upTo! }, 2);
    expect(first.entries.map((e) => e.action)).toEqual(['signin.failed', 'content.delete']);
    expect([next.total, next.upTo, next.entries.map((e) => e.action)]).toEqual([5, first.upTo, ['role.add', 'content.update']]);
    // without it, the row the first page ended with came again
    expect(list(db, { page: 2 }, 2).entries.map((e) => e.action)).toEqual(['content.delete', 'role.add']);
    expect(() => auditFilterSchema.parse({ upTo: "1; DROP TABLE audit_log" })).toThrow();
    // a hostile filter is only a value
    expect(list(db, { user: "' OR 1=1 --" }).total).toBe(0);
    expect(() => auditFilterSchema.parse({ kind: 'drop table' })).toThrow();
  });
});

describe('pages of a long log', () => {
  it('read, page after page and in every size, what the export reads in one: newest first, ties in one order', () => {
    const db = createTestDb();
    // 130 entries over 40 moments: both sources at the same milliseconds, filtered and not
    for (let i = 0; i < 130; i++) {
      const at = T0 + (i % 40) * MIN;
      if (i % 3 === 0) recordAudit(db, { action: i % 2 ? 'signin' : 'role.add', actor: { id: 'u1', email: 'anna@verein.at' }, detail: `a${i}` }, at);
      else revision(db, { at, op: i % 2 ? 'update' : 'delete', title: `r${i}`, user: i % 4 ? 'bernd@verein.at' : 'anna@verein.at' });
    }
    for (const filter of [{}, { user: 'anna' }, { kind: 'content' as const }, { kind: 'signin' as const }]) {
      const all = [...iterateAudit(db, auditFilterSchema.parse(filter))].map((e) => e.key);
      for (const size of [1, 7, 50]) {
        const pages = Math.ceil(all.length / size);
        const read = Array.from({ length: pages }, (_, i) => list(db, { ...filter, page: i + 1 }, size).entries.map((e) => e.key)).flat();
        expect(read, `${JSON.stringify(filter)} by ${size}`).toEqual(all);
      }
    }
  });
});

describe('CSV', () => {
  it('has a header row, one line per entry, ; separated with a BOM, quoting and formula cells defused', () => {
    const db = createTestDb();
    recordAudit(db, { action: 'signin.failed', actor: { id: null, email: '=HYPERLINK("http://x")@evil.at' }, detail: 'a;b "c"\nd' }, T0);
    revision(db, { at: T0 + MIN, title: '+SUM(A1)', user: '@admin' });
    const csv = auditCsv(iterateAudit(db, auditFilterSchema.parse({})));
    expect(csv.startsWith('\uFEFFZeit;Benutzer;Aktion;Bereich;Datensatz;Details\r\n')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe("20.11.2026 11:01:00;'@admin;Inhalt geändert;News;n1;'+SUM(A1)");
    expect(lines[2]).toBe('20.11.2026 11:00:00;"\'=HYPERLINK(""http://x"")@evil.at";Fehlgeschlagene Anmeldungen;;;"a;b ""c""\nd"');
    expect(lines[3]).toBe('');
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('ok')).toBe('ok');
  });
});
