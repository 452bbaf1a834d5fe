// Which share image a page offers when it has no photo of its own
// (docs/decisions/023-share-images.md): every section of the site has one
// (/teilen/<section>.png), each team and each of the newest articles its own.
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { matches, news } from '../db/schema';
import { CLUB, teamCategoryLabel } from './defaults';
import { memoReadOr, prepared, publishedNewsById, readOr, teamById } from './public-content';
import { formatDate } from '../../lib/dates-de';
import type { ShareImageContent } from './share-image';
import { matchShareTitle } from './match-page';

/** The size of a share image (Open Graph's large image). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** Articles without a photo get an image of their own up to this many, newest first; older ones the news image. */
export const SHARE_NEWS_LIMIT = 100;

/** The site's sections: the first path segment → what their share image says. */
export const SHARE_SECTIONS: Record<string, ShareImageContent> = {
  startseite: { kicker: 'Offizielle Website', title: CLUB.fullName },
  news: { kicker: 'Aktuelles', title: 'News' },
  mannschaften: { kicker: 'Unsere Teams', title: 'Mannschaften' },
  nachwuchs: { kicker: 'Jugend', title: 'Nachwuchs' },
  spielplan: { kicker: 'Termine und Ergebnisse', title: 'Spielplan' },
  shop: { kicker: 'Fanartikel', title: 'Vereinsshop' },
  sponsoren: { kicker: 'Partner', title: 'Sponsoren' },
  kontakt: { kicker: 'Ansprechpartner', title: 'Kontakt' },
  'mitglied-werden': { kicker: 'Mitgliedschaft', title: 'Mitglied werden' },
  vereinsgeschichte: { kicker: 'Chronik', title: 'Vereinsgeschichte' },
  impressum: { kicker: 'Rechtliches', title: 'Impressum' },
  datenschutz: { kicker: 'Rechtliches', title: 'Datenschutz' },
};

/** The section image of a path: '/spielplan/team-x' → '/teilen/spielplan.png'; unknown paths get the home's. */
export function sectionShareImage(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0] ?? 'startseite';
  const section = first === 'team' ? 'mannschaften' : first;
  return `/teilen/${section in SHARE_SECTIONS ? section : 'startseite'}.png`;
}

/** The ids of the newest published articles without a photo: these get their own share image. */
export function recentNewsWithoutPhotoIn(db: Db, limit = SHARE_NEWS_LIMIT): string[] {
  return db
    .select({ id: news.id })
    .from(news)
    .where(and(eq(news.published, true), or(isNull(news.image_url), eq(news.image_url, ''))))
    .orderBy(desc(news.created_at))
    .limit(limit)
    .all()
    .map((r) => r.id);
}

export function recentNewsWithoutPhoto(): string[] {
  // every article page asks: once per database state (read-memo.ts)
  return memoReadOr('news for share images', 'recentNewsWithoutPhoto', [] as string[], (db) => recentNewsWithoutPhotoIn(db));
}

/**
 * The pages whose share image may have changed hands with a change of the news:
 * each new, deleted or re-photographed article moves the newest-100 line by one,
 * so the articles just inside and just outside it (as many as news changed) are
 * published again, and the image of one that dropped out is removed. A full
 * publish and a series of saves thus leave the same files.
 */
export function newsShareBoundaryUrls(db: Db, newsChanges: number): string[] {
  if (newsChanges === 0) return [];
  const ranked = recentNewsWithoutPhotoIn(db, SHARE_NEWS_LIMIT + newsChanges);
  return ranked
    .slice(Math.max(0, SHARE_NEWS_LIMIT - newsChanges))
    .flatMap((id) => [`/news/${encodeURIComponent(id)}`, `/teilen/news/${encodeURIComponent(id)}.png`]);
}

/** The share image of an article without a photo, when it is one of the newest; else null (the news image). */
export function newsShareImage(id: string): string | null {
  return recentNewsWithoutPhoto().includes(id) ? `/teilen/news/${encodeURIComponent(id)}.png` : null;
}

/** The share image's content of one of the newest articles without a photo; null for any other (no image). */
export function newsShareContent(id: string): ShareImageContent | null {
  const item = publishedNewsById(id);
  if (!item || !recentNewsWithoutPhoto().includes(id)) return null;
  return { kicker: `News · ${formatDate(item.created_at)}`, title: item.title };
}

export function teamShareContent(id: string): ShareImageContent | null {
  const team = teamById(id);
  return team ? { kicker: teamCategoryLabel(team.category) || 'Mannschaft', title: team.name } : null;
}

/**
 * Matches get an image of their own up to this many, the latest by date first
 * (the season being played and the next fixtures: what people share); older
 * ones the fixtures' image. As with the news, this keeps a first publish from
 * drawing an image for every match a club ever entered.
 */
export const SHARE_MATCH_LIMIT = 100;

/** The ids of the latest matches by date: these get their own share image. */
export function recentMatchIdsIn(db: Db, limit = SHARE_MATCH_LIMIT): string[] {
  // prepared once per connection and limit: the publisher asks on every match job (issue 16)
  return prepared(db, `recentMatchIds:${limit}`, () =>
    db.select({ id: matches.id }).from(matches).orderBy(desc(matches.match_date), desc(matches.match_time), desc(matches.id)).limit(limit).prepare(),
  )
    .all()
    .map((r) => r.id);
}

/** The latest matches, which have a share image of their own: every match page asks, so once per database state (read-memo.ts). */
function recentMatchIds(): string[] {
  return memoReadOr('matches for share images', 'recentMatchIds', [] as string[], (db) => recentMatchIdsIn(db));
}

/** A match page's share image: its own while it is among the latest, else the fixtures' one. */
export function matchShareImage(id: string): string {
  return recentMatchIds().includes(id) ? `/teilen/spiel/${encodeURIComponent(id)}.png` : '/teilen/spielplan.png';
}

/**
 * As newsShareBoundaryUrls, for the matches: a new, deleted or re-dated match
 * (reported with FIXTURE_LISTS) moves the latest-100 line by up to one per match.
 */
export function matchShareBoundaryUrls(db: Db, matchChanges: number): string[] {
  if (matchChanges === 0) return [];
  return recentMatchIdsIn(db, SHARE_MATCH_LIMIT + matchChanges)
    .slice(Math.max(0, SHARE_MATCH_LIMIT - matchChanges))
    .flatMap((id) => [`/spiel/${encodeURIComponent(id)}`, `/teilen/spiel/${encodeURIComponent(id)}.png`]);
}

/** A match's share image (issue 14): competition and date, the teams and the score once there is one; null for an older match. */
export function matchShareContent(id: string): ShareImageContent | null {
  if (!recentMatchIds().includes(id)) return null;
  const match = readOr('match for its share image', null as typeof matches.$inferSelect | null, (db) => db.select().from(matches).where(eq(matches.id, id)).get() ?? null);
  return match && matchShareContentOf(match);
}

/** What a match's share image shows, from its row (the match page has it at hand: no second read). */
export function matchShareContentOf(match: typeof matches.$inferSelect): ShareImageContent {
  return { kicker: [match.competition, formatDate(match.match_date)].filter(Boolean).join(' · ') || 'Spiel', title: matchShareTitle(match) };
}
