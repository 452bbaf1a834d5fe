// The static site as a host serves it: the build's files (dist/client), the
// published pages (DATA_DIR/site) and the uploads under /uploads, merged into
// one tree of keys ('index.html', '_astro/x.js', 'uploads/news/a.webp'), as
// `npm run export` lays it out. Each target compares this tree with what it
// delivered last time.
import fs from 'node:fs';
import path from 'node:path';
import { cacheControlFor, type FileArea } from '../http/cache-policy';
import { contentType, isCompressible } from '../http/static-files';
import { HASHED_FOLDER } from './earlier-builds';

export type LocalFile = {
  key: string;
  abs: string;
  area: FileArea;
  /** size and modification time: a changed signature means the file must go again */
  signature: string;
  contentType: string;
  cacheControl: string;
  /** the precompressed gzip copy beside it, when it is as new as the file (the build's assets) */
  gzip: string | null;
  /** text worth sending compressed: without a gzip copy beside it, the target compresses it (decision 042) */
  compressible: boolean;
};

/** earlierBuildsDir: the hashed files of earlier builds (earlier-builds.ts), delivered beneath the build's own */
export type SiteDirs = { clientDir: string; earlierBuildsDir?: string; siteDir: string; uploadsDir: string };

/** The version file: delivered last, so that open tabs reload only when everything is in place. */
export const VERSION_KEY = 'cache-version.json';

// temp files of atomic writes, dotfiles, and the precompressed copies (sent as the file's encoding)
const skipped = (name: string) => name.startsWith('.') || name.endsWith('.tmp') || name.endsWith('.br') || name.endsWith('.gz');

/**
 * Reads a folder's files into `into`. A file found in `known` under its key is
 * taken from there unread: an upload is written once under a name never used
 * again (storeUpload's random names, `wx`), and the build's files change only
 * with a new build, which comes with a restart (a new reader). So a name seen
 * before holds what it held.
 */
function walk(root: string, prefix: string, area: FileArea, into: Map<string, LocalFile>, known?: Map<string, LocalFile>): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(root, { withFileTypes: true });
  } catch (error) {
    // a folder that is not there (no uploads yet, a page's folder a publish removed meanwhile) has no files;
    // one that could not be read (EACCES, EIO, EMFILE) fails the read: taken as empty, its files would be
    // deleted from every host as gone
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return;
    throw error;
  }
  for (const entry of entries) {
    if (skipped(entry.name)) continue;
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    const kept = entry.isFile() ? known?.get(key) : undefined;
    if (kept) into.set(key, kept);
    else if (entry.isDirectory()) walk(path.join(root, entry.name), key, area, into, known);
    else if (entry.isFile()) readFile(path.join(root, entry.name), key, area, into);
  }
}

/** One file's entry as it is now: set, or taken out when it is gone or no file. */
function readFile(abs: string, key: string, area: FileArea, into: Map<string, LocalFile>): void {
  // a file a publish removed since the folder was read (a deleted article's page): not in the tree.
  // Thrown, it ended the server: nothing above a deploy's run catches
  const stat = fs.statSync(abs, { throwIfNoEntry: false });
  if (!stat?.isFile()) {
    into.delete(key);
    return;
  }
  into.set(key, {
    key,
    abs,
    area,
    signature: `${stat.size}:${Math.trunc(stat.mtimeMs)}`,
    contentType: contentType(abs),
    cacheControl: cacheControlFor(area, `/${key}`),
    gzip: isCompressible(abs) ? freshVariant(`${abs}.gz`, stat.mtimeMs) : null,
    compressible: isCompressible(abs) && stat.size > 512,
  });
}

function freshVariant(file: string, mtimeMs: number): string | null {
  // not thrown when missing: most pages have none, and an error made for each took half the walk's time
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat && stat.mtimeMs + 1 >= mtimeMs ? file : null;
}

/** Every file of the site by key, all of it walked now; a published page wins over a build file of the same name. */
export function listSiteTree(dirs: SiteDirs): Map<string, LocalFile> {
  return new SiteTreeReader(dirs, Date.now).read();
}

/** Tells the listener the absolute path of each published file replaced or removed (publish/files.ts' onFileChanged). */
export type FileChanges = (listener: (file: string) => void) => () => void;

/** A build file or upload modified less than this long before it was read is read again by the next deploy. */
export const STILL_WRITTEN_MS = 60_000;

const mtimeOf = (file: LocalFile): number => Number(file.signature.slice(file.signature.indexOf(':') + 1));

/** How long a tree kept from announced changes is trusted before the pages are walked whole again. */
export const FULL_WALK_EVERY_MS = 60 * 60_000;

/**
 * The build's files and the uploads, which other writers change: listed each time, but only the names not seen
 * before are read (walk's `known`): 12,000 files of a club with 3,000 photos took 120–230 ms to read whole. A
 * file younger than STILL_WRITTEN_MS when it was read is read again next time: an upload is written under its
 * name in several steps, and its size then may not be its last. The site tree's reader lists them so, and the
 * rsync target with a reader of its own (whether its first pass has anything to send: the tree of a deploy may
 * have been read for another host before an upload was written).
 */
