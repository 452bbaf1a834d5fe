import { describe, expect, it } from 'vitest';
import { csvRowsToMatches, guessColumnMapping, readCsvTable } from './csv';
import { icalToMatches, teamsFromSummary } from './ical';
import { importKey, planImport, type ExistingMatch, type PlanContext } from './plan';
import { parseImportDate, parseImportScore, parseImportTime } from './values';

const CSV = [
  'Spiel-Nr;Datum;Anstoß;Heimmannschaft;Gastmannschaft;Ergebnis;Spielort;Runde',
  '1001;15.08.2026;17:30;SV Kirchberg;ASK Gnas;2:1;Sportplatz Kirchberg;1',
  '1002;22.8.26;16.00 Uhr;USV Feldbach;SV Kirchberg II;;;2',
  '1003;2026-08-29;;TuS Paldau;SC Riegersburg;0:0;;3',
].join('\n');
const defaults = { competition: 'Unterliga', season: '2026/27' };

function readCsv(text = CSV) {
  const table = readCsvTable(text);
  return csvRowsToMatches(table, guessColumnMapping(table.headers), defaults);
}

/** Applies a plan to the in-memory rows the way the service writes it. */
function applyPlan(ctx: PlanContext, plan: ReturnType<typeof planImport>): PlanContext {
  let n = ctx.matches.length + ctx.leagueResults.length;
  const matches = ctx.matches.map((m) => ({ ...m }));
  const leagueResults = ctx.leagueResults.map((r) => ({ ...r }));
  for (const item of plan.items) {
    if (item.kind === 'new') matches.push({ id: `m${++n}`, ...(item.values as object) } as ExistingMatch);
    if (item.kind === 'changed') Object.assign(matches.find((m) => m.id === item.id)!, item.values);
    if (item.kind === 'league_new') leagueResults.push({ id: `r${++n}`, ...(item.values as object) } as PlanContext['leagueResults'][number]);
    if (item.kind === 'league_changed') Object.assign(leagueResults.find((r) => r.id === item.id)!, item.values);
  }
  return { ...ctx, matches, leagueResults };
}

const emptyCtx = (o: Partial<PlanContext> = {}): PlanContext => ({ clubNames: ['SV Kirchberg', 'Sportverein Kirchberg 1920'], teamId: null, matches: [], leagues: [], leagueResults: [], ...o });

describe('cells', () => {
  it('reads German and ISO dates, and refuses days that do not exist', () => {
    expect(parseImportDate('15.08.2026')).toBe('2026-08-15');
    expect(parseImportDate('5.8.26')).toBe('2026-08-05');
    expect(parseImportDate('Sa, 15.08.2026 17:30')).toBe('2026-08-15');
    expect(parseImportDate('2026-08-15')).toBe('2026-08-15');
    expect(parseImportDate('2026-08-15T17:30:00')).toBe('2026-08-15');
    expect(parseImportDate('31.02.2026')).toBeNull();
    expect(parseImportDate('morgen')).toBeNull();
  });
  it('reads times and scores as portals write them', () => {
    expect(parseImportTime('17:30')).toBe('17:30');
    expect(parseImportTime('9.05 Uhr')).toBe('09:05');
    expect(parseImportTime('')).toBeNull();
    expect(parseImportTime('25:00')).toBeUndefined();
    expect(parseImportScore('2:1 (1:0)')).toEqual([2, 1]);
    expect(parseImportScore('3 - 0')).toEqual([3, 0]);
    expect(parseImportScore('-:-')).toBeNull();
    expect(parseImportScore('abgesagt')).toBeUndefined();
  });
});

