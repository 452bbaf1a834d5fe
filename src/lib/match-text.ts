import { formatDate } from './dates-de';
// Team names of the next-match card from its free text (public-site.md §9):
// 'Team A vs. Team B', 'Team A VS Team B', or three lines (home, separator, away).
export function parseMatchTeams(text: string | null | undefined): { home: string; away: string } {
  const value = (text ?? '').trim();
  if (!value) return { home: '', away: '' };
  if (value.includes(' vs. ')) {
    const [home, ...rest] = value.split(' vs. ');
    return { home: home.trim(), away: rest.join(' vs. ').trim() };
  }
  if (value.includes('VS')) {
    // a standalone 'VS' first, so that a name such as 'VSV' stays whole
    const spaced = /\s+VS\s+/.exec(value);
    const at = spaced ? spaced.index : value.indexOf('VS');
    const end = spaced ? at + spaced[0].length : at + 2;
    return { home: value.slice(0, at).trim(), away: value.slice(end).trim() };
  }
  const lines = value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length >= 3) return { home: lines[0], away: lines[2] };
  if (lines.length === 2) return { home: lines[0], away: lines[1] };
  return { home: value, away: '' };
}

/** The next match's stored date: an ISO date ('2024-08-10') in German words, free text as it is. */
export function matchDateText(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : v;
}

const MONTHS: Record<string, number> = {
  jänner: 1, januar: 1, feber: 2, februar: 2, märz: 3, april: 4, mai: 5, juni: 6,
  juli: 7, august: 8, september: 9, oktober: 10, november: 11, dezember: 12,
};

/**
 * The day a next-match card's date names, as 'YYYY-MM-DD': an ISO date, '10.08.2024' or '10. August 2024'
 * (the spec's fallback, and how the card shows a date); null for text without a whole date ('Sa, 12.12.').
 */
export function cardDay(value: string | null | undefined): string | null {
  const v = (value ?? '').trim().toLowerCase();
  let parts: [number, number, number] | null = null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const numeric = /(?<!\d)(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})(?!\d)/.exec(v);
  const words = /(?<!\d)(\d{1,2})\.\s*([a-zäöü]+)\s+(\d{4})(?!\d)/.exec(v);
  if (iso) parts = [+iso[1], +iso[2], +iso[3]];
  else if (numeric) parts = [+numeric[3], +numeric[2], +numeric[1]];
  else if (words && MONTHS[words[2]]) parts = [+words[3], MONTHS[words[2]], +words[1]];
  if (!parts) return null;
  const [y, m, d] = parts;
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return null;
  return day.toISOString().slice(0, 10);
}

/** The next match's stored time: '16:00' becomes '16:00 Uhr' (the spec's fallback format), free text stays. */
export function matchTimeText(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  return /^\d{1,2}:\d{2}$/.test(v) ? `${v} Uhr` : v;
}
