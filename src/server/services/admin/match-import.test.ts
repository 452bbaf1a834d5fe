import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../../db/test-db';
import type { Db } from '../../db/client';
import { leagueResults, leagues, matchEvents, matches, teams } from '../../db/schema';
import { matchImportApplySchema, matchImportReviewSchema } from '../../../lib/schemas/match-import';
import { applyMatchImport, inspectMatchImport, reviewMatchImport } from './match-import';

const CSV = [
  'Spiel-Nr;Datum;Anstoß;Heim;Gast;Ergebnis;Spielort',
  '7001;15.08.2026;17:30;SV Kirchberg an der Raab;ASK Gnas;2:1;Sportplatz Kirchberg',
  '7002;22.08.2026;16:00;USV Feldbach;SV Kirchberg an der Raab;;',
  '7003;22.08.2026;18:00;TuS Paldau;SC Riegersburg;1:1;',
].join('\n');

let db: Db;
let teamId: string;
beforeEach(() => {
  db = createTestDb();
  teamId = seed(db, (tx) => tx.insert(teams).values({ name: 'Kampfmannschaft', category: 'Herren' }).returning().get()).id;
});
afterEach(() => db.$client.close());

const review = (o: Record<string, unknown> = {}) =>
  matchImportReviewSchema.parse({ source: { kind: 'csv', text: CSV }, competition: 'Unterliga', season: '2026/27', team_id: teamId, ...o });

async function importOnce(o: Record<string, unknown> = {}) {
  const input = review(o);
  const plan = await reviewMatchImport(input, db);
  const applied = await applyMatchImport(matchImportApplySchema.parse({ ...input, fingerprint: plan.fingerprint }), db);
  return { plan, applied };
}

