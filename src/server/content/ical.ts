// The fixtures as an iCalendar feed (RFC 5545, RFC 7986): one event per match
// with a UID that never changes, SEQUENCE raised on every change, DTSTAMP from
// the row's last change (so an unchanged fixture list gives the same bytes),
// STATUS:CANCELLED, start times converted from Vienna wall-clock time to UTC.
// A cancelled or postponed match says so at the front of SUMMARY ('Abgesagt: ',
// 'Verschoben: '), as the football portals write it: calendar apps show the
// title and hardly ever STATUS, so a postponed match looked like it was still
// on. The match import reads these prefixes back (lib/match-import/ical.ts).
// A played match carries its result in SUMMARY ('A – B (2:1)') and as the
// first line of DESCRIPTION ('Endstand 2:1'); each event links to its match
// page when the caller names one. The club-wide feed and each team's feed
// (issue 14) share the UIDs, so the same match is the same event in both.
import { viennaTimeToUtc } from '../../lib/dates-de';
import { matchStatusLabel } from '../../lib/match-labels';
import { isCalendarDate } from '../../lib/schemas/match';
import type { ListedMatch } from './public-matches';
import { rowParts } from './row-parts';

const MATCH_DURATION_HOURS = 2;

function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (RFC 5545 §3.1). */
function fold(line: string): string {
  // most lines are short: no need to walk them (a calendar of 500 matches has 8,000 lines)
  if (line.length <= 75 && Buffer.byteLength(line) <= 75) return line;
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (bytes + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function stampOf(value: string | null | undefined, fallback: Date): string {
  const d = value ? new Date(value) : null;
  return utcStamp(d && !Number.isNaN(d.getTime()) ? d : fallback);
}

export type ICalOptions = {
  calendarName: string;
  host: string;
  /** the page the calendar stands for */
  url: string;
  /** each match's own page, where it has one */
  eventUrl?: (match: ListedMatch) => string;
  now?: Date;
};

/** 'Endstand 2:1' for a finished match with both scores, else null. */
export function finalScoreLine(m: Pick<ListedMatch, 'status' | 'home_score' | 'away_score'>): string | null {
  return m.status === 'finished' && m.home_score != null && m.away_score != null ? `Endstand ${m.home_score}:${m.away_score}` : null;
}

const END = Buffer.from('END:VCALENDAR\r\n');

/**
 * The calendar as the bytes of its file. Bytes, not text: the events are kept encoded (eventOf), and
 * joining a calendar's 500 event texts and encoding the 200 KB again cost more than the rest of it.
 */
export function iCalendar(matches: readonly ListedMatch[], opts: ICalOptions): Buffer<ArrayBuffer> {
  const now = opts.now ?? new Date();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Anstoss//Spielplan//DE',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(opts.calendarName)}`,
    `X-WR-CALNAME:${escapeText(opts.calendarName)}`,
    'X-WR-TIMEZONE:Europe/Vienna',
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
  ];
  // each part ends its last line with CRLF
  const parts = [Buffer.from(`${lines.map(fold).join('\r\n')}\r\n`)];
  for (const m of matches) {
    // a row whose date cannot be read cannot be an event; the others still are
    if (!isCalendarDate(m.match_date)) continue;
    parts.push(eventOf(m, opts, now));
  }
  parts.push(END);
  return Buffer.concat(parts);
}

// A match result republishes the club's calendar and its team's, each with every match of the club: each
// event is kept encoded, with the CRLF that ends it, per host and match (row-parts.ts), so that only the
// changed match is written again.
const EVENT_FIELDS = [
  'id', 'updated_at', 'created_at', 'sequence', 'match_date', 'match_time', 'home_team', 'away_team',
  'home_score', 'away_score', 'competition', 'season', 'matchday', 'status', 'location', 'notes',
] as const satisfies readonly (keyof ListedMatch)[];
const events = rowParts<ListedMatch, Buffer<ArrayBuffer>>(EVENT_FIELDS);

function eventOf(m: ListedMatch, opts: ICalOptions, now: Date): Buffer<ArrayBuffer> {
  const url = opts.eventUrl?.(m) ?? opts.url;
  return events.get(
    `${opts.host}\u0000${m.id}`,
    m,
    [url],
    () => Buffer.from(`${eventLines(m, opts.host, url, now).map(fold).join('\r\n')}\r\n`),
    // a row without a readable change time is stamped with now: not kept. Asked only for an event just made:
    // a kept one was made of the same change time, readable then (parsing a date for each of a calendar's
    // 500 events cost more than finding its bytes)
    () => !Number.isNaN(new Date(m.updated_at ?? m.created_at ?? '').getTime()),
  );
}

function eventLines(m: ListedMatch, host: string, url: string, now: Date): string[] {
  const lines: string[] = [];
  const stamp = stampOf(m.updated_at ?? m.created_at, now);
  const start = m.match_time ? viennaTimeToUtc(m.match_date, m.match_time) : null;
  // a running match's score so far is no result: a calendar app shows it for hours after as if it were one
  // (and a match import read it as the final score, lib/match-import/ical.ts)
  const score = m.status !== 'live' && m.home_score != null && m.away_score != null ? ` (${m.home_score}:${m.away_score})` : '';
  const description = [finalScoreLine(m), m.competition, m.season && `Saison ${m.season}`, m.matchday != null && `Spieltag ${m.matchday}`, matchStatusLabel(m.status), m.notes]
    .filter(Boolean)
    .join('\n');
  lines.push('BEGIN:VEVENT', `UID:match-${m.id}@${host}`, `DTSTAMP:${stamp}`, `LAST-MODIFIED:${stamp}`, `SEQUENCE:${m.sequence ?? 0}`);
  if (start) {
    lines.push(`DTSTART:${utcStamp(start)}`, `DTEND:${utcStamp(new Date(start.getTime() + MATCH_DURATION_HOURS * 3600_000))}`);
  } else {
    const day = m.match_date.replace(/-/g, '');
    const next = new Date(`${m.match_date}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    lines.push(`DTSTART;VALUE=DATE:${day}`, `DTEND;VALUE=DATE:${next.toISOString().slice(0, 10).replace(/-/g, '')}`);
  }
  // 'Abgesagt: ', 'Verschoben: ': the words the match import strips again
  const setAside = m.status === 'cancelled' || m.status === 'postponed' ? `${matchStatusLabel(m.status)}: ` : '';
  lines.push(`SUMMARY:${escapeText(`${setAside}${m.home_team} – ${m.away_team}${score}`)}`);
  if (m.location) lines.push(`LOCATION:${escapeText(m.location)}`);
  if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
  lines.push(`STATUS:${m.status === 'cancelled' ? 'CANCELLED' : m.status === 'postponed' ? 'TENTATIVE' : 'CONFIRMED'}`);
  lines.push(`URL:${url}`, 'END:VEVENT');
  return lines;
}

