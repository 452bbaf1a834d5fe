import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { finalScoreLine, iCalendar } from './ical';
import { icalToMatches } from '../../lib/match-import/ical';
import type { MatchRow } from './public-content';

/** The calendar as text, as a calendar app reads its file. */
const matchesToICal = (...args: Parameters<typeof iCalendar>) => iCalendar(...args).toString('utf8');

const match = (o: Partial<MatchRow>): MatchRow => ({
  id: 'm1',
  home_team: 'SV Kirchberg',
  away_team: 'SC Gleisdorf',
  match_date: '2026-03-29',
  match_time: '02:30',
  location: null,
  competition: null,
  season: null,
  matchday: null,
  match_type: 'league',
  home_score: null,
  away_score: null,
  status: 'scheduled',
  notes: null,
  sequence: 0,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  team_id: null,
  team_side: null,
  report: null,
  report_images: [],
  opponent_lineup: null,
  live_phase: 'not_started',
  kickoff_at: null,
  second_half_at: null,
  external_key: null,
  ...o,
});

const opts = { calendarName: 'Spielplan', host: 'verein.example', url: 'https://verein.example/spielplan' };

describe('iCalendar', () => {
  it('writes an event again when the row it was made of changes in place, or its address does', () => {
    const row = match({ status: 'finished', home_score: 1, away_score: 0 });
    expect(matchesToICal([row], opts)).toContain('(1:0)');
    // a shared read's row, changed under the calendar: the kept event followed the values, not the object
    row.home_score = 2;
    expect(matchesToICal([row], opts)).toContain('(2:0)');
    expect(matchesToICal([row], { ...opts, eventUrl: () => 'https://verein.example/spiel/m1' })).toContain('URL:https://verein.example/spiel/m1');
    expect(matchesToICal([row], opts)).toContain('URL:https://verein.example/spielplan');
  });

  it('writes an event again for every value it shows, even where the row kept its change time and sequence', () => {
    const played = (home: number, away: number, extra: Partial<MatchRow> = {}) =>
      matchesToICal([match({ status: 'finished', home_score: home, away_score: away, ...extra })], opts);
    expect(played(2, 1)).toContain('SUMMARY:SV Kirchberg – SC Gleisdorf (2:1)');
    // the same row with another score: the kept text of the first call is not handed out
    expect(played(3, 1)).toContain('SUMMARY:SV Kirchberg – SC Gleisdorf (3:1)');
    expect(played(3, 1, { location: 'Sportplatz' })).toContain('LOCATION:Sportplatz');
    expect(played(3, 1)).not.toContain('LOCATION');
    expect(matchesToICal([match({ status: 'finished', home_score: 3, away_score: 1 })], { ...opts, host: 'other.example' })).toContain('UID:match-m1@other.example');
    // a row without a change time is stamped with the time of the call, each time
    const undated = (now: string) => matchesToICal([match({ created_at: null as never, updated_at: null as never })], { ...opts, now: new Date(now) });
    expect(undated('2026-05-01T08:00:00Z')).toContain('DTSTAMP:20260501T080000Z');
    expect(undated('2026-05-02T08:00:00Z')).toContain('DTSTAMP:20260502T080000Z');
    // and so is one whose change time cannot be read
    const unreadable = (now: string) => matchesToICal([match({ created_at: 'kein Datum', updated_at: 'kein Datum' })], { ...opts, now: new Date(now) });
    expect(unreadable('2026-05-03T08:00:00Z')).toContain('DTSTAMP:20260503T080000Z');
    expect(unreadable('2026-05-04T08:00:00Z')).toContain('DTSTAMP:20260504T080000Z');
  });

  it('folds long lines at 75 octets without splitting a character, and parses back to the same text', () => {
    const long = 'Übergröße Grüße aus Kirchberg – äöü ÄÖÜ ß; mit, Satzzeichen\\ und\nZeilenumbruch '.repeat(4);
    const text = matchesToICal([match({ notes: long, location: long })], opts);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.location).toBe(long);
    expect(event.description).toContain(long);
  });

  it('takes DTSTAMP from the last change, so the same rows give the same bytes', () => {
    const a = matchesToICal([match({})], { ...opts, now: new Date('2026-05-01T00:00:00Z') });
    const b = matchesToICal([match({})], { ...opts, now: new Date('2026-06-01T00:00:00Z') });
    expect(a).toBe(b);
    expect(a).toContain('DTSTAMP:20260102T100000Z');
  });

  it('converts Vienna wall-clock time to UTC across the change to summer time', () => {
    // summer time starts in the night to 29 March 2026: 15:00 is 14:00 UTC the day before, 13:00 UTC that day
    const text = matchesToICal([match({ id: 'a', match_date: '2026-03-28', match_time: '15:00' }), match({ id: 'b', match_date: '2026-03-29', match_time: '15:00' })], opts);
    expect(text).toContain('UID:match-a@verein.example\r\nDTSTAMP');
    expect(text).toMatch(/UID:match-a@verein\.example[\s\S]*?DTSTART:20260328T140000Z/);
    expect(text).toMatch(/UID:match-b@verein\.example[\s\S]*?DTSTART:20260329T130000Z/);
  });

  it('leaves out rows without a readable date and strips control characters', () => {
    // no real day either (written beside the forms, e.g. in the sqlite shell): left out, the others still listed
    const noDay = [match({ id: 'feb', match_date: '2026-02-30', match_time: null }), match({ id: 'm13', match_date: '2026-13-01', match_time: null })];
    const text = matchesToICal([match({ id: 'x', match_date: 'bald' }), ...noDay, match({ id: 'y', home_team: 'A\u0000B\u0007C' })], opts);
    expect(text).not.toContain('match-x@');
    expect(text).not.toContain('match-feb@');
    expect(text).not.toContain('match-m13@');
    expect(text).toContain('SUMMARY:ABC – SC Gleisdorf');
  });
});

