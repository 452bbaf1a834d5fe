// What makes the fixtures list serve fans while it keeps the spec's ascending
// order: which match is next, which are past, and the filters by competition
// and by team, each a published page of its own (/spielplan/<slug>), so that
// they work without JavaScript and can be shared. The list shows the current
// season; each earlier or later season has a page of its own
// (docs/decisions/041-fixtures-by-season.md).
import { addDays } from './dates-de';
import { cardDay } from './match-text';
export type FixtureMatch = {
  id: string;
  home_team: string;
  away_team: string;
  match_date: string;
  competition: string | null;
  status: string;
  /** free text ('2026/27'); older rows may have none */
  season?: string | null;
  /** 'HH:MM' (Vienna); older or imported rows may have none */
  match_time?: string | null;
};

export type FixtureFilter = { slug: string; kind: 'competition' | 'team' | 'season'; label: string };

// a fixtures list names the same few dozen teams and competitions on hundreds of rows, and every
// filter page and every filter asks again: each text is slugified once (bounded, like seasonSlugs)
const slugs = new Map<string, string>();

/** 'Unterliga Ost' → 'unterliga-ost'; 'SV Kirchberg a. d. Raab' → 'sv-kirchberg-a-d-raab'. */
export function slugify(text: string): string {
  let slug = slugs.get(text);
  if (slug === undefined) {
    if (slugs.size >= 4096) slugs.clear();
    slug = slugOf(text);
    slugs.set(text, slug);
  }
  return slug;
}

