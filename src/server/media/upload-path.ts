// Where an address names one of our uploads (no database, no file): the library's key of an image as the
// image fields, the texts and the public pages write it. Small on purpose: the public pages' alt texts read it.
import path from 'node:path';

/**
 * An upload path as the library keys it (uploadsOnDisk): '//' and './' taken out, each part percent-encoded
 * once ('/uploads/news/x.png' stays as it is). A path that leaves the folder stays as written (no image).
 */
export function canonicalUpload(address: string): string {
  const normal = path.posix.normalize(address);
  if (!normal.startsWith('/uploads/')) return address;
  return normal
    .split('/')
    .map((part) => {
      try {
        return encodeURIComponent(decodeURIComponent(part));
      } catch {
        return part;
      }
    })
    .join('/');
}

/** An address found in a column; `hosted`: written with a host ('https://…/uploads/…'), maybe another site's. */
export type Found = { url: string; hosted: boolean };

/**
 * The /uploads/ path an image field's address leads to: written as the form stores it, or with a host
 * ('https://verein.at/uploads/…', the field takes typed addresses and a browser copies image addresses
 * whole), without a query or fragment. Null for any other address.
 */
export function uploadPathOf(address: string): Found | null {
  const value = address.trim();
  const at = value.indexOf('/uploads/');
  if (at < 0 || (at > 0 && !/^(?:https?:)?\/\/[^/?#\s]+$/i.test(value.slice(0, at)))) return null;
  return { url: canonicalUpload(value.slice(at).split(/[?#]/)[0]!), hosted: at > 0 };
}

/**
 * The upload an address names, as the library keys it (`uploadPathOf`: without host, query or fragment), or null
 * when it names none of ours: one written with the site's own host (the browser's 'copy image address') is ours,
 * one with another host is not (a sponsor's `/uploads/`).
 */
export function ownUploadPath(address: string, site: URL): string | null {
  const found = uploadPathOf(address);
  if (found === null) return null;
  if (!found.hosted) return found.url;
  try {
    return new URL(address.trim(), site).origin === site.origin ? found.url : null;
  } catch {
    return null;
  }
}