export class AssetReader {
  /** the build's files and the uploads as last listed: their names are written once */
  private writtenOnce = new Map<string, LocalFile>();

  constructor(private readonly dirs: SiteDirs) {}

  /** `whole`: every file read again (a file changed by hand is found then). */
  read(whole = false): Map<string, LocalFile> {
    const tree = new Map<string, LocalFile>();
    const known = whole ? undefined : this.writtenOnce;
    // first, so that the build's own file of the same name wins
    if (this.dirs.earlierBuildsDir) walk(path.join(this.dirs.earlierBuildsDir, HASHED_FOLDER), HASHED_FOLDER, 'asset', tree, known);
    walk(this.dirs.clientDir, '', 'asset', tree, known);
    walk(this.dirs.uploadsDir, 'uploads', 'upload', tree, known);
    // the file system's times are the kernel's clock, not a reader's (a test's fake one)
    const youngSince = Date.now() - STILL_WRITTEN_MS;
    this.writtenOnce = new Map([...tree].filter(([, file]) => mtimeOf(file) < youngSince));
    return tree;
  }
}

/**
 * The site's tree for each deploy, without walking every page each time: a big
 * club's 14,000 pages took 0.8 s to walk, on the thread that serves the admins,
 * for each save on match day. The pages are walked once; after that only the
 * files the publisher announced as replaced or removed are read again (the
 * static server's caches rely on the same announcements). The build's files and
 * the uploads are listed each time (`AssetReader`). Everything is read whole
 * again after FULL_WALK_EVERY_MS, and when asked (a superadmin's 'Erneut
 * übertragen'): a file changed by hand is found then.
 */
export class SiteTreeReader {
  private pages: Map<string, LocalFile> | null = null;
  private readonly assets: AssetReader;
  private walkedAt = 0;
  private readonly changed = new Set<string>();
  private readonly siteRoot: string;
  /** without announcements, every read walks the pages */
  private readonly announced: boolean;
  private readonly unsubscribe: () => void;

  constructor(
    dirs: SiteDirs,
    private readonly now: () => number,
    changes?: FileChanges,
  ) {
    this.siteRoot = path.resolve(dirs.siteDir);
    this.assets = new AssetReader(dirs);
    this.announced = changes !== undefined;
    this.unsubscribe = changes?.((file) => this.changed.add(file)) ?? (() => undefined);
  }

  /** No more announcements are taken (the deployer stops). */
  close(): void {
    this.unsubscribe();
  }

  /** The next read walks the pages whole. */
  forget(): void {
    this.pages = null;
  }

  /** Every file of the site by key, a published page over a build file of the same name; a new map each time (a deploy keeps the one it sent). */
  read(): Map<string, LocalFile> {
    const whole = !this.announced || this.pages === null || this.now() - this.walkedAt >= FULL_WALK_EVERY_MS;
    const tree = this.assets.read(whole);
    for (const [key, file] of this.readPages(whole)) tree.set(key, file);
    return tree;
  }

  private readPages(whole: boolean): Map<string, LocalFile> {
    if (whole || this.pages === null) {
      this.changed.clear();
      const walkedAt = this.now();
      const pages = new Map<string, LocalFile>();
      // kept only when whole: a walk that failed part way (a file or folder that could not be read) left the
      // pages after it out, and the next deploys, trusting the kept tree, deleted them from the hosts
      this.pages = null;
      walk(this.siteRoot, '', 'page', pages);
      this.pages = pages;
      this.walkedAt = walkedAt;
      return pages;
    }
    for (const file of this.changed) {
      const key = this.keyOf(file);
      if (key !== null) readFile(path.join(this.siteRoot, ...key.split('/')), key, 'page', this.pages);
    }
    this.changed.clear();
    return this.pages;
  }

  /** The key of an announced file's page, or null for a file outside the pages or one the walk skips. */
  private keyOf(file: string): string | null {
    const relative = path.relative(this.siteRoot, file);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
    // a compressed copy stands for its page: whether a fresh gzip copy lies beside it may have changed
    const key = relative.split(path.sep).join('/').replace(/\.(br|gz)$/, '');
    return key.split('/').some(skipped) ? null : key;
  }
}

/**
 * The public URLs of a page's key, for CDN purges: each address a CDN may keep it under. A static host answers
 * '/news/a' with a redirect to '/news/a/' and the CDN keeps the page there: purged by '/news/a' alone, the
 * redirect went and the old page stayed (a player's page after consent was withdrawn among them).
 */
export function urlsOfKey(key: string): string[] {
  if (key === 'index.html') return ['/', '/index.html'];
  if (!key.endsWith('/index.html')) return [`/${key}`];
  const page = `/${key.slice(0, -'/index.html'.length)}`;
  return [page, `${page}/`, `/${key}`];
}
