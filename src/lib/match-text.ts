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
    const [home, ...rest] = value.split('VS');
    return { home: home.trim(), away: rest.join('VS').trim() };
  }
  const lines = value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length >= 3) return { home: lines[0], away: lines[2] };
  if (lines.length === 2) return { home: lines[0], away: lines[1] };
  return { home: value, away: '' };
}
