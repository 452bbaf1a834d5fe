// The fixtures as an iCalendar feed (RFC 5545): stable UIDs, DTSTAMP, SEQUENCE
// raised on every change, STATUS:CANCELLED, times in UTC.
import { viennaTimeToUtc } from '../../lib/dates-de';
import { matchStatusLabel } from '../../lib/match-labels';
import type { MatchRow } from './public-content';

const MATCH_DURATION_HOURS = 2;

function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (RFC 5545 §3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char) > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
    }
    current += char;
  }
  out.push(current);
  return out.join('\r\n ');
}

const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export function matchesToICal(matches: MatchRow[], opts: { calendarName: string; host: string; url: string; now?: Date }): string {
  const stamp = utcStamp(opts.now ?? new Date());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Anstoss//Spielplan//DE',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(opts.calendarName)}`,
    'X-WR-TIMEZONE:Europe/Vienna',
  ];
  for (const m of matches) {
    const start = m.match_time ? viennaTimeToUtc(m.match_date, m.match_time) : null;
    const score = m.home_score != null && m.away_score != null ? ` (${m.home_score}:${m.away_score})` : '';
    const description = [m.competition, m.season && `Saison ${m.season}`, m.matchday != null && `Spieltag ${m.matchday}`, matchStatusLabel(m.status), m.notes]
      .filter(Boolean)
      .join('\n');
    lines.push('BEGIN:VEVENT', `UID:match-${m.id}@${opts.host}`, `DTSTAMP:${stamp}`, `SEQUENCE:${m.sequence}`);
    if (start) {
      lines.push(`DTSTART:${utcStamp(start)}`, `DTEND:${utcStamp(new Date(start.getTime() + MATCH_DURATION_HOURS * 3600_000))}`);
    } else {
      const day = m.match_date.replace(/-/g, '');
      const next = new Date(`${m.match_date}T12:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      lines.push(`DTSTART;VALUE=DATE:${day}`, `DTEND;VALUE=DATE:${next.toISOString().slice(0, 10).replace(/-/g, '')}`);
    }
    lines.push(`SUMMARY:${escapeText(`${m.home_team} – ${m.away_team}${score}`)}`);
    if (m.location) lines.push(`LOCATION:${escapeText(m.location)}`);
    if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
    lines.push(`STATUS:${m.status === 'cancelled' ? 'CANCELLED' : m.status === 'postponed' ? 'TENTATIVE' : 'CONFIRMED'}`);
    lines.push(`URL:${opts.url}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
