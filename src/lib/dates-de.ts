// One formatter for every date on the site (design habit 9): the spec's de-DE
// locale, always in the club's time zone, so server and browser agree.
export const LOCALE = 'de-DE';
export const TIME_ZONE = 'Europe/Vienna';

const longDate = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });
const weekdayLongDate = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const shortDate = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });

/** A plain calendar date 'YYYY-MM-DD' is a day in Vienna, not a UTC instant. */
function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  // noon UTC is the same calendar day in Vienna in every season
  const d = plain ? new Date(Date.UTC(+plain[1], +plain[2] - 1, +plain[3], 12)) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '10. Januar 2025' */
export function formatDate(value: string | Date | null | undefined): string {
  const d = value == null ? null : toDate(value);
  return d ? longDate.format(d) : '';
}

/**
 * Results of the pure, Intl-bound conversions by their input string. A fixtures
 * list renders the same few hundred dates on many pages of one publish, and
 * Intl's formatToParts was a twentieth of the list's render time. Bounded: past
 * this many entries it starts over.
 */
function memoByString<T>(compute: (key: string) => T, limit = 20_000): (key: string) => T {
  const memo = new Map<string, T>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined && !memo.has(key)) {
      if (memo.size >= limit) memo.clear();
      value = compute(key);
      memo.set(key, value);
    }
    return value as T;
  };
}

const longDateOfString = memoByString((value) => {
  const d = toDate(value);
  return d ? weekdayLongDate.format(d) : '';
});

/** 'Samstag, 10. August 2024' — the long German format of the fixtures list. */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (typeof value === 'string') return longDateOfString(value);
  const d = value == null ? null : toDate(value);
  return d ? weekdayLongDate.format(d) : '';
}

/** '10.01.2025' */
export function formatShortDate(value: string | Date | null | undefined): string {
  const d = value == null ? null : toDate(value);
  return d ? shortDate.format(d) : '';
}

const viennaParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The UTC instant of a wall-clock time in Vienna ('2024-08-10', '16:00'). */
export function viennaTimeToUtc(date: string, time: string): Date | null {
  const ms = viennaWallToEpoch(`${date}|${time}`);
  // a new Date each time: callers may change theirs
  return ms === null ? null : new Date(ms);
}

const viennaWallToEpoch = memoByString((key) => {
  const [date, time] = key.split('|');
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(+d[1], +d[2] - 1, +d[3], +t[1], +t[2]);
  // the wall time an instant shows in Vienna, as if it were UTC
  const shownAt = (ms: number) => {
    const parts = Object.fromEntries(viennaParts.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
    return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  };
  // the offset at that moment, found by formatting a guess in Vienna time
  let guess = wall;
  for (let i = 0; i < 2; i++) guess += wall - shownAt(guess);
  // the hour the autumn change repeats (02:00–02:59) is meant at its first occurrence, as RFC 5545 reads it
  // (3.3.5) and as the pages count a match's end by the wall clock; the loop above may land on the second
  if (shownAt(guess - 3_600_000) === wall) return guess - 3_600_000;
  return guess;
});

/** The calendar day in Vienna at an instant, as 'YYYY-MM-DD' (what "today" is for the club). */
export function viennaDate(at: Date): string {
  const parts = Object.fromEntries(viennaParts.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Minutes since midnight on Vienna's clocks at `at` (the wall time: 23 or 25 hours on the days the clocks change). */
export function viennaMinutes(at: Date): number {
  const parts = Object.fromEntries(viennaParts.formatToParts(at).map((p) => [p.type, p.value]));
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/** The day and the minutes of it in Vienna at `at` (a publish's moment, as the fixtures and team pages count it). */
export function viennaMoment(at: number | Date): readonly [day: string, minutes: number] {
  const instant = new Date(at);
  return [viennaDate(instant), viennaMinutes(instant)];
}

/** The first time after `time` at which Vienna's clocks show `clock` ('HH:MM'; a time that exists every day). */
export function nextViennaTimeAfter(time: number, clock: string): number {
  const today = viennaDate(new Date(time));
  const tonight = viennaTimeToUtc(today, clock)!.getTime();
  return tonight > time ? tonight : viennaTimeToUtc(addDays(today, 1), clock)!.getTime();
}

/** The calendar day `days` after 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const wallTime = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** '14. Oktober 2026, 12:02 Uhr': a moment (ms since epoch) as the club's clocks show it. */
export function formatDateTime(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return '';
  const d = new Date(ms);
  return `${longDate.format(d)}, ${wallTime.format(d)} Uhr`;
}

const clockTime = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** '14:02:07': a moment of the next minutes (ms since epoch) on the club's clocks, to the second. */
export function formatClockTime(ms: number): string {
  return clockTime.format(new Date(ms));
}

/**
 * The moment a datetime-local field means ('2026-10-14T12:02', seconds allowed),
 * read as Vienna's wall clock; null when it is no real date and time (30 February, 25:00, or 02:30 on the Sunday
 * the clocks go forward).
 */
export function viennaLocalToEpoch(value: string): number | null {
  const read = readViennaLocal(value);
  // the hour the spring change skips (02:00–02:59 on its Sunday) is on no clock: refused, not moved to 03:xx
  return read && !read.skipped ? read.ms : null;
}

/** Whether a datetime-local value is a real date whose time the spring change skips (02:30 on its Sunday). */
export function isSkippedViennaTime(value: string): boolean {
  return readViennaLocal(value)?.skipped === true;
}

function readViennaLocal(value: string): { ms: number; skipped: boolean } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = [+m[1], +m[2], +m[3], +m[4], +m[5]];
  // a three-digit year is a typo (and Date.UTC reads years below 100 as 19xx)
  if (year < 1000) return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59) return null;
  // a datetime-local field has minutes at most: seconds are dropped, so the time is a whole minute
  const ms = viennaTimeToUtc(`${m[1]}-${m[2]}-${m[3]}`, `${m[4]}:${m[5]}`)!.getTime();
  return { ms, skipped: epochToViennaLocal(ms) !== `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}` };
}

/** The value of a datetime-local field for a moment: Vienna's wall clock, 'YYYY-MM-DDTHH:MM'. */
export function epochToViennaLocal(ms: number): string {
  const parts = Object.fromEntries(viennaParts.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