describe('results, cancellations and links (issue 14)', () => {
  const parse = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => ({ v, e: new ICAL.Event(v) }));

  it('carries a finished match\'s result in SUMMARY and DESCRIPTION, and links each event to its match page', () => {
    const text = matchesToICal(
      [match({ id: 'f', home_score: 2, away_score: 1, status: 'finished', competition: 'Unterliga', sequence: 3 }), match({ id: 's' })],
      { ...opts, eventUrl: (m) => `https://verein.example/spiel/${m.id}` },
    );
    const [finished, scheduled] = parse(text);
    expect(finished.e.summary).toBe('SV Kirchberg – SC Gleisdorf (2:1)');
    expect(finished.e.description.split('\n')[0]).toBe('Endstand 2:1');
    expect(finished.e.sequence).toBe(3);
    expect(finished.v.getFirstPropertyValue('url')).toBe('https://verein.example/spiel/f');
    expect(scheduled.e.description).not.toContain('Endstand');
    expect(scheduled.v.getFirstPropertyValue('url')).toBe('https://verein.example/spiel/s');
  });

  it('marks cancelled matches CANCELLED and keeps the UID when a match changes', () => {
    const before = parse(matchesToICal([match({ id: 'c', sequence: 0 })], opts))[0];
    const after = parse(matchesToICal([match({ id: 'c', status: 'cancelled', sequence: 1, updated_at: '2026-01-03T10:00:00.000Z' })], opts))[0];
    expect(after.e.uid).toBe(before.e.uid);
    expect(after.v.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(after.e.sequence).toBeGreaterThan(before.e.sequence);
    expect(finalScoreLine({ status: 'live', home_score: 1, away_score: 0 })).toBeNull();
  });

  it('names a postponed or cancelled match in its title, as the football portals do, so a calendar app shows it', () => {
    const [postponed, cancelled] = parse(matchesToICal([match({ id: 'p', status: 'postponed' }), match({ id: 'c', status: 'cancelled' })], opts));
    expect(postponed.e.summary).toBe('Verschoben: SV Kirchberg – SC Gleisdorf');
    expect(postponed.v.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(cancelled.e.summary).toBe('Abgesagt: SV Kirchberg – SC Gleisdorf');
    expect(cancelled.v.getFirstPropertyValue('status')).toBe('CANCELLED');
    // a running match's score so far is no result: neither in the title nor as 'Endstand'
    const [live] = parse(matchesToICal([match({ id: 'l', status: 'live', home_score: 1, away_score: 0 })], opts));
    expect(live.e.summary).toBe('SV Kirchberg – SC Gleisdorf');
    expect(live.e.description).not.toContain('1:0');
  });

  it('reads back through the match import with the same teams, result and status', () => {
    const rows = [
      match({ id: 's' }),
      match({ id: 'p', status: 'postponed' }),
      match({ id: 'c', status: 'cancelled', away_team: 'SC Gleisdorf: Reserve' }),
      match({ id: 'f', status: 'finished', home_score: 2, away_score: 1 }),
    ];
    const { matches, problems } = icalToMatches(matchesToICal(rows, opts), { competition: 'Unterliga', season: '2025/26' });
    expect(problems).toEqual([]);
    expect(matches.map((m) => [m.sourceId, m.home_team, m.away_team, m.home_score ?? null, m.status])).toEqual(
      rows.map((r) => [`match-${r.id}@verein.example`, r.home_team, r.away_team, r.home_score, r.status]),
    );
  });
});
