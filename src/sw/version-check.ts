/// <reference lib="webworker" />
// The worker's look at cache-version.json (docs/decisions/006, 056): on a new version it forgets the pages it
// changed (every page when it does not say which) and tells the tabs that show one. The version it knows is
// kept in its meta cache: a worker the browser stopped and woke again reads it from there.
import { changeVisibleFrom, compareCacheVersion, pagePath, pagesChangedSince, pagesRemovedSince, parseCacheVersion } from '../lib/pwa-cache-policy';
import { CACHE_VERSION_URL } from '../lib/pwa-protocol';
import { readMeta, writeMeta } from './meta';

const VERSION_KEY = '/__anstoss/cache-version';
const CHANGES_KEY = '/__anstoss/page-changes';
/** at most this many pages' last changes are remembered (the lowest versions go first) */
const CHANGES_BOUND = 300;
/**
 * A look that has no answer by then is given up: on a connection that stays up but hardly moves, the fetch would
 * hang for minutes, every later look (heartbeat, navigation) would wait for it, and a new worker's activation,
 * which holds every request of the site's tabs, with it.
 */
export const VERSION_FETCH_TIMEOUT_MS = 5000;

/**
 * A new version the worker has just recorded: the pages it changed ('all': every one), and from when an answer
 * shows it (its publish, or when a static host had it: `changeVisibleFrom`).
 */
export type VersionChange = { version: number; pages: Set<string> | 'all'; publishedAt: number | null };

/** Whether the page at `url` is among `pages`. */
export function pageIn(pages: Set<string> | 'all', url: string): boolean {
  return pages === 'all' || pages.has(pagePath(new URL(url).pathname));
}

/** The last publish that changed a page, as far as the worker has seen (with its time: without it, not kept). */
export type PageChange = { version: number; publishedAt: number };
/** Every page's ('all': a full republish) and single pages' last changes. */
type Changes = { all: PageChange | null; pages: Record<string, PageChange> };

function parseChanges(value: unknown): Changes {
  const isChange = (c: unknown): c is PageChange =>
    typeof c === 'object' && c !== null && typeof (c as PageChange).version === 'number' && typeof (c as PageChange).publishedAt === 'number';
  const raw = (typeof value === 'object' && value !== null ? value : {}) as { all?: unknown; pages?: unknown };
  const pages = typeof raw.pages === 'object' && raw.pages !== null ? Object.entries(raw.pages).filter(([, c]) => isChange(c)) : [];
  return { all: isChange(raw.all) ? raw.all : null, pages: Object.fromEntries(pages) as Record<string, PageChange> };
}

/** What the worker does with a new version's pages. */
export type VersionEffects = {
  /** forgets every saved page; `removed`: the pages no longer on the site, as far as the file names them */
  forgetAll: (removed: Set<string>, reason: string) => Promise<void>;
  /** forgets the saved copies of these pages; `removed`: those of them no longer on the site */
  forgetPages: (pages: Set<string>, removed: Set<string>, reason: string) => Promise<void>;
  /** tells the tabs that show one of `pages` (every tab: 'all') */
  tellTabs: (version: number, pages: Set<string> | 'all') => Promise<void>;
};

export class VersionCheck {
  /** undefined: not read from the meta cache yet (the worker may have been stopped and started) */
  private known: number | null | undefined;
  private lastCheck = 0;
  private running: Promise<VersionChange | null> | null = null;
  /** undefined: not read from the meta cache yet */
  private changes: Changes | undefined;
  /** the known version's record was refused (a full storage): written again at the next look */
  private unwritten = false;

  constructor(
    private readonly effects: VersionEffects,
    private readonly fetchTimeoutMs = VERSION_FETCH_TIMEOUT_MS,
  ) {}

  private async readKnown(): Promise<number | null> {
    if (this.known !== undefined) return this.known;
    this.known = parseCacheVersion(await readMeta(VERSION_KEY));
    return this.known;
  }

  /**
   * Kept in memory at least: a full storage that refuses the record does not keep the tabs from being told. The
   * record is written again at each look until it is stored: a worker stopped and started before that read the
   * older version, and set aside the pages stored afresh since a second time.
   */
  private async storeKnown(version: number): Promise<void> {
    this.known = version;
    this.unwritten = await writeMeta(VERSION_KEY, { version }).then(
      () => false,
      () => true,
    );
  }