describe('CSV', () => {
  it('guesses the columns from German headers and reads the rows', () => {
    const table = readCsvTable(CSV);
    expect(guessColumnMapping(table.headers)).toEqual({ source_id: 0, date: 1, time: 2, home: 3, away: 4, score: 5, location: 6, matchday: 7 });
    const { matches, problems } = readCsv();
    expect(problems).toEqual([]);
    expect(matches[0]).toMatchObject({ sourceId: '1001', match_date: '2026-08-15', match_time: '17:30', home_team: 'SV Kirchberg', home_score: 2, away_score: 1, status: 'finished', competition: 'Unterliga', season: '2026/27', matchday: 1 });
    expect(matches[1]).toMatchObject({ match_date: '2026-08-22', match_time: '16:00', location: null });
    // no result yet: the score is absent, not cleared
    expect(matches[1].home_score).toBeUndefined();
    expect(matches[2]).toMatchObject({ match_date: '2026-08-29', match_time: null, home_score: 0, away_score: 0 });
  });
  it('reads comma-separated files with separate goal columns, and names the rows it cannot read', () => {
    const text = 'Datum,Heim,Gast,Tore Heim,Tore Gast,Wettbewerb\n01.09.2026,SV Kirchberg,ASK Gnas,3,0,Cup\n32.09.2026,SV Kirchberg,X,,,\n02.09.2026,,ASK Gnas,,,';
    const { matches, problems } = readCsv(text);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ home_score: 3, away_score: 0, competition: 'Cup' });
    expect(problems.map((p) => p.message)).toEqual(['Zeile 3: Datum fehlt oder ist ungültig („32.09.2026“).', 'Zeile 4: Heim- oder Auswärtsteam fehlt.']);
  });
  it('keeps hostile names as plain text and refuses a 5,000-character cell', () => {
    const hostile = "'><script>window.__xss='attr'</script>";
    const text = `Datum;Heim;Gast\n01.09.2026;SV Kirchberg;${hostile}\n02.09.2026;SV Kirchberg;Sehr langer Name ${'x'.repeat(4983)}`;
    const { matches, problems } = readCsv(text);
    expect(matches.map((m) => m.away_team)).toEqual([hostile]);
    expect(problems).toEqual([{ line: 3, message: 'Zeile 3: ein Feld ist zu lang.' }]);
  });

  it('needs date, home and away mapped', () => {
    const table = readCsvTable('a;b\n1;2');
    expect(() => csvRowsToMatches(table, { date: 0 }, defaults)).toThrow('Bitte Datum, Heimteam und Auswärtsteam einer Spalte zuordnen.');
    expect(() => readCsvTable('\n\n')).toThrow('Die CSV-Datei enthält keine Zeilen.');
  });
});

describe('iCalendar', () => {
  const ics = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Liga//DE',
    'BEGIN:VEVENT', 'UID:spiel-1@liga.example', 'DTSTART:20260815T153000Z', 'SUMMARY:SV Kirchberg - ASK Gnas 2:1', 'LOCATION:Sportplatz', 'END:VEVENT',
    'BEGIN:VEVENT', 'UID:spiel-2@liga.example', 'DTSTART;TZID=Europe/Vienna:20261101T140000', 'SUMMARY:USV Feldbach – SV Kirchberg', 'STATUS:CANCELLED', 'END:VEVENT',
    'BEGIN:VEVENT', 'UID:spiel-3@liga.example', 'DTSTART;VALUE=DATE:20261108', 'SUMMARY:Training', 'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  it('reads teams, result, Vienna time and cancellation; names events without two teams', () => {
    const { matches, problems } = icalToMatches(ics, defaults);
    expect(matches[0]).toMatchObject({ sourceId: 'spiel-1@liga.example', match_date: '2026-08-15', match_time: '17:30', home_team: 'SV Kirchberg', away_team: 'ASK Gnas', home_score: 2, away_score: 1, status: 'finished', location: 'Sportplatz' });
    expect(matches[1]).toMatchObject({ match_date: '2026-11-01', match_time: '14:00', home_team: 'USV Feldbach', status: 'cancelled' });
    expect(problems).toEqual([{ line: 3, message: 'Termin 3: „Training“ nennt keine zwei Mannschaften.' }]);
  });
  it('without a season given, each match is in the season of its date: next season\'s fixtures read in June are next season\'s', () => {
    const calendar = ['BEGIN:VCALENDAR', ...['20270627', '20270731', '20271002'].flatMap((day, i) => ['BEGIN:VEVENT', `UID:s${i}`, `DTSTART;VALUE=DATE:${day}`, 'SUMMARY:SV A - SV B', 'END:VEVENT']), 'END:VCALENDAR'].join('\r\n');
    expect(icalToMatches(calendar, { ...defaults, season: '' }).matches.map((m) => m.season)).toEqual(['2026/27', '2027/28', '2027/28']);
    expect(icalToMatches(calendar, { ...defaults, season: ' Herbst 2027 ' }).matches.map((m) => m.season)).toEqual(['Herbst 2027', 'Herbst 2027', 'Herbst 2027']);
  });
  it('reads teams and places without the control characters a league portal left in them; its UID, a key, as it is', () => {
    const calendar = ['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'UID:k1\u0001', 'DTSTART:20260815T153000Z', 'SUMMARY:SV Kirchberg\u0002 - ASK\u000BGnas', 'LOCATION:Sport\u0003platz', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    expect(icalToMatches(calendar, defaults).matches[0]).toMatchObject({ sourceId: 'k1\u0001', home_team: 'SV Kirchberg', away_team: 'ASK Gnas', location: 'Sportplatz' });
  });
  it('reads our own feed\'s titles and refuses what is no calendar', () => {
    expect(teamsFromSummary('SV Ried-Süd – SV Kirchberg (0:3)')).toEqual({ home: 'SV Ried-Süd', away: 'SV Kirchberg', score: [0, 3] });
    expect(() => icalToMatches('hello', defaults)).toThrow('Die Datei ist kein iCalendar-Kalender (BEGIN:VCALENDAR fehlt).');
  });
  it('names an event whose start is garbage or no real day instead of failing or moving it', () => {
    const starts = ['DTSTART:morgen', 'DTSTART:20260230T150000Z', 'DTSTART;VALUE=DATE:20261301', 'DTSTART;TZID=Europe/Vienna:20261131T250000', 'DTSTART:', 'DTSTART:20260815T153000Z'];
    const calendar = ['BEGIN:VCALENDAR', ...starts.flatMap((start, i) => ['BEGIN:VEVENT', `UID:e${i}`, start, 'SUMMARY:SV A - SV B', 'END:VEVENT']), 'END:VCALENDAR'].join('\r\n');
    const { matches, problems } = icalToMatches(calendar, defaults);
    expect(problems.map((p) => p.message)).toEqual([1, 2, 3, 4, 5].map((n) => `Termin ${n}: kein gültiges Datum.`));
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ sourceId: 'e5', match_date: '2026-08-15', match_time: '17:30' });
  });
});

