// Which pages still differ from the database (design §5): a page whose render
// or write failed (a template error, a full disk) is remembered here, in memory
// and in the publish_pending table, and retried with back-off until it is
// published. A crash between a commit and its publish needs no entry: every
// start republishes the whole site (docs/decisions/013).
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { publishPending } from '../db/schema';
import { writeIfPossible } from '../db/write';

export type PendingEntry = { since: number; attempts: number; nextAttemptAt: number; lastError: string | null };

/** 1 s, 2 s, 4 s … at most half a minute between two tries of the same page. */
export function retryDelay(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), 30_000);
}

/** A page failing this long for a reason other than storage is tried less often (`SLOW_RETRY_MS`). */
export const LONG_FAILURE_MS = 10 * 60_000;
export const SLOW_RETRY_MS = 5 * 60_000;
// not the page's own: a full disk, a quota, a busy or failing database or file system (their errors as the
// publisher records them: a file's code, write()'s German refusal, the cache version's write, a read that fell
// back), the render processes (killed, timed out, out of memory), a stop. The machine recovers, and the page
// must be published within half a minute of that (decision 013).
const NOT_THE_PAGE = new RegExp(
  [
    '\\b(?:ENOSPC|EDQUOT|EIO|EROFS|EMFILE|ENFILE|EBUSY|EAGAIN|ENOMEM|SQLITE_[A-Z_]+)\\b',
    'Speichern fehlgeschlagen|Speicherplatz|Datenbank|database',
    '^cache version:|could not read|stopped before',
    'render process|render timeout',
  ].join('|'),
);

/**
 * The wait before a failed page's next try: `retryDelay`; a page whose render itself has kept failing for
 * `LONG_FAILURE_MS` (its template or its data, which a fix or the next save of that data republishes anyway)
 * every five minutes instead, so that it does not log a line every half minute for ever (a security review:
 * 300 such pages wrote about 480 KB of log a minute).
 */
export function nextTryDelay(attempts: number, failingForMs: number, error: string): number {
  if (failingForMs >= LONG_FAILURE_MS && !NOT_THE_PAGE.test(error)) return SLOW_RETRY_MS;
  return retryDelay(attempts);
}

export class PendingPages {
  private readonly entries = new Map<string, PendingEntry>();

  constructor(
    private readonly db: () => Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** What an earlier run left (its pages are published by the start's full publish, or retried). */
  load(): void {
    for (const row of this.db().select().from(publishPending).all()) {
      this.entries.set(row.url, { since: row.since, attempts: row.attempts, nextAttemptAt: row.nextAttemptAt, lastError: row.lastError });
    }
  }

  get count(): number {
    return this.entries.size;
  }

  urls(): string[] {
    return [...this.entries.keys()];
  }

  /** The pages due for another try now. */
  due(): string[] {
    const now = this.now();
    return [...this.entries].filter(([, entry]) => this.dueAt(entry, now) <= now).map(([url]) => url);
  }

  /** When the next page is due (null when none is pending). */
  nextAttemptAt(): number | null {
    const now = this.now();
    let next: number | null = null;
    for (const entry of this.entries.values()) next = Math.min(next ?? Infinity, this.dueAt(entry, now));
    return next;
  }

  /**
   * An entry's next try, or now when that lies further ahead than any wait (SLOW_RETRY_MS): the clock went
   * back since it failed (NTP after a boot, a clock set by hand), or it was written under another clock (a
   * command beside a server that previews a given day, ANSTOSS_CLOCK_START). Its page waited for the time
   * the clock went back, and a wait of more than 24.8 days became a timer of 1 ms, again and again.
   */
  private dueAt(entry: PendingEntry, now: number): number {
    return entry.nextAttemptAt - now > SLOW_RETRY_MS ? now : entry.nextAttemptAt;
  }

  failed(failures: { url: string; error: string }[]): void {
    if (failures.length === 0) return;
    const now = this.now();
    for (const { url, error } of failures) {
      const previous = this.entries.get(url);
      const attempts = (previous?.attempts ?? 0) + 1;
      const since = previous?.since ?? now;
      this.entries.set(url, { since, attempts, nextAttemptAt: now + nextTryDelay(attempts, now - since, error), lastError: error.slice(0, 500) });
    }
    this.persist(failures.map((f) => f.url));
  }

  published(urls: string[]): void {
    const done = urls.filter((url) => this.entries.delete(url));
    if (done.length === 0) return;
    // a full disk may refuse this too: then the rows stay and the next start publishes them again, which is harmless
    writeIfPossible(
      'publishPending.clear',
      (db) => {
        for (let i = 0; i < done.length; i += 500) db.delete(publishPending).where(inArray(publishPending.url, done.slice(i, i + 500))).run();
      },
      this.db(),
    );
  }

  /** Best effort: when the database cannot be written either, the pages are still retried from memory. */
  private persist(urls: string[]): void {
    writeIfPossible(
      'publishPending.record',
      (db) => {
        for (const url of urls) {
          const entry = this.entries.get(url);
          if (!entry) continue;
          const values = { url, ...entry };
          db.insert(publishPending).values(values).onConflictDoUpdate({ target: publishPending.url, set: entry }).run();
        }
      },
      this.db(),
    );
  }
}
