// What the public match page /spiel/{id} shows (issue 14): the match, its goals,
// cards and substitutions by minute, our line-up, the opponent's as typed, the
// report (sanitised like the privacy text) and where it is played. Our players
// go through the publication-consent rule (src/lib/consent.ts): a protected
// minor shows by name only, without the shirt number.
import { asc, eq, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../db/client';
import { matchEvents, matchLineups, matches, players, teams } from '../db/schema';
import { publicPlayerView } from '../../lib/consent';
import { formatMinute, HALF_MINUTES, matchTimeOrder } from '../../lib/match-minute';
import { safeImageUrl } from '../../lib/urls';
import type { EventType, GoalKind, Side } from '../../lib/schemas/match-details';
import { consentOptions } from './consent-setting';
import { prepared, readOr } from './public-content';
import { sanitizePrivacyHtml } from './sanitize';
import { IMAGE_SIZES, uploadSrcset } from './responsive-images';
import { storedSize } from '../media/alt';

export const MATCH_PAGE_TEXTS = {
  back: 'Zum Spielplan',
  toMatch: 'Zum Spiel',
  goals: 'Tore',
  cards: 'Karten',
  substitutions: 'Wechsel',
  lineups: 'Aufstellungen',
  starters: 'Startelf',
  subs: 'Ersatzbank',
  opponent: 'Gegner',
  report: 'Spielbericht',
  place: 'Spielort',
  map: 'Auf der Karte zeigen (OpenStreetMap)',
  noEvents: 'Noch keine Ereignisse.',
  assist: 'Vorlage',
  penalty: 'Elfmeter',
  ownGoal: 'Eigentor',
  on: 'für',
  unknownPlayer: 'Unbekannt',
  cardLabels: { yellow: 'Gelb', yellow_red: 'Gelb-Rot', red: 'Rot' } as Record<string, string>,
  phases: {
    not_started: '',
    first_half: '1. Halbzeit',
    half_time: 'Halbzeit',
    second_half: '2. Halbzeit',
    full_time: 'Abpfiff',
  } as Record<string, string>,
  live: 'Live',
  newEvents: 'Neue Ereignisse – neu laden',
  kicker: 'Spiel',
} as const;

export type MatchPageEvent = {
  id: string;
  type: EventType;
  side: Side;
  minute: string;
  goalKind: GoalKind | null;
  player: string;
  related: string | null;
};
export type MatchPagePlayer = { name: string; number: number | null };
export type MatchPage = {
  match: typeof matches.$inferSelect;
  teamName: string | null;
  events: MatchPageEvent[];
  starters: MatchPagePlayer[];
  subs: MatchPagePlayer[];
  reportHtml: string | null;
  images: string[];
  mapUrl: string | null;
};

/**
 * A report's element without `id` and `class`: the match page's own script and styles find its live part
 * and its links by them ('spiel-live', 'naechstes-spiel', 'match-page-link'), and a report typed as HTML
 * could take them over (the privacy text keeps both: it is a page of its own, with anchors).
 */
function withoutPageHooks(attribs: Record<string, string>): Record<string, string> {
  const { id: _id, class: _class, ...rest } = attribs;
  return rest;
}

/**
 * The report as published: the privacy text's allow-list, then every image
 * without a description marked as decorative (alt=""), as screen readers
 * would otherwise read out its file name. An uploaded photo also gets its
 * size (the page keeps its room while it loads), its small WebP copies for
 * phones and a lazy load (a report with ten photos cost a phone all ten).
 */
function reportHtml(stored: string | null, db: Db): string | null {
  if (!stored?.trim()) return null;
  const html = sanitizeHtml(sanitizePrivacyHtml(stored), {
    allowedTags: false,
    allowedAttributes: false,
    transformTags: {
      '*': (tagName, attribs) => ({ tagName, attribs: withoutPageHooks(attribs) }),
      img: (tagName, attribs) => ({ tagName, attribs: { alt: '', ...withoutPageHooks(attribs), ...uploadAttributes(attribs.src, db) } }),
    },
  });
  // the copies as a <source> of their own (Photo.astro says why); sanitize-html cannot wrap a tag, so
  // the marker it wrote becomes the <picture> here. Its value is our srcset (no quote), every other
  // attribute value is escaped by sanitize-html, so no '"' or '>' ends the match early.
  return html.replace(/<img ([^>]*?)data-copies="([^"]*)"([^>]*)>/g, (_, before: string, srcset: string, after: string) =>
    `<picture><source type="image/webp" srcset="${srcset}" sizes="${IMAGE_SIZES.column}" /><img ${before}${after.trimStart()}></picture>`,
  );
}

