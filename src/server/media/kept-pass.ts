// A pass over many rows (the content's image uses, the addresses kept versions
// name: tens of MB of text at a big club) kept per connection while a stamp
// that every relevant write moves still holds (usage.ts says which stamp).
import type { Db } from '../db/client';

export type Kept<T> = { stamp: string; value: T };

/**
 * The kept pass while its stamp holds, else a new one, kept unless `keepable` is false. None is kept
 * from inside a write: rolled back, its versions' ids come again with other content.
 */
export function keptWhile<T>(store: WeakMap<object, Kept<T>>, db: Db, stamp: string, pass: () => T, keepable = true): T {
  const kept = store.get(db.$client);
  if (kept?.stamp === stamp) return kept.value;
  const value = pass();
  if (keepable && !db.$client.inTransaction) store.set(db.$client, { stamp, value });
  return value;
}
