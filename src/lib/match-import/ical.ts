// iCalendar fixtures (a league portal's .ics file or subscription URL, or our
// own feed): one match per VEVENT. The teams and a result come from SUMMARY
// ('SV A – SV B', 'SV A - SV B 2:1', 'SV A : SV B (2:1)'), the time from
// DTSTART (UTC converted to Vienna; a local or TZID time taken as Vienna
// wall-clock time, which is what Austrian and German portals write), a
// cancellation or postponement from STATUS:CANCELLED or the title's prefix
// ('Abgesagt: …', 'Verschoben: …', as the portals and our own feed write it),
// the stable key from UID.
import ICAL from 'ical.js';
import { MATCH_IMPORT_TEXTS as T } from './texts';
import { ImportReadError, MAX_IMPORT_ROWS, type ImportDefaults, type ImportedMatch, type ImportProblem, type ReadResult } from './types';
import { seasonOfDate } from '../fixtures';
import { withoutControlCharacters } from '../xml-text';

const viennaParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Vienna',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const pad = (n: number) => String(n).padStart(2, '0');

function dateAndTime(start: ICAL.Time): { date: string; time: string | null } {
  if (start.isDate) return { date: `${start.year}-${pad(start.month)}-${pad(start.day)}`, time: null };
  if (start.zone?.tzid === 'UTC') {
    const p = Object.fromEntries(viennaParts.formatToParts(start.toJSDate()).map((part) => [part.type, part.value]));
    return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
  }
  return { date: `${start.year}-${pad(start.month)}-${pad(start.day)}`, time: `${pad(start.hour)}:${pad(start.minute)}` };
}

const RAW_START = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/;

/**
 * The event's start as written, when it is a real day and time: ical.js throws
 * on garbage and silently rolls impossible dates on (20260230 became 2 March),
 * so a typo would have put a match on a day nobody entered.
 */
function realStart(component: ICAL.Component, event: ICAL.Event): ICAL.Time | null {
  const raw = String(component.getFirstProperty('dtstart')?.toICALString() ?? '').replace(/^[^:]*:/, '').trim();
  const parts = RAW_START.exec(raw);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map((part) => Number(part ?? 0));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > lastDay || hour > 23 || minute > 59 || second > 60) return null;
  try {
    return event.startDate;
  } catch {
    return null;
  }
}

const SCORE_AT_END = /\s*\(?\s*(\d{1,3})\s*:\s*(\d{1,3})\s*\)?\s*$/;
const SIDES = /^(.+?)\s+(?:–|—|-|:|vs\.?|gegen)\s+(.+)$/i;

const STATUS_PREFIX = /^(abgesagt|absage|verlegt|verschoben)\s*[:!-]\s*/i;

/** What a title's prefix says of the match ('Abgesagt: A – B'); null without one. */
export function statusOfSummary(summary: string): 'cancelled' | 'postponed' | null {
  const prefix = STATUS_PREFIX.exec(summary.trim())?.[1].toLowerCase();
  if (!prefix) return null;
  return prefix === 'abgesagt' || prefix === 'absage' ? 'cancelled' : 'postponed';
}

/** Home, away and a result from an event's title; null when it names no two teams. */
export function teamsFromSummary(summary: string): { home: string; away: string; score: [number, number] | null } | null {
  let text = summary.trim().replace(STATUS_PREFIX, '');
  const score = SCORE_AT_END.exec(text);
  if (score) text = text.slice(0, score.index);
  const sides = SIDES.exec(text);
  if (!sides) return null;
  return { home: sides[1].trim(), away: sides[2].trim(), score: score ? [+score[1], +score[2]] : null };
}

/** The calendar's matches; throws a German message when the text is no calendar at all. */
export function icalToMatches(text: string, defaults: ImportDefaults): ReadResult {
  if (!/BEGIN:VCALENDAR/i.test(text)) throw new ImportReadError(T.notCalendar);
  let events: ICAL.Component[];
  try {
    events = new ICAL.Component(ICAL.parse(text.replace(/^\uFEFF/, ''))).getAllSubcomponents('vevent');
  } catch {
    throw new ImportReadError(T.calendarUnreadable);
  }
  if (events.length > MAX_IMPORT_ROWS) throw new ImportReadError(T.tooManyRows(MAX_IMPORT_ROWS));
  const matches: ImportedMatch[] = [];
  const problems: ImportProblem[] = [];
  events.forEach((component, index) => {
    const line = index + 1;
    const event = new ICAL.Event(component);
    const summary = withoutControlCharacters(event.summary ?? '').trim();
    const teams = teamsFromSummary(summary);
    if (!teams || teams.home.length > 200 || teams.away.length > 200) return problems.push({ line, message: T.eventTeams(line, summary.slice(0, 200)) });
    const start = realStart(component, event);
    if (!start) return problems.push({ line, message: T.eventDate(line) });
    const { date, time } = dateAndTime(start);
    // STATUS:TENTATIVE alone says nothing a club could act on; with 'Verschoben:' the title says it
    const cancelled = String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
    const marked = cancelled ? 'cancelled' : statusOfSummary(summary);
    const competition = defaults.competition.trim();
    if (!competition) return problems.push({ line, message: T.rowCompetition(line) });
    // the UID is a key, never shown: kept as it is, so that a match imported before is found again
    const uid = (event.uid ?? '').trim();
    const match: ImportedMatch = {
      line,
      sourceId: uid || null,
      match_date: date,
      match_time: time,
      home_team: teams.home,
      away_team: teams.away,
      competition,
      season: defaults.season.trim() || seasonOfDate(date),
    };
    const location = withoutControlCharacters(event.location ?? '').trim();
    if (location) match.location = location.slice(0, 300);
    if (teams.score) [match.home_score, match.away_score] = teams.score;
    // 'scheduled' only says the event names no cancellation: the plan never lifts one with it (plan.ts)
    match.status = marked ?? (teams.score ? 'finished' : 'scheduled');
    matches.push(match);
  });
  return { matches, problems };
}