  /** Forgets what is kept in memory (the tab heard nothing for too long): the next look starts afresh. */
  reset(): void {
    this.running = null;
    this.lastCheck = 0;
    // a version whose record the storage refused is known from memory only
    if (!this.unwritten) this.known = undefined;
    this.changes = undefined;
  }

  private async readChanges(): Promise<Changes> {
    this.changes ??= parseChanges(await readMeta(CHANGES_KEY));
    return this.changes;
  }

  /**
   * Remembers when a publish changed these pages: a page fetched later may still be the one from before (a
   * static host lets the browser keep a page for minutes, GitHub Pages ten), and is asked again (src/sw.ts).
   */
  private async rememberChange(pages: Set<string> | 'all', change: PageChange): Promise<void> {
    const changes = await this.readChanges();
    if (pages === 'all') this.changes = { all: change, pages: {} };
    else {
      for (const page of pages) changes.pages[page] = change;
      const kept = Object.entries(changes.pages).sort(([, a], [, b]) => b.version - a.version).slice(0, CHANGES_BOUND);
      this.changes = { all: changes.all, pages: Object.fromEntries(kept) };
    }
    await writeMeta(CHANGES_KEY, this.changes);
  }

  /** The last publish this worker saw change the page at `url` (with its time), or null. */
  async lastChangeOf(url: string): Promise<PageChange | null> {
    const { all, pages } = await this.readChanges();
    const page = pages[pagePath(new URL(url).pathname)] ?? null;
    if (!all || !page) return all ?? page;
    return page.version > all.version ? page : all;
  }

  /**
   * Reads cache-version.json, at most once per `minIntervalMs`; on a new version forgets the pages it changed
   * and tells the tabs that show them. Null: no change (the same version, the first look, no answer).
   */
  run(minIntervalMs: number): Promise<VersionChange | null> {
    if (this.running) return this.running;
    if (Date.now() - this.lastCheck < minIntervalMs) return Promise.resolve(null);
    this.lastCheck = Date.now();
    this.running = (async () => {
      const giveUp = new AbortController();
      const timer = setTimeout(() => giveUp.abort(), this.fetchTimeoutMs);
      try {
        // asked again each time, but answered 304 while it has not changed (it lists pages now: decision 056)
        const response = await fetch(CACHE_VERSION_URL, { cache: 'no-cache', credentials: 'omit', signal: giveUp.signal });
        if (!response.ok) return null;
        const body: unknown = await response.json();
        const fresh = parseCacheVersion(body);
        if (fresh === null) return null;
        const known = await this.readKnown();
        const decision = compareCacheVersion(known, fresh);
        if (decision === 'same') {
          if (this.unwritten) await this.storeKnown(fresh);
          return null;
        }
        // the pages this publish and the ones since the last look changed (decision 056): only those are
        // forgotten, and only the tabs that show one of them reload; a match day's goals leave the rest alone
        const changed = decision === 'changed' ? pagesChangedSince(body, known!) : null;
        const reason = `cache version ${known} → ${fresh}`;
        const removed = decision === 'changed' ? pagesRemovedSince(body, known!) : new Set<string>();
        if (changed === 'all') await this.effects.forgetAll(removed, reason);
        else if (changed) await this.effects.forgetPages(changed, removed, reason);
        await this.storeKnown(fresh);
        if (!changed) return null;
        await this.effects.tellTabs(fresh, changed);
        // from when an answer shows it: the publish's time, or after a static host's deploy, when it was seen there
        const publishedAt = changeVisibleFrom(Date.parse(String((body as { publishedAt?: unknown }).publishedAt)), Date.parse(response.headers.get('date') ?? ''));
        if (publishedAt !== null) await this.rememberChange(changed, { version: fresh, publishedAt }).catch(() => undefined);
        return { version: fresh, pages: changed, publishedAt };
      } catch {
        // offline, given up (no answer in time) or the file is being replaced: the next heartbeat asks again
        return null;
      } finally {
        clearTimeout(timer);
        this.running = null;
      }
    })();
    return this.running;
  }
}