function slugOf(text: string): string {
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

/**
 * How long after its kick-off a match nobody marked live or finished counts as over: two halves of 45
 * minutes, the break and stoppage time. Without it a 13:00 match kept the 'Nächstes Spiel' badge through
 * the 15:00 one until midnight (src/server/publish/match-ends.ts republishes at that moment).
 */
export const MATCH_OVER_MINUTES = 120;

/** 'HH:MM' (or '9.30', '15:00 Uhr') as minutes of the day; null for no time. */
export function minutesOfDay(value: string | null | undefined): number | null {
  const time = clockTime(value);
  return time === null ? null : Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
}

/**
 * Past: finished, or its day is before today (a cancelled or postponed match of yesterday too), or, given
 * the minutes of today in Vienna (`minutesNow`), today's match whose kick-off was MATCH_OVER_MINUTES ago.
 */
export function isPastMatch(match: Pick<FixtureMatch, 'match_date' | 'status' | 'match_time'>, today: string, minutesNow?: number): boolean {
  if (match.status === 'finished' || match.match_date < today) return true;
  // a running match (a late kick-off, long stoppage time) is its ticker's until the Abpfiff
  if (minutesNow === undefined || match.match_date !== today || match.status === 'live') return false;
  const kickoff = minutesOfDay(match.match_time);
  return kickoff !== null && kickoff + MATCH_OVER_MINUTES <= minutesNow;
}

/** Live and from yesterday on (a match running past midnight); one still 'live' later had its Abpfiff forgotten. */
export function isRunningMatch(match: Pick<FixtureMatch, 'match_date' | 'status'>, today: string): boolean {
  return match.status === 'live' && match.match_date >= addDays(today, -1);
}

/**
 * The index of the next match (live, or the first from today on still to be played), or -1. A match still
 * 'live' after the day after its date is one whose Abpfiff was forgotten: it is past, not the next one
 * (else it would hold the badge, and the season shown, for good). With `minutesNow`, a match of today is
 * past two hours after its kick-off (isPastMatch).
 */
export function nextMatchIndex(list: readonly FixtureMatch[], today: string, minutesNow?: number): number {
  const live = list.findIndex((m) => isRunningMatch(m, today));
  if (live !== -1) return live;
  return list.findIndex((m) => !isPastMatch(m, today, minutesNow) && (m.status === 'scheduled' || m.status === 'upcoming'));
}

const clockTime = (value: string | null | undefined) => {
  const m = /^(\d{1,2})[:.](\d{2})(?:\s*Uhr)?$/i.exec((value ?? '').trim());
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : null;
};
const teamName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
/** Teams as the card names them: the same name, else one name within the other ('SV Kirchberg' in 'SV Kirchberg an der Raab'). */
function byTeams<M extends FixtureMatch>(list: M[], home: string, away: string): M[] {
  const [h, a] = [teamName(home), teamName(away)];
  const same = list.filter((m) => teamName(m.home_team) === h && teamName(m.away_team) === a);
  if (same.length > 0 || h === '' || a === '') return same;
  const within = (x: string, y: string) => x.includes(y) || y.includes(x);
  return list.filter((m) => within(teamName(m.home_team), h) && within(teamName(m.away_team), a));
}

/**
 * The fixture the home page's 'Nächstes Spiel' card shows, or null: the card is
 * the admin's own text (public-site.md), so it leads to a match page only when
 * its date (a whole date, not free text such as 'Sa, 12.12.'), its time where given and, between
 * matches of one day, its teams name exactly one fixture.
 */
export function fixtureOfCard<M extends FixtureMatch & { match_time?: string | null }>(
  list: readonly M[],
  card: { date: string | null | undefined; time: string | null | undefined; home: string; away: string },
): M | null {
  // its date as stored, shown or typed ('2026-12-05', '5. Dezember 2026', '05.12.2026'), as cardStanding reads it
  const date = cardDay(card.date);
  if (!date) return null;
  let found = list.filter((m) => m.match_date === date);
  const time = clockTime(card.time);
  if (time) found = found.filter((m) => clockTime(m.match_time) === time);
  if (found.length > 1) found = byTeams(found, card.home, card.away);
  return found.length === 1 ? found[0] : null;
}

/**
 * A match's season: as stored, or (a row without one) the Austrian season its
 * date falls in, July to June: 2026-11-25 → '2026/27'.
 */
export function seasonOf(match: Pick<FixtureMatch, 'match_date' | 'season'>): string {
  const stored = match.season?.trim();
  if (stored && seasonSlug(stored) !== SEASON_PREFIX) return stored;
  return seasonOfDate(match.match_date);
}

/**
 * The year a season begins in, read from its text: '2026/27', '2026-27' and '26/27' → 2026; 'Herbst 2026' and
 * 'Winter 2026' → 2026; 'Frühjahr 2027' → 2026 (the spring of the season that began the summer before);
 * -1 where it names no year. Seasons are written by hand: their letters do not order them.
 */
export function seasonStartYear(season: string): number {
  const span = /(\d{4})\s*[/-]\s*\d{2,4}/.exec(season);
  if (span) return Number(span[1]);
  const short = /(?<!\d)(\d{2})\s*\/\s*\d{2}(?!\d)/.exec(season);
  if (short) return 2000 + Number(short[1]);
  const year = /\d{4}/.exec(season);
  if (!year) return -1;
  return /frühjahr|frühling|rückrunde/i.test(season) ? Number(year[0]) - 1 : Number(year[0]);
}

/** Newer first: by the year a season begins in, then as text (for a stable order). */
export function compareSeasonsNewestFirst(a: string, b: string): number {
  return seasonStartYear(b) - seasonStartYear(a) || (a < b ? 1 : a > b ? -1 : 0);
}

/** The season a date belongs to: '2026/27' from July on, else '2025/26' (the one rule for July to June). */
export function seasonOfDate(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 7 ? year : year - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
}

const SEASON_PREFIX = 'saison-';
// a club has a handful of seasons and every list asks for each match's: each text is slugified once
const seasonSlugs = new Map<string, string>();

/** The season slug of the season filter pages: '2026/27' → 'saison-2026-27'. */
export function seasonSlug(season: string): string {
  let slug = seasonSlugs.get(season);
  if (slug === undefined) {
    if (seasonSlugs.size >= 256) seasonSlugs.clear();
    slug = SEASON_PREFIX + slugify(season);
    seasonSlugs.set(season, slug);
  }
  return slug;
}

/**
 * The season the list shows (`list` by date, ascending): the next match's, so
 * that it turns to the new season with the first match still to play; after
 * the last match, the last match's. Null without matches.
 */
// With `minutesNow` (the publish's wall time), as the next match it follows: two hours after the kick-off of a
// season's last match nobody ended, the list turns to the next season (the job of that moment,
// publish/match-ends.ts, and the published list's data-season, published-state.ts), not at midnight.
export function currentSeason(list: readonly FixtureMatch[], today: string, minutesNow?: number): string | null {
  if (list.length === 0) return null;
  const next = nextMatchIndex(list, today, minutesNow);
  return seasonOf(list[next === -1 ? list.length - 1 : next]);
}

/** The matches of the current season, in the list's order. */
export function currentSeasonMatches<T extends FixtureMatch>(list: readonly T[], today: string, minutesNow?: number): T[] {
  return matchesOfSeason(list, currentSeason(list, today, minutesNow));
}

// by slug: '2026/27' and '2026-27' are one season
const matchesOfSeason = <T extends FixtureMatch>(list: readonly T[], season: string | null): T[] =>
  season === null ? [] : applyFixtureFilter(list, { slug: seasonSlug(season), kind: 'season', label: season });

/**
 * The filters the list offers: every competition of the current season, every
 * team that plays some but not all of its matches (our club's name, on every
 * match, filters nothing), and every other season, the latest first.
 * `list` by date, ascending.
 */
export function fixtureFilters(list: readonly FixtureMatch[], today: string, minutesNow?: number): readonly FixtureFilter[] {
  const moment = `${today} ${minutesNow ?? ''}`;
  const known = filtersOfList.get(list);
  if (known?.moment === moment) return known.filters;
  const current = currentSeason(list, today, minutesNow);
  const filters = [...filtersWithin(matchesOfSeason(list, current)), ...otherSeasons(list, current)];
  filtersOfList.set(list, { moment, filters });
  return filters;
}

// the server hands every page of one database state the same list (matchesByDate, read-memo.ts), and
// each of the fixtures' filter pages asks for all the filters: worked out once per list and moment (one
// publish's pages share its time)
const filtersOfList = new WeakMap<readonly FixtureMatch[], { moment: string; filters: readonly FixtureFilter[] }>();

function otherSeasons(list: readonly FixtureMatch[], current: string | null): FixtureFilter[] {
  const currentSlug = current === null ? null : seasonSlug(current);
  const seasons = new Map<string, FixtureFilter>();
  // the latest match comes last: walking back, each season is met first at its latest match
  for (let i = list.length - 1; i >= 0; i--) {
    const season = seasonOf(list[i]);
    const slug = seasonSlug(season);
    if (slug !== currentSlug && !seasons.has(slug)) seasons.set(slug, { slug, kind: 'season', label: season });
  }
  return [...seasons.values()];
}

function filtersWithin(list: readonly FixtureMatch[]): FixtureFilter[] {
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

/**
 * The matches a filter shows, in the list's order: a season's from the whole
 * list, a competition's or a team's from the list it is given (the current season's).
 */
export function applyFixtureFilter<T extends FixtureMatch>(list: readonly T[], filter: FixtureFilter): T[] {
  if (filter.kind === 'season') return list.filter((m) => seasonSlug(seasonOf(m)) === filter.slug);
  if (filter.kind === 'competition') return list.filter((m) => `wettbewerb-${slugify(m.competition?.trim() ?? '')}` === filter.slug);
  return list.filter((m) => `team-${slugify(m.home_team.trim())}` === filter.slug || `team-${slugify(m.away_team.trim())}` === filter.slug);
}
