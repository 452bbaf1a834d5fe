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

/** The next match's stored time: '16:00' becomes '16:00 Uhr' (the spec's fallback format), free text stays. */
export function matchTimeText(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  return /^\d{1,2}:\d{2}$/.test(v) ? `${v} Uhr` : v;
}
