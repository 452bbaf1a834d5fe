// Reads that many pages share, kept until the database changes. A match result's
// job renders its fixtures list, its season page, both calendars and the team's
// two pages, and each of them read the same few hundred matches (5 ms each on
// the bench's club); a full publish reads them once per fixtures page. With the
// memo a process reads them once per change (issue 16,
// docs/decisions/043-small-jobs-in-process.md).
//
// "Changed" is asked of SQLite, not of the publisher: `PRAGMA data_version` moves
// when another connection commits (a render process sees the server's saves so),
// `total_changes()` when this one writes (the server renders small jobs on the
// connection it saves on). A value is shared by every page that asks: callers
// treat it as read-only.
import type { Db } from '../db/client';
import { prepared } from './public-content';

type Memo = { stamp: string; values: Map<string, unknown> };

// One memo per connection and process, kept on globalThis (as the connections are, db/client.ts): the
// server's own code (the publisher, asking what a change reaches) and the Astro build it renders with are
// two copies of this module, and each read the club's matches once per change before.
const MEMOS_KEY = Symbol.for('anstoss.readMemos');
const memos: WeakMap<Db, Memo> = ((globalThis as Record<symbol, unknown>)[MEMOS_KEY] as WeakMap<Db, Memo>) ?? new WeakMap();
(globalThis as Record<symbol, unknown>)[MEMOS_KEY] = memos;

/**
 * A bound on what one unchanged database keeps (a value per player, say). Past it the value read least
 * recently goes: a full publish of a big club reads a record per player, and clearing everything at the
 * bound made each render process read the club's match list again every thousand players.
 */
const MAX_VALUES = 1_000;

/**
 * Which state of the database this connection sees: it moves with every commit, this connection's or another's.
 * Two plain statements: one SELECT of the `pragma_data_version` table took a third longer (6.2–8.3 µs against
 * 3.6–6.6 in the same runs), and a page asks about thirty times: 3 % of a render process's time in a full publish.
 */
function databaseStamp(db: Db): string {
  const stamp = prepared(db, 'memo.stamp', () => ({
    version: db.$client.prepare<[], number>('PRAGMA data_version').pluck(),
    changes: db.$client.prepare<[], number>('SELECT total_changes()').pluck(),
  }));
  return `${stamp.version.get()}:${stamp.changes.get()}`;
}

/**
 * `read()`'s value for `key`, read again only when the database changed since.
 * Inside a transaction it always reads: what it sees may still be rolled back.
 * A read that throws keeps nothing.
 */
export function memoRead<T>(db: Db, key: string, read: () => T): T {
  if (db.$client.inTransaction) return read();
  const stamp = databaseStamp(db);
  let memo = memos.get(db);
  if (!memo || memo.stamp !== stamp) {
    memo = { stamp, values: new Map() };
    memos.set(db, memo);
  }
  const values = memo.values;
  if (values.has(key)) {
    const kept = values.get(key) as T;
    // to the end of the map's order, which is the order of use: the front is read least recently
    values.delete(key);
    values.set(key, kept);
    return kept;
  }
  const value = read();
  if (values.size >= MAX_VALUES) values.delete(values.keys().next().value!);
  values.set(key, value);
  return value;
}

/**
 * `read()` as of one state of the database, like a read transaction, but with the memo at hand (which
 * a transaction turns off): when something was committed while it read, it reads again in a transaction.
 * For a page that carries a hash of what it shows (decision 045): the hash and the page agree.
 */
export function readConsistently<T>(db: Db, read: () => T): T {
  if (db.$client.inTransaction) return read();
  const before = databaseStamp(db);
  const value = read();
  if (databaseStamp(db) === before) return value;
  return db.$client.transaction(read)();
}

/**
 * Forgets what this connection's memo holds: the next reads read again, as after a change. For the save
 * path's warm-up (publish/save-warmup.ts), which runs a save's reads as a save runs them without saving.
 */
export function forgetReads(db: Db): void {
  memos.delete(db);
}
