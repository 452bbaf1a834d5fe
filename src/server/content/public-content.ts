// Public reads (public-site.md §7 "Public reads") with the spec's fallbacks.
// A read that fails is logged and answered with the built-in default, as the
// spec asks for content on public pages (§8); nothing fails silently.
// The match reads are in public-matches.ts.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '../db/client';
import {
  contactInfo,
  homepageContent,
  matches,
  news,
  pageContent,
  players,
  shopItems,
  sponsors,
  teams,
  youthTeams,
} from '../db/schema';
import { isSafeUrl } from '../../lib/urls';
import { memoRead } from './read-memo';
import { noteFailedRead } from './read-failures';
import { SOCIAL_PLATFORMS, SPONSOR_TIER_ORDER } from './defaults';
import { germanOrder } from '../db/german-order';

export type HomepageSection = typeof homepageContent.$inferSelect;
export type PageSection = typeof pageContent.$inferSelect;
export type NewsRow = typeof news.$inferSelect;
export type TeamRow = typeof teams.$inferSelect & { playerCount: number };
export type PlayerRow = typeof players.$inferSelect;
export type MatchRow = typeof matches.$inferSelect;
export type SponsorRow = typeof sponsors.$inferSelect;
export type ContactRow = typeof contactInfo.$inferSelect;
export type ShopRow = typeof shopItems.$inferSelect;
export type YouthTeamRow = typeof youthTeams.$inferSelect & {
  contact: Pick<ContactRow, 'name' | 'email' | 'phone' | 'role'> | null;
};

/**
 * One prepared statement per query and connection: a full publish renders a
 * thousand pages, each reading the footer, the social links and its own rows,
 * and building the SQL each time was a sixth of the render time. Prepared on
 * first use inside readOr, so a table that cannot be read is logged like any
 * other failed read (and nothing broken is kept).
 */
const preparedByDb = new WeakMap<Db, Map<string, unknown>>();
export function prepared<T>(db: Db, key: string, build: () => T): T {
  let statements = preparedByDb.get(db);
  if (!statements) {
    statements = new Map();
    preparedByDb.set(db, statements);
  }
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) {
    statement = build();
    statements.set(key, statement);
  }
  return statement;
}

/**
 * Runs a read; on failure logs it with its name and returns the fallback. A page being published fails
 * instead, and its last good file stays (read-failures.ts).
 */
export function readOr<T>(what: string, fallback: T, read: (db: Db) => T): T {
  try {
    return read(getDb());
  } catch (error) {
    console.error(`[content] could not read ${what}:`, error);
    noteFailedRead(what);
    return fallback;
  }
}

/**
 * readOr for a read that many pages of one publish share: kept until the database changes
 * (memoRead, read-memo.ts). The value is shared by every page that asks: callers treat it as read-only.
 */
export function memoReadOr<T>(what: string, key: string, fallback: T, read: (db: Db) => T): T {
  return readOr(what, fallback, (db) => memoRead(db, key, () => read(db)));
}

export function homepageSection(key: string): HomepageSection | null {
  return memoReadOr(`homepage_content ${key}`, `homepageSection:${key}`, null, (db) =>
    prepared(db, 'homepageSection', () =>
      db.select().from(homepageContent).where(eq(homepageContent.section_key, sql.placeholder('key'))).prepare(),
    ).get({ key }) ?? null,
  );
}

export type SocialLink = { platform: string; label: string; url: string };

/** Active social links with a URL, in display order (links without a URL are dropped). */
export function socialLinks(): SocialLink[] {
  const rows = memoReadOr('social links', 'socialLinks', [] as PageSection[], (db) =>
    prepared(db, 'socialLinks', () =>
      db
        .select()
        .from(pageContent)
        .where(and(eq(pageContent.page_key, 'social_media'), eq(pageContent.is_active, true)))
        .orderBy(asc(pageContent.display_order))
        .prepare(),
    ).all(),
  );
  return rows
    .filter((r) => (r.button_link ?? '').trim() !== '' && isSafeUrl(r.button_link ?? ''))
    .map((r) => ({
      platform: r.section_key,
      label: r.title || SOCIAL_PLATFORMS.find((p) => p.key === r.section_key)?.label || r.section_key,
      url: r.button_link!.trim(),
    }));
}

/** Active sections of a page, in display order. */
export function pageSections(pageKey: string): PageSection[] {
  return memoReadOr(`page_content ${pageKey}`, `pageSections:${pageKey}`, [] as PageSection[], (db) =>
    prepared(db, 'pageSections', () =>
      db
        .select()
        .from(pageContent)
        .where(and(eq(pageContent.page_key, sql.placeholder('pageKey')), eq(pageContent.is_active, true)))
        .orderBy(asc(pageContent.display_order), asc(pageContent.created_at))
        .prepare(),
    ).all({ pageKey }),
  );
}