describe('plan', () => {
  it('writes our matches with their league\'s spelling of competition and season, so the table counts them', () => {
    const league = { id: 'L1', competition: 'Unterliga Süd', season: '2026/27', our_team_name: null };
    const text = CSV.replace('Spiel-Nr;', 'Saison;Bewerb;Spiel-Nr;').replace(/\n(\d)/g, '\n2026-27;unterliga süd;$1');
    const { matches, problems } = readCsv(text);
    expect(matches[0]).toMatchObject({ season: '2026-27', competition: 'unterliga süd' });
    const plan = planImport(matches, problems, emptyCtx({ leagues: [league] }));
    const ours = plan.items.filter((i) => i.kind === 'new');
    expect(ours.map((i) => [i.values!.competition, i.values!.season])).toEqual([['Unterliga Süd', '2026/27'], ['Unterliga Süd', '2026/27']]);
    expect(plan.counts).toMatchObject({ new: 2, league_new: 1 });
  });
  it('importing the same file twice: the second plan has nothing new and nothing changed', () => {
    const league = { id: 'L1', competition: 'Unterliga', season: '2026/27', our_team_name: null };
    const ctx = emptyCtx({ leagues: [league] });
    const { matches, problems } = readCsv();
    const first = planImport(matches, problems, ctx);
    expect(first.counts).toMatchObject({ new: 2, changed: 0, unchanged: 0, league_new: 1 });
    const second = planImport(matches, problems, applyPlan(ctx, first));
    expect(second.counts).toMatchObject({ new: 0, changed: 0, unchanged: 2, league_new: 0, league_changed: 0, league_unchanged: 1 });
    // the same for an iCalendar source and for a CSV without ids (hashed keys)
    const noIds = readCsv(CSV.replace(/^Spiel-Nr;/gm, 'X;'));
    const a = planImport(noIds.matches, [], emptyCtx());
    expect(planImport(noIds.matches, [], applyPlan(emptyCtx(), a)).counts).toMatchObject({ new: 0, changed: 0, unchanged: 2 });
  });
  it('names a changed result, time and place with their old and new values', () => {
    const { matches } = readCsv();
    const first = planImport(matches, [], emptyCtx());
    const stored = applyPlan(emptyCtx(), first);
    const changed = readCsv(CSV.replace('2:1;Sportplatz Kirchberg', '3:1;Sportplatz Kirchberg').replace('22.8.26;16.00 Uhr', '22.8.26;18:00'));
    const plan = planImport(changed.matches, [], stored);
    expect(plan.counts).toMatchObject({ new: 0, changed: 2, unchanged: 0 });
    expect(plan.items.find((i) => i.key === 'id:1001')!.diffs).toEqual([{ field: 'home_score', before: 2, after: 3 }]);
    expect(plan.items.find((i) => i.key === 'id:1002')!.diffs).toEqual([{ field: 'match_time', before: '16:00', after: '18:00' }]);
    expect(plan.fingerprint).not.toBe(planImport(matches, [], stored).fingerprint);
  });
  it('finds a match entered by hand by date and teams, and never clears a result the file does not have', () => {
    const byHand: ExistingMatch = { id: 'x', match_date: '2026-08-22', match_time: '16:00', home_team: 'USV Feldbach', away_team: 'SV Kirchberg II', home_score: 1, away_score: 1, location: null, competition: 'Unterliga', season: '2026/27', matchday: 2, status: 'finished', team_id: null, team_side: null, external_key: null };
    const plan = planImport(readCsv().matches, [], emptyCtx({ matches: [byHand] }));
    const item = plan.items.find((i) => i.id === 'x')!;
    expect(item.kind).toBe('changed');
    expect(item.diffs).toEqual([{ field: 'external_key', before: null, after: 'id:1002' }]);
    // a second source id for the same pairing and day does not take the same row over
    const twice = readCsv(CSV + '\n1099;22.8.26;16.00 Uhr;USV Feldbach;SV Kirchberg II;;;2');
    expect(planImport(twice.matches, [], emptyCtx({ matches: [byHand] })).items.filter((i) => i.match.match_date === '2026-08-22').map((i) => i.kind)).toEqual(['changed', 'new']);
  });
  it('skips matches of two other clubs when their league is not set up, and puts them into the league when it is', () => {
    const { matches } = readCsv();
    const skipped = planImport(matches, [], emptyCtx());
    expect(skipped.items.filter((i) => i.kind === 'skipped').map((i) => i.match.home_team)).toEqual(['TuS Paldau']);
    const withLeague = planImport(matches, [], emptyCtx({ leagues: [{ id: 'L1', competition: 'unterliga', season: '2026/27', our_team_name: null }] }));
    expect(withLeague.items.find((i) => i.kind === 'league_new')!.values).toMatchObject({ league_id: 'L1', home_team: 'TuS Paldau', home_score: 0, away_score: 0, match_date: '2026-08-29', matchday: 3 });
  });
  it('links our matches to the chosen team and side, and reports a match twice in one file', () => {
    const { matches } = readCsv(CSV + '\n1001;15.08.2026;17:30;SV Kirchberg;ASK Gnas;2:1;;1');
    const plan = planImport(matches, [], emptyCtx({ teamId: 'T1' }));
    expect(plan.items.filter((i) => i.kind === 'new').map((i) => [i.values!.team_id, i.values!.team_side])).toEqual([['T1', 'home'], ['T1', 'away']]);
    expect(plan.problems).toEqual([{ line: 5, message: 'Zeile 5: dieses Spiel kommt in der Datei doppelt vor.' }]);
    expect(importKey({ sourceId: null, match_date: '2026-08-15', home_team: 'SV  Kirchberg', away_team: 'ASK Gnas', competition: 'Unterliga' })).toBe(
      importKey({ sourceId: null, match_date: '2026-08-15', home_team: 'sv kirchberg', away_team: 'ASK Gnas', competition: 'UNTERLIGA' }),
    );
  });
});

