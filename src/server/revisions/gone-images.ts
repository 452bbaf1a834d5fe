// A version put back names the images it had then. One deleted in the media
// library since (the library frees an image no current row and no trash entry
// uses, so an old version's picture can go) would be a broken image on the page:
// such a field keeps the picture the row has now, and a report's picture list
// drops the pictures that are gone, and so does a text: its <img> of a gone
// picture is left out (the rest of the text is restored as it was). The restore
// says which fields differ from the version.
import fs from 'node:fs';
import { config, siteUrl } from '../config';
import { uploadFile } from '../media/inventory';
import { IMAGE_SOURCES } from '../media/usage';
import { ownUploadPath } from '../media/upload-path';
import type { RevisionedEntity } from '../../lib/revisions';

/**
 * An <img> whose src may be one of our uploads (the editor writes src="/uploads/…"; a pasted one may carry the
 * site's host or a query), with the address.
 */
const IMAGE_TAG = /<img\b[^>]*?\ssrc\s*=\s*["']?([^"'\s>]*\/uploads\/[^"'\s>]+)["']?[^>]*>/gi;
/** The address in an attribute: '&amp;' is '&'. */
const decodeSrc = (src: string) => src.replaceAll('&amp;', '&');

/**
 * Whether the address names one of our uploads whose file is gone: read as the library reads it (ownUploadPath:
 * the site's own host and a query are the upload itself; another site's '/uploads/' is none of ours). A query
 * was looked for as part of the file name, so a picture still there was left out of a text.
 */
function isGone(url: unknown, uploadsDir: string, site: URL): boolean {
  if (typeof url !== 'string') return false;
  const upload = ownUploadPath(url, site);
  const file = upload === null ? null : uploadFile(upload, uploadsDir);
  return file !== null && !fs.existsSync(file);
}

/** The version's values with gone pictures let go, and the German names of the fields that kept the row's own. */
export function withoutGoneImages(
  entity: RevisionedEntity,
  values: Record<string, unknown>,
  current: Record<string, unknown>,
  uploadsDir: string = config.uploadsDir,
): { values: Record<string, unknown>; kept: string[] } {
  const source = IMAGE_SOURCES.find((s) => s.table === entity);
  const site = siteUrl();
  const result = { ...values };
  const kept: string[] = [];
  for (const column of source?.columns ?? []) {
    const value = result[column.name];
    // a picture the row names now stays named (a file lost on disk is the library's "missing", not this)
    if (column.kind === 'url' && value !== current[column.name] && isGone(value, uploadsDir, site)) {
      result[column.name] = current[column.name];
      kept.push(column.field);
    } else if (column.kind === 'json' && typeof value === 'string') {
      let list: unknown;
      try {
        list = JSON.parse(value);
      } catch {
        continue;
      }
      const now = String(current[column.name] ?? '');
      const gone = (url: unknown) => typeof url === 'string' && !now.includes(JSON.stringify(url)) && isGone(url, uploadsDir, site);
      if (!Array.isArray(list) || !list.some(gone)) continue;
      result[column.name] = JSON.stringify(list.filter((url) => !gone(url)));
      kept.push(column.field);
    } else if (column.kind === 'html' && typeof value === 'string') {
      const now = String(current[column.name] ?? '');
      const text = value.replace(IMAGE_TAG, (tag, src: string) => (!now.includes(src) && isGone(decodeSrc(src), uploadsDir, site) ? '' : tag));
      if (text === value) continue;
      result[column.name] = text;
      kept.push(column.field);
    }
  }
  return { values: result, kept };
}
