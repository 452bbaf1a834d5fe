// The fixtures list's match cards as one HTML string (issue 16). The same markup
// Fixtures.astro rendered card by card with components, written as a template:
// a club's list has hundreds of matches, and Astro's per-element rendering (and a
// scoped-style attribute on every element) made /spielplan the slowest page of
// every match result's republish. Every value is escaped here; the styles of
// these classes are global (src/styles/site.css).
import { formatLongDate } from '../../lib/dates-de';
import { isPastMatch } from '../../lib/fixtures';
import { matchStatusLabel, matchTypeLabel } from '../../lib/match-labels';
import { FIXTURES_TEXTS as T } from './defaults';
import type { MatchRow } from './public-content';
import { rowParts } from './row-parts';

/** The fields of a match a card shows: a card is made again when one of them changes. */
const CARD_FIELDS = [
  'id', 'home_team', 'away_team', 'match_date', 'match_time', 'location', 'competition', 'match_type', 'home_score', 'away_score', 'status', 'notes',
] as const satisfies readonly (keyof MatchRow)[];

/** What a card shows of a match (the spec's samples have these too). */
export type FixtureCard = Pick<MatchRow, (typeof CARD_FIELDS)[number]>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text and attribute values: the five characters Astro escapes too. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

// A match result renders the fixtures list and its filter and season pages again, each with a card for
// every match of the season, of which one changed: each stored match's card is kept with what it was made
// of, its next and past marks included (row-parts.ts; 250 cards: 1.7 ms made, 0.16 ms kept; issue 16).
const cards = rowParts<FixtureCard, string>(CARD_FIELDS);

/**
 * The `<li>` cards of a list. `next`: the index of the next match (-1: none);
 * `real`: stored matches (false for the spec's samples: no links, marked as samples).
 */
export function fixtureCardsHtml(list: readonly FixtureCard[], o: { next: number; today: string; minutesNow?: number; real: boolean }): string {
  let out = '';
  list.forEach((m, i) => {
    const next = i === o.next;
    if (!o.real) {
      out += cardHtml(m, next, false, false);
      return;
    }
    const past = isPastMatch(m, o.today, o.minutesNow);
    out += cards.get(m.id, m, [next, past], () => cardHtml(m, next, past, true));
  });
  return out;
}

/**
 * One match's card: `real` links it to its page, a sample is marked as such. A card is
 * its elements' count times 280 on a season's list, and the list's parse, style and
 * layout were the blocking time Lighthouse counted on a slow phone (7,113 elements;
 * issue 16): the card is its own body (no inner <div>), the link named by its label,
 * and the date, time and place icons drawn by CSS (`i-…` classes, IconMasks.astro)
 * rather than an <svg> and <use>, with its cloned shadow tree, three times a card.
 */
function cardHtml(m: FixtureCard, next: boolean, past: boolean, real: boolean): string {
  const classes = ['card match', next ? 'match-next' : '', past ? 'match-past' : ''].filter(Boolean).join(' ');
  const score = m.home_score != null && m.away_score != null ? ` <span class="score">${escapeHtml(m.home_score)}:${escapeHtml(m.away_score)}</span>` : '';
  const home = escapeHtml(m.home_team);
  const away = escapeHtml(m.away_team);
  return [
    `<li${next ? ' id="naechstes-spiel"' : ''} class="${classes}" data-status="${escapeHtml(m.status)}"${real ? '' : ' data-sample="true"'}>`,
    '<div class="badges">',
    next ? `<span class="badge badge-next">${escapeHtml(T.nextBadge)}</span> ` : '',
    `<span class="badge badge-blue match-status">${escapeHtml(matchStatusLabel(m.status))}</span> `,
    `<span class="badge match-type">${escapeHtml(matchTypeLabel(m.match_type))}</span>`,
    m.competition ? ` <span class="badge match-competition">${escapeHtml(m.competition)}</span>` : '',
    '</div>',
    `<h2><span class="home">${home}</span> <span aria-hidden="true">vs.</span><span class="visually-hidden">${escapeHtml(T.against)}</span> <span class="away">${away}</span>${score}</h2>`,
    '<p class="meta match-when">',
    `<time class="match-date i-calendar" datetime="${escapeHtml(m.match_date)}">${escapeHtml(formatLongDate(m.match_date) || m.match_date)}</time>`,
    m.match_time ? ` <span class="match-time i-clock">${escapeHtml(m.match_time)}${escapeHtml(T.timeSuffix)}</span>` : '',
    m.location ? ` <span class="match-location i-pin">${escapeHtml(m.location)}</span>` : '',
    '</p>',
    m.notes ? `<p class="pre-line match-notes">${escapeHtml(m.notes)}</p>` : '',
    // the whole card leads to the match page (issue 14); the card looks as before
    real
      ? `<a class="match-page-link" href="/spiel/${escapeHtml(encodeURIComponent(m.id))}" aria-label="Zum Spiel: ${home} ${escapeHtml(T.against)} ${away}"></a>`
      : '',
    '</li>',
  ].join('');
}