describe('match import service', () => {
  it('shows the CSV header, first rows and guessed mapping', async () => {
    const inspection = await inspectMatchImport({ kind: 'csv', text: CSV }, db);
    expect(inspection).toMatchObject({ format: 'csv', rowCount: 3, mapping: { source_id: 0, date: 1, time: 2, home: 3, away: 4, score: 5, location: 6 }, teams: [{ id: teamId, name: 'Kampfmannschaft' }] });
  });

  it('writes the reviewed plan once: our matches with key and team, another clubs\' match skipped without a league', async () => {
    const { plan, applied } = await importOnce();
    expect(plan.counts).toMatchObject({ new: 2, changed: 0, unchanged: 0, skipped: 1 });
    expect(plan.items.find((i) => i.kind === 'skipped')).toMatchObject({ home_team: 'TuS Paldau' });
    expect(applied.result).toEqual({ created: 2, updated: 0, leagueResults: 0 });
    const rows = db.select().from(matches).all();
    expect(rows.map((r) => [r.external_key, r.team_id, r.team_side, r.status])).toEqual([
      ['id:7001', teamId, 'home', 'finished'],
      ['id:7002', teamId, 'away', 'scheduled'],
    ]);
    expect(applied.changes).toEqual(expect.arrayContaining([...rows.map((r) => ({ table: 'matches', key: r.id })), { table: 'fixture_lists' }]));
    // the same file again: nothing new, nothing changed, nothing written
    const again = await importOnce();
    expect(again.plan.counts).toMatchObject({ new: 0, changed: 0, unchanged: 2 });
    expect(again.applied.changes).toEqual([]);
    expect(db.select().from(matches).all().map((r) => r.sequence)).toEqual([0, 0]);
  });

  it("the review names a match the calendar calls off or puts back ('Abgesagt: ', 'Verschoben: ')", async () => {
    const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0'];
    for (const [uid, summary] of [['a@liga', 'Abgesagt: SV Kirchberg an der Raab - ASK Gnas'], ['v@liga', 'Verschoben: SV Kirchberg an der Raab - USV Feldbach'], ['s@liga', 'SV Kirchberg an der Raab - TuS Paldau']]) {
      ics.push('BEGIN:VEVENT', `UID:${uid}`, 'DTSTART:20260905T140000Z', `SUMMARY:${summary}`, 'END:VEVENT');
    }
    ics.push('END:VCALENDAR');
    const plan = await reviewMatchImport(review({ source: { kind: 'ical', text: ics.join('\r\n') } }), db);
    expect(plan.items.map((i) => [i.away_team, i.setAside])).toEqual([
      ['ASK Gnas', 'cancelled'],
      ['USV Feldbach', 'postponed'],
      ['TuS Paldau', null],
    ]);
  });

  it("the same file imported again with the season corrected moves the matches between the season's lists", async () => {
    await importOnce({ season: '2025/26' });
    const corrected = await importOnce();
    expect(corrected.plan.counts).toMatchObject({ changed: 2 });
    expect(db.select({ season: matches.season }).from(matches).all()).toEqual([{ season: '2026/27' }, { season: '2026/27' }]);
    // the old season's page, the season links and the league tables follow (FIXTURE_LISTS), as after the form's save
    expect(corrected.applied.changes).toContainEqual({ table: 'fixture_lists' });
  });

  it('a changed result raises the sequence; other clubs\' results go into their league', async () => {
    const league = seed(db, (tx) => tx.insert(leagues).values({ competition: 'Unterliga', season: '2026/27' }).returning().get());
    await importOnce();
    const { plan, applied } = await importOnce({ source: { kind: 'csv', text: CSV.replace('2:1;Sportplatz', '3:1;Sportplatz').replace('1:1;', '2:0;') } });
    expect(plan.counts).toMatchObject({ new: 0, changed: 1, unchanged: 1, league_changed: 1 });
    expect(plan.items.find((i) => i.kind === 'changed')!.diffs).toEqual([{ field: 'home_score', before: 2, after: 3 }]);
    expect(db.select().from(matches).where(eq(matches.external_key, 'id:7001')).get()).toMatchObject({ home_score: 3, sequence: 1 });
    expect(db.select().from(leagueResults).all()).toMatchObject([{ league_id: league.id, home_team: 'TuS Paldau', home_score: 2, away_score: 0, external_key: 'id:7003' }]);
    expect(applied.changes).toContainEqual({ table: 'league_results', key: league.id });
  });

  it("a result imported for a match still live at the pitch ends its clock, as 'Beendet' in the form does", async () => {
    await importOnce({ source: { kind: 'csv', text: CSV.replace('2:1;Sportplatz', ';Sportplatz') } });
    seed(db, (tx) => tx.update(matches).set({ status: 'live', live_phase: 'second_half', kickoff_at: 1 }).where(eq(matches.external_key, 'id:7001')).run());
    await importOnce();
    expect(db.select().from(matches).where(eq(matches.external_key, 'id:7001')).get()).toMatchObject({ status: 'finished', home_score: 2, live_phase: 'full_time', kickoff_at: 1 });
  });

  it("an admin's edit after the review refuses the apply, though the import would write the same", async () => {
    await importOnce();
    const changed = review({ source: { kind: 'csv', text: CSV.replace('17:30', '16:30') } });
    const plan = await reviewMatchImport(changed, db);
    expect(plan.items.find((i) => i.diffs?.length)?.diffs).toEqual([{ field: 'match_time', before: '17:30', after: '16:30' }]);
    // another admin sets the time in the match form meanwhile
    seed(db, (tx) => tx.update(matches).set({ match_time: '18:45' }).where(eq(matches.external_key, 'id:7001')).run());
    await expect(applyMatchImport(matchImportApplySchema.parse({ ...changed, fingerprint: plan.fingerprint }), db)).rejects.toThrow(
      'Die Daten haben sich seit der Prüfung geändert. Bitte erneut prüfen.',
    );
    expect(db.select().from(matches).where(eq(matches.external_key, 'id:7001')).get()?.match_time).toBe('18:45');
  });

  it('a match with goals keeps the score they give: the import does not set another', async () => {
    await importOnce({ source: { kind: 'csv', text: CSV.replace('2:1;Sportplatz', ';Sportplatz') } });
    const id = db.select().from(matches).where(eq(matches.external_key, 'id:7001')).get()!.id;
    seed(db, (tx) => {
      tx.update(matches).set({ status: 'live', live_phase: 'second_half', kickoff_at: 1, home_score: 1, away_score: 1 }).where(eq(matches.id, id)).run();
      tx.insert(matchEvents).values([
        { match_id: id, type: 'goal', side: 'home', minute: 10 },
        { match_id: id, type: 'goal', side: 'away', minute: 20 },
      ]).run();
    });
    const { plan } = await importOnce({ source: { kind: 'csv', text: CSV.replace('2:1;Sportplatz', '7:7;Sportplatz') } });
    expect(plan.items.flatMap((i) => i.diffs ?? []).map((d) => d.field)).not.toContain('home_score');
    expect(db.select().from(matches).where(eq(matches.id, id)).get()).toMatchObject({ home_score: 1, away_score: 1, status: 'finished' });
  });

  it('refuses to write a plan that is not the one reviewed, and bad sources with a German message', async () => {
    const input = review();
    await expect(applyMatchImport(matchImportApplySchema.parse({ ...input, fingerprint: 'old' }), db)).rejects.toThrow('Die Daten haben sich seit der Prüfung geändert. Bitte erneut prüfen.');
    expect(db.select().from(matches).all()).toEqual([]);
    await expect(reviewMatchImport(review({ source: { kind: 'ical', text: 'kein Kalender' } }), db)).rejects.toMatchObject({ name: 'RefusedWrite', message: 'Die Datei ist kein iCalendar-Kalender (BEGIN:VCALENDAR fehlt).' });
    await expect(reviewMatchImport(review({ mapping: { date: 1 } }), db)).rejects.toMatchObject({ name: 'RefusedWrite', code: 'BAD_REQUEST' });
    await expect(reviewMatchImport(review({ team_id: 'weg' }), db)).rejects.toMatchObject({ name: 'RefusedWrite', code: 'NOT_FOUND' });
    await expect(reviewMatchImport(review({ source: { kind: 'url', url: 'http://169.254.169.254/latest/meta-data' } }), db)).rejects.toMatchObject({ name: 'RefusedWrite', message: 'Diese Adresse zeigt ins interne Netz und wird nicht abgerufen.' });
  });

  it('imports a calendar address (loopback allowed by the test setting only)', async () => {
    const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x1@liga', 'DTSTART:20260905T140000Z', 'SUMMARY:SV Kirchberg an der Raab - ASK Gnas', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(ics));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/liga.ics`;
    try {
      await expect(reviewMatchImport(review({ source: { kind: 'url', url } }), db)).rejects.toThrow('ins interne Netz');
      process.env.IMPORT_ALLOW_LOOPBACK = '1';
      const { applied } = await importOnce({ source: { kind: 'url', url } });
      expect(applied.result.created).toBe(1);
      expect(db.select().from(matches).get()).toMatchObject({ external_key: 'id:x1@liga', match_date: '2026-09-05', match_time: '16:00', status: 'scheduled' });
    } finally {
      delete process.env.IMPORT_ALLOW_LOOPBACK;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
