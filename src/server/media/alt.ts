// The alt text of an image as the public pages write it: the one stored in the
// media library when an admin gave one, else what the page said before (the
// player's name, or '' for a picture beside its own headline). Read at render
// time with one prepared statement per connection (a lookup by primary key),
// so a changed alt text needs nothing but the republish of the pages showing it.
import type { Statement } from 'better-sqlite3';
import { getDb, type Db } from '../db/client';

const statements = new WeakMap<Db, Statement<[string], { alt: string }>>();

/** The stored alt text of an upload, or '' (none stored, not an upload, unreadable). */
export function storedAlt(url: string | null | undefined, db?: Db): string {
  if (!url || !url.startsWith('/uploads/')) return '';
  try {
    const connection = db ?? getDb();
    let statement = statements.get(connection);
    if (!statement) {
      statement = connection.$client.prepare<[string], { alt: string }>('SELECT alt FROM media WHERE url = ?');
      statements.set(connection, statement);
    }
    return statement.get(url)?.alt.trim() ?? '';
  } catch (error) {
    // the page keeps its own description; a broken read is logged, not hidden
    console.error('[media] the alt text could not be read:', error instanceof Error ? error.message : error);
    return '';
  }
}

/** The alt attribute for an image: the stored text when there is one, else `fallback`. */
export function imageAlt(url: string | null | undefined, fallback = '', db?: Db): string {
  return storedAlt(url, db) || fallback;
}
