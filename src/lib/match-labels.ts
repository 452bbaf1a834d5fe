// Status and type labels of public-site.md §4.
const STATUS_LABELS: Record<string, string> = {
  upcoming: 'Geplant',
  scheduled: 'Geplant',
  live: 'Live',
  finished: 'Beendet',
  cancelled: 'Abgesagt',
  postponed: 'Verschoben',
};

/** Known statuses get their German label; other values are shown as they are. */
export function matchStatusLabel(status: string | null | undefined): string {
  const value = status ?? '';
  return STATUS_LABELS[value] ?? value;
}

export function matchTypeLabel(type: string | null | undefined): string {
  if (type === 'league') return 'Liga';
  if (type === 'cup') return 'Pokal';
  return 'Freundschaft';
}

/** 'home:away', or '-:-' when either is missing (admin-area.md §2). */
export function scoreText(home: number | null | undefined, away: number | null | undefined): string {
  return home == null || away == null ? '-:-' : `${home}:${away}`;
}