describe('status from a calendar (a cancellation is never lifted by an event that merely goes on)', () => {
  const calendar = (...events: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events.flatMap((e) => ['BEGIN:VEVENT', ...e, 'END:VEVENT']), 'END:VCALENDAR'].join('\r\n');
  const event = (uid: string, summary: string, ...more: string[]) => [`UID:${uid}`, 'DTSTART:20261101T130000Z', `SUMMARY:${summary}`, ...more];
  const stored = (o: Partial<ExistingMatch>): ExistingMatch => ({
    id: 'x', match_date: '2026-11-01', match_time: '14:00', home_team: 'SV Kirchberg', away_team: 'ASK Gnas', home_score: null, away_score: null, location: null,
    competition: 'Unterliga', season: '2026/27', matchday: null, status: 'scheduled', team_id: null, team_side: null, external_key: 'id:k1', ...o,
  });
  const planOf = (ics: string, existing: ExistingMatch) => planImport(icalToMatches(ics, defaults).matches, [], emptyCtx({ matches: [existing] })).items[0];

  it('reads the portals\' title prefixes and STATUS as cancelled or postponed, and strips them from the teams', () => {
    const { matches, problems } = icalToMatches(
      calendar(
        event('a', 'Abgesagt: SV Kirchberg - ASK Gnas'),
        event('b', 'Verlegt: SV Kirchberg - USV Feldbach'),
        event('c', 'Verschoben: SV Kirchberg – TuS Paldau', 'STATUS:TENTATIVE'),
        event('d', 'SV Kirchberg - SC Weiz', 'STATUS:CANCELLED'),
        event('e', 'SV Kirchberg - SC Gleisdorf', 'STATUS:TENTATIVE'),
        event('f', 'ABSAGE! SV Kirchberg - FC Fehring', 'STATUS:CONFIRMED'),
      ),
      defaults,
    );
    expect(problems).toEqual([]);
    expect(matches.map((m) => [m.home_team, m.away_team, m.status])).toEqual([
      ['SV Kirchberg', 'ASK Gnas', 'cancelled'],
      ['SV Kirchberg', 'USV Feldbach', 'postponed'],
      ['SV Kirchberg', 'TuS Paldau', 'postponed'],
      ['SV Kirchberg', 'SC Weiz', 'cancelled'],
      ['SV Kirchberg', 'SC Gleisdorf', 'scheduled'],
      ['SV Kirchberg', 'FC Fehring', 'cancelled'],
    ]);
  });

  it('keeps a cancellation or postponement the admin set when the event only goes on, and lists no change', () => {
    const plain = calendar(event('k1', 'SV Kirchberg - ASK Gnas', 'STATUS:CONFIRMED'));
    for (const status of ['cancelled', 'postponed']) {
      const existing = stored({ status });
      const item = planOf(plain, existing);
      expect(item.kind, status).toBe('unchanged');
      expect(applyPlan(emptyCtx({ matches: [existing] }), planImport(icalToMatches(plain, defaults).matches, [], emptyCtx({ matches: [existing] }))).matches[0].status).toBe(status);
    }
    // the portal's own markers are taken over: they say something
    expect(planOf(calendar(event('k1', 'Abgesagt: SV Kirchberg - ASK Gnas')), stored({ status: 'scheduled' })).diffs).toEqual([{ field: 'status', before: 'scheduled', after: 'cancelled' }]);
    expect(planOf(calendar(event('k1', 'Verschoben: SV Kirchberg - ASK Gnas', 'STATUS:TENTATIVE')), stored({ status: 'cancelled' })).diffs).toEqual([{ field: 'status', before: 'cancelled', after: 'postponed' }]);
  });

  it('takes a postponed or cancelled match back into the fixtures when the source gives it a new day', () => {
    const moved = calendar(['UID:k1', 'DTSTART:20261115T130000Z', 'SUMMARY:SV Kirchberg - ASK Gnas']);
    for (const status of ['cancelled', 'postponed']) {
      expect(planOf(moved, stored({ status })).diffs, status).toEqual([
        { field: 'match_date', before: '2026-11-01', after: '2026-11-15' },
        { field: 'status', before: status, after: 'scheduled' },
      ]);
    }
  });

  it('never takes a played or running match back to planned, cancelled or postponed', () => {
    for (const summary of ['SV Kirchberg - ASK Gnas', 'Abgesagt: SV Kirchberg - ASK Gnas', 'Verschoben: SV Kirchberg - ASK Gnas']) {
      for (const status of ['live', 'finished']) {
        const item = planOf(calendar(event('k1', summary)), stored({ status, home_score: 1, away_score: 0 }));
        expect(item.kind, `${summary} / ${status}`).toBe('unchanged');
      }
    }
    // a result is news, though: a cancelled match that was played after all is finished
    expect(planOf(calendar(event('k1', 'SV Kirchberg - ASK Gnas 2:1')), stored({ status: 'cancelled' })).values).toMatchObject({ status: 'finished', home_score: 2, away_score: 1 });
  });

  it('a CSV states no status but a result: it neither lifts nor sets a cancellation', () => {
    const existing = stored({ status: 'cancelled', external_key: 'id:1001', match_date: '2026-08-15', match_time: '17:30', location: 'Sportplatz Kirchberg', matchday: 1 });
    const noResult = readCsv(CSV.replace('2:1;Sportplatz', ';Sportplatz'));
    expect(noResult.matches[0].status).toBeUndefined();
    expect(planImport(noResult.matches.slice(0, 1), [], emptyCtx({ matches: [existing] })).items[0].kind).toBe('unchanged');
  });
});