export function pageSection(pageKey: string, sectionKey: string): PageSection | null {
  return pageSections(pageKey).find((s) => s.section_key === sectionKey) ?? null;
}

export function publishedNews(limit?: number): NewsRow[] {
  return readOr('news', [] as NewsRow[], (db) => {
    // the id decides between equal dates, so that the archive's pages (news-archive.ts) stay put
    const newest = () => db.select().from(news).where(eq(news.published, true)).orderBy(desc(news.created_at), desc(news.id));
    return limit
      ? prepared(db, 'publishedNewsLimit', () => newest().limit(sql.placeholder('limit')).prepare()).all({ limit })
      : prepared(db, 'publishedNews', () => newest().prepare()).all();
  });
}

export function publishedNewsById(id: string): NewsRow | null {
  return readOr(`news ${id}`, null, (db) =>
    prepared(db, 'publishedNewsById', () =>
      db.select().from(news).where(and(eq(news.id, sql.placeholder('id')), eq(news.published, true))).prepare(),
    ).get({ id }) ?? null,
  );
}

function playerCounts(db: Db): Map<string, number> {
  const rows = prepared(db, 'playerCounts', () =>
    db
      .select({ team_id: players.team_id, count: sql<number>`count(*)` })
      .from(players)
      .groupBy(players.team_id)
      .prepare(),
  ).all();
  return new Map(rows.map((r) => [r.team_id, Number(r.count)]));
}

export function teamsInOrder(limit?: number): TeamRow[] {
  return readOr('teams', [] as TeamRow[], (db) => {
    const q = db.select().from(teams).orderBy(asc(teams.display_order), germanOrder(teams.name));
    const rows = limit ? q.limit(limit).all() : q.all();
    const counts = playerCounts(db);
    return rows.map((t) => ({ ...t, playerCount: counts.get(t.id) ?? 0 }));
  });
}

export function teamById(id: string): TeamRow | null {
  return readOr(`team ${id}`, null, (db) => {
    const team = prepared(db, 'teamById', () => db.select().from(teams).where(eq(teams.id, sql.placeholder('id'))).prepare()).get({ id });
    if (!team) return null;
    return { ...team, playerCount: playerCounts(db).get(id) ?? 0 };
  });
}

export function playersOfTeam(teamId: string): PlayerRow[] {
  return readOr(`players of ${teamId}`, [] as PlayerRow[], (db) =>
    prepared(db, 'playersOfTeam', () =>
      db
        .select()
        .from(players)
        .where(eq(players.team_id, sql.placeholder('teamId')))
        .orderBy(asc(players.position), asc(players.jersey_number), germanOrder(players.name))
        .prepare(),
    ).all({ teamId }),
  );
}

/** Sponsors by tier (premium … supporter, unknown tiers last), then name. */
export function sponsorsInOrder(): SponsorRow[] {
  const rows = readOr('sponsors', [] as SponsorRow[], (db) => prepared(db, 'sponsors', () => db.select().from(sponsors).prepare()).all());
  const rank = (tier: string) => {
    const i = (SPONSOR_TIER_ORDER as readonly string[]).indexOf(tier);
    return i === -1 ? SPONSOR_TIER_ORDER.length : i;
  };
  return rows.sort((a, b) => rank(a.tier) - rank(b.tier) || a.name.localeCompare(b.name, 'de'));
}

export function contactsByCreation(): ContactRow[] {
  return readOr('contact_info', [] as ContactRow[], (db) =>
    // by insertion where two were created at once (an import): the club address is the one 'Kontakt' saves
    db.select().from(contactInfo).orderBy(asc(contactInfo.created_at), asc(sql`rowid`)).all(),
  );
}

/** Active shop items in display order; null when the query fails (the spec's error state). */
export function activeShopItems(): ShopRow[] | null {
  return readOr('shop_items', null as ShopRow[] | null, (db) =>
    db
      .select()
      .from(shopItems)
      .where(eq(shopItems.is_active, true))
      .orderBy(asc(shopItems.display_order), asc(shopItems.created_at))
      .all(),
  );
}

export function activeYouthTeams(): YouthTeamRow[] {
  return readOr('youth_teams', [] as YouthTeamRow[], (db) => {
    const rows = db
      .select({ team: youthTeams, contact: contactInfo })
      .from(youthTeams)
      .leftJoin(contactInfo, eq(youthTeams.contact_info_id, contactInfo.id))
      .where(eq(youthTeams.is_active, true))
      .orderBy(asc(youthTeams.display_order), germanOrder(youthTeams.name))
      .all();
    return rows.map(({ team, contact }) => ({
      ...team,
      contact: contact ? { name: contact.name, email: contact.email, phone: contact.phone, role: contact.role } : null,
    }));
  });
}