/** An upload's own size, copies (marked for the <picture>) and lazy load for an <img> in the report; nothing for another image. */
function uploadAttributes(src: string | undefined, db: Db): Record<string, string> {
  const size = storedSize(src, db);
  if (!size) return {};
  // the photo's own size: shown as wide as it is (up to the column), with its room kept while it loads
  const attributes: Record<string, string> = { width: String(size.width), height: String(size.height), loading: 'lazy', decoding: 'async' };
  const srcset = uploadSrcset(src);
  return srcset ? { ...attributes, 'data-copies': srcset } : attributes;
}

/** An OpenStreetMap search for the place: a link, no map script on the page. */
export function osmSearchUrl(place: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}`;
}

/**
 * The page's statements, prepared once per connection: a full publish renders
 * every match page, and building the SQL of five queries each time was a third
 * of a match page's render (issue 16).
 */
function statementsOf(db: Db) {
  return prepared(db, 'matchPage', () => ({
    match: db.select().from(matches).where(eq(matches.id, sql.placeholder('id'))).prepare(),
    events: db.select().from(matchEvents).where(eq(matchEvents.match_id, sql.placeholder('id'))).prepare(),
    lineup: db.select().from(matchLineups).where(eq(matchLineups.match_id, sql.placeholder('id'))).orderBy(asc(matchLineups.display_order)).prepare(),
    // the ids as one JSON array: a prepared statement cannot take a list of varying length
    players: db.select().from(players).where(sql`${players.id} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`).prepare(),
    team: db.select({ name: teams.name, half: teams.half_minutes }).from(teams).where(eq(teams.id, sql.placeholder('id'))).prepare(),
  }));
}

function readMatchPage(db: Db, id: string): MatchPage | null {
  const statements = statementsOf(db);
  const match = statements.match.get({ id });
  if (!match) return null;
  const team = match.team_id ? statements.team.get({ id: match.team_id }) : undefined;
  // a youth team's break comes at its own half's end (a substitution at half time follows its stoppage time)
  const events = statements.events.all({ id }).sort(matchTimeOrder(team?.half ?? HALF_MINUTES));
  const lineup = statements.lineup.all({ id });
  const ids = [...new Set([...lineup.map((l) => l.player_id), ...events.flatMap((e) => [e.player_id, e.related_player_id]).filter((v): v is string => !!v)])];
  const options = consentOptions();
  const views = new Map((ids.length ? statements.players.all({ ids: JSON.stringify(ids) }) : []).map((p) => [p.id, publicPlayerView(p, options)]));
  const nameOf = (playerId: string | null, typed: string | null) => (playerId ? views.get(playerId)?.name : null) ?? typed ?? null;
  const shown = (l: (typeof lineup)[number]): MatchPagePlayer | null => {
    const view = views.get(l.player_id);
    if (!view) return null;
    // the shirt number identifies a child on the pitch: only with the consent to details
    return { name: view.name, number: view.position !== null ? l.jersey_number : null };
  };
  const place = match.location?.trim() || null;
  return {
    match,
    teamName: team?.name ?? null,
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      side: e.side,
      minute: formatMinute(e.minute, e.added_time),
      goalKind: e.goal_kind,
      player: nameOf(e.player_id, e.player_name) ?? MATCH_PAGE_TEXTS.unknownPlayer,
      related: nameOf(e.related_player_id, e.related_player_name),
    })),
    starters: lineup.filter((l) => l.role === 'start').map(shown).filter((p): p is MatchPagePlayer => p !== null),
    subs: lineup.filter((l) => l.role === 'sub').map(shown).filter((p): p is MatchPagePlayer => p !== null),
    reportHtml: reportHtml(match.report, db),
    images: match.report_images.map((url) => safeImageUrl(url)).filter((url): url is string => !!url),
    mapUrl: place ? osmSearchUrl(place) : null,
  };
}

/** The match page's content; null for a match that does not exist (or cannot be read). */
export function matchPage(id: string): MatchPage | null {
  return readOr('match page', null as MatchPage | null, (db) => readMatchPage(db, id));
}

/** The share image of a match: the teams and, once there is one, the score. */
export function matchShareTitle(m: Pick<typeof matches.$inferSelect, 'home_team' | 'away_team' | 'home_score' | 'away_score'>): string {
  const score = m.home_score != null && m.away_score != null ? ` ${m.home_score}:${m.away_score} ` : ' – ';
  return `${m.home_team}${score}${m.away_team}`;
}
