// What makes the fixtures list serve fans while it keeps the spec's ascending
// order: which match is next, which are past, and the filters by competition
// and by team, each a published page of its own (/spielplan/<slug>), so that
// they work without JavaScript and can be shared.
export type FixtureMatch = {
  id: string;
  home_team: string;
  away_team: string;
  match_date: string;
  competition: string | null;
  status: string;
};

export type FixtureFilter = { slug: string; kind: 'competition' | 'team'; label: string };

/** 'Unterliga Ost' → 'unterliga-ost'; 'SV Kirchberg a. d. Raab' → 'sv-kirchberg-a-d-raab'. */
export function slugify(text: string): string {
  return text
    .toLocaleLowerCase('de')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** Past: finished, or its day is before today (a cancelled or postponed match of yesterday too). */
export function isPastMatch(match: Pick<FixtureMatch, 'match_date' | 'status'>, today: string): boolean {
  return match.status === 'finished' || match.match_date < today;
}

/** The index of the next match (live, or the first from today on still to be played), or -1. */
export function nextMatchIndex(list: readonly FixtureMatch[], today: string): number {
  const live = list.findIndex((m) => m.status === 'live');
  if (live !== -1) return live;
  return list.findIndex((m) => !isPastMatch(m, today) && (m.status === 'scheduled' || m.status === 'upcoming'));
}

/**
 * The filters the list offers: every competition, and every team that plays
 * some but not all of the matches (our club's name, on every match, filters nothing).
 */
export function fixtureFilters(list: readonly FixtureMatch[]): FixtureFilter[] {
  const competitions = new Map<string, string>();
  const teamCounts = new Map<string, { label: string; count: number }>();
  for (const m of list) {
    const competition = m.competition?.trim();
    if (competition && slugify(competition)) competitions.set(`wettbewerb-${slugify(competition)}`, competition);
    for (const name of new Set([m.home_team.trim(), m.away_team.trim()])) {
      const slug = slugify(name);
      if (!slug) continue;
      const entry = teamCounts.get(slug) ?? { label: name, count: 0 };
      entry.count += 1;
      teamCounts.set(slug, entry);
    }
  }
  const byLabel = (a: FixtureFilter, b: FixtureFilter) => a.label.localeCompare(b.label, 'de');
  return [
    ...[...competitions].map(([slug, label]) => ({ slug, kind: 'competition' as const, label })).sort(byLabel),
    ...[...teamCounts]
      .filter(([, t]) => t.count < list.length)
      .map(([slug, t]) => ({ slug: `team-${slug}`, kind: 'team' as const, label: t.label }))
      .sort(byLabel),
  ];
}

/** The matches a filter shows, in the list's order. */
export function applyFixtureFilter<T extends FixtureMatch>(list: readonly T[], filter: FixtureFilter): T[] {
  if (filter.kind === 'competition') return list.filter((m) => `wettbewerb-${slugify(m.competition?.trim() ?? '')}` === filter.slug);
  return list.filter((m) => `team-${slugify(m.home_team.trim())}` === filter.slug || `team-${slugify(m.away_team.trim())}` === filter.slug);
}
