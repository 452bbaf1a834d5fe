// The alt text (and size) of an image as the public pages write it: the one stored in the
// media library when an admin gave one, else what the page said before (the
// player's name, or '' for a picture beside its own headline). Read at render
// time with one prepared statement per connection (a lookup by primary key),
// so a changed alt text needs nothing but the republish of the pages showing it.
import type { Statement } from 'better-sqlite3';
import { getDb, type Db } from '../db/client';
import { siteUrl } from '../config';
import { ownUploadPath } from './upload-path';

type StoredImage = { alt: string; width: number | null; height: number | null };
const statements = new WeakMap<Db, Statement<[string], StoredImage>>();

/**
 * The library's key of an upload as a page names it: with the site's own host ('copy image address') or a query
 * ('?v=2') too, as the uses are counted: the alt text saved in the Mediathek republished those pages, which went on
 * writing their own. Another host's '/uploads/' is none of ours.
 */
function libraryKey(address: string | null | undefined): string | null {
  if (!address) return null;
  return address.startsWith('/uploads/') && !/[?#]/.test(address) ? address : ownUploadPath(address, siteUrl());
}

/** What the media library holds for an upload (alt text, size), or null (none stored, not an upload, unreadable). */
function storedImage(address: string | null | undefined, db?: Db): StoredImage | null {
  const url = libraryKey(address);
  if (url === null) return null;
  try {
    const connection = db ?? getDb();
    let statement = statements.get(connection);
    if (!statement) {
      statement = connection.$client.prepare<[string], StoredImage>('SELECT alt, width, height FROM media WHERE url = ?');
      statements.set(connection, statement);
    }
    return statement.get(url) ?? null;
  } catch (error) {
    // the page keeps its own description; a broken read is logged, not hidden
    console.error('[media] the media library could not be read:', error instanceof Error ? error.message : error);
    return null;
  }
}

/** The stored alt text of an upload, or '' (none stored, not an upload, unreadable). */
export function storedAlt(url: string | null | undefined, db?: Db): string {
  return storedImage(url, db)?.alt.trim() ?? '';
}

/** An upload's width and height as stored at upload (they never change), or null when unknown. */
export function storedSize(url: string | null | undefined, db?: Db): { width: number; height: number } | null {
  const image = storedImage(url, db);
  return image?.width && image.height ? { width: image.width, height: image.height } : null;
}

/**
 * The width and height attributes of an image shown at most `width` pixels wide:
 * `height` follows the stored photo's proportions, so that the page keeps the
 * right room before the photo arrives (a portrait photo in a 16:9 box pushed the
 * text down when it loaded). The width stays the page's, which keeps the shown
 * size as before; `fallbackHeight` when the size is not known (not an upload).
 */
export function imageBox(url: string | null | undefined, width: number, fallbackHeight: number, db?: Db): { width: number; height: number } {
  const size = storedSize(url, db);
  return { width, height: size ? Math.max(1, Math.round((width * size.height) / size.width)) : fallbackHeight };
}

/** The alt attribute for an image: the stored text when there is one, else `fallback`. */
export function imageAlt(url: string | null | undefined, fallback = '', db?: Db): string {
  return storedAlt(url, db) || fallback;
}
