// Reading one of the old app's images for the import (decision 020): from the folder `--storage-dir` names, from
// the storage `--storage-url` names, or, without either, from the address the old data holds. That address is
// the old data's writer's, not the operator's: one into our own network or to this machine is refused where the
// socket connects (src/server/http/public-address.ts), and no redirect is followed from any storage (it would
// lead where nobody named). A path that climbs out of the bucket is not read; a file is looked at before it is
// read (a pipe would be waited on for ever, a huge file read into memory).
import fs from 'node:fs/promises';
import { constants } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, UPLOAD_TEXTS } from '../../lib/schemas/upload';
import { guardedLookup, importAllowsLoopback, writtenOutRefused } from '../http/public-address';
import { IMPORT_TEXTS as T } from './texts';

export type ImageSource = { storageUrl?: string; storageDir?: string };
/** The image's bytes, why it was not read (said in the row's warning), or null: not there, or no answer. */
export type ReadImage = { bytes: Buffer } | { refused: string } | null;

const BUCKET = '/club-images/';
const FETCH_TIMEOUT_MS = 20_000;

/**
 * The bucket's address from `--storage-url`: given as the storage's public root (`…/object/public`, as the
 * operations guide wrote it) or with the bucket (`…/object/public/club-images`). Without the bucket every image
 * answered 404 and the import went on without any of them (a review of moving in).
 */
export function bucketAddress(storageUrl: string): string {
  const base = storageUrl.replace(/\/+$/, '');
  const bucket = BUCKET.slice(0, -1);
  return base.endsWith(bucket) ? base : `${base}${bucket}`;
}

/** The path inside the bucket, or null for an address outside it (an opponent's logo elsewhere stays as it is). */
export function bucketPath(value: string): string | null {
  if (value.startsWith('/uploads/')) return null;
  const at = value.indexOf(BUCKET);
  if (at >= 0) {
    const stored = value.slice(at + BUCKET.length).split('?')[0];
    try {
      return decodeURIComponent(stored);
    } catch {
      // a bare '%' ('100%-sieg.jpg'): taken as it is, not the end of the whole import
      return stored;
    }
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('/')) return null;
  // a bare path in the bucket names an image file; any other text (a welcome line) is none
  return /^[\w./ -]+\.(jpe?g|png|gif|webp|avif)$/i.test(value) ? value.replace(/^\.?\/*/, '') : null;
}

/**
 * A regular file inside `root` of at most an upload's size, read through one handle (what was looked at is what
 * is read). A link is followed only within the folder (a copied bucket may hold one to /etc or /proc); the read
 * stops past the limit whatever the size said (a /proc file says 0).
 */
async function readFileChecked(root: string, file: string): Promise<ReadImage> {
  const real = await fs.realpath(file);
  if (!real.startsWith((await fs.realpath(root)) + path.sep)) return { refused: T.imagePathOutside };
  // O_NONBLOCK: opening a pipe does not wait for a writer (regular files are not affected); O_NOFOLLOW: the
  // path checked is the one opened
  const handle = await fs.open(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    if (info.size > MAX_UPLOAD_BYTES) return { refused: UPLOAD_TEXTS.tooLarge };
    const buffer = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    let size = 0;
    for (let read = -1; read !== 0 && size < buffer.length; size += read) read = (await handle.read(buffer, size, buffer.length - size, size)).bytesRead;
    return size > MAX_UPLOAD_BYTES ? { refused: UPLOAD_TEXTS.tooLarge } : { bytes: buffer.subarray(0, size) };
  } finally {
    await handle.close();
  }
}

/** One GET without following a redirect, its body up to the upload limit; `guarded`: refuse inside addresses. */
function getImage(url: URL, guarded: boolean): Promise<ReadImage> {
  const allowLoopback = importAllowsLoopback();
  // a user name and password in the old data's address would be sent to whatever server it names
  if (guarded && (url.username || url.password)) return Promise.resolve({ refused: T.imageCredentials });
  if (guarded && writtenOutRefused(url, allowLoopback)) return Promise.resolve({ refused: T.imageAddressInside });
  return new Promise((resolve) => {
    const get = url.protocol === 'https:' ? https.get : http.get;
    const lookup = guarded ? { lookup: guardedLookup(allowLoopback, (kind) => new ImageAddressRefused(kind)) as never } : {};
    const request = get(url, { ...lookup, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { 'user-agent': 'Anstoss-Import' } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        response.resume();
        return resolve(status >= 300 && status < 400 ? { refused: T.imageRedirect } : null);
      }
      if (Number(response.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES) {
        response.destroy();
        return resolve({ refused: UPLOAD_TEXTS.tooLarge });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_UPLOAD_BYTES) return void chunks.push(chunk);
        // an answer larger than an upload may be is not read on: it would be refused anyway
        response.destroy();
        resolve({ refused: UPLOAD_TEXTS.tooLarge });
      });
      response.on('end', () => resolve({ bytes: Buffer.concat(chunks) }));
      response.on('error', () => resolve(null));
    });
    request.on('error', (error) => resolve(error instanceof ImageAddressRefused && error.kind === 'private' ? { refused: T.imageAddressInside } : null));
  });
}

class ImageAddressRefused extends Error {
  constructor(readonly kind: 'unresolvable' | 'private') {
    super(kind);
  }
}

/** The image `value` names (`bucket`: its path in the bucket), read from where the operator said. */
export async function readImage(value: string, bucket: string, source: ImageSource): Promise<ReadImage> {
  if (bucket.split('/').some((segment) => segment === '..')) return { refused: T.imagePathClimbs };
  try {
    if (source.storageDir) {
      const root = path.resolve(source.storageDir);
      const file = path.resolve(root, bucket);
      if (!file.startsWith(root + path.sep)) return null;
      return await readFileChecked(root, file);
    }
    const raw = source.storageUrl ? `${bucketAddress(source.storageUrl)}/${bucket.split('/').map(encodeURIComponent).join('/')}` : value;
    if (!/^https?:\/\//.test(raw)) return null;
    // the operator's storage may be in their own network (an old app run on the club's server); the old data's
    // own address is checked
    return await getImage(new URL(raw), !source.storageUrl);
  } catch {
    return null;
  }
}
