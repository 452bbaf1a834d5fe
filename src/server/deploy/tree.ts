// The static site as a host serves it: the build's files (dist/client), the
// published pages (DATA_DIR/site) and the uploads under /uploads, merged into
// one tree of keys ('index.html', '_astro/x.js', 'uploads/news/a.webp'), as
// `npm run export` lays it out. Each target compares this tree with what it
// delivered last time.
import fs from 'node:fs';
import path from 'node:path';
import { cacheControlFor, type FileArea } from '../http/cache-policy';
import { contentType, isCompressible } from '../http/static-files';

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

export type SiteDirs = { clientDir: string; siteDir: string; uploadsDir: string };

/** The version file: delivered last, so that open tabs reload only when everything is in place. */
export const VERSION_KEY = 'cache-version.json';

// temp files of atomic writes, dotfiles, and the precompressed copies (sent as the file's encoding)
const skipped = (name: string) => name.startsWith('.') || name.endsWith('.tmp') || name.endsWith('.br') || name.endsWith('.gz');

function walk(root: string, prefix: string, area: FileArea, into: Map<string, LocalFile>): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(root, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (skipped(entry.name)) continue;
    const abs = path.join(root, entry.name);
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      walk(abs, key, area, into);
      continue;
    }
    if (!entry.isFile()) continue;
    // a file a publish removed since the folder was read (a deleted article's page): not in the tree.
    // Thrown, it ended the server: nothing above a deploy's run catches
    const stat = fs.statSync(abs, { throwIfNoEntry: false });
    if (!stat) continue;
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
}

function freshVariant(file: string, mtimeMs: number): string | null {
  try {
    return fs.statSync(file).mtimeMs + 1 >= mtimeMs ? file : null;
  } catch {
    return null;
  }
}

/** Every file of the site by key; a published page wins over a build file of the same name. */
export function listSiteTree(dirs: SiteDirs): Map<string, LocalFile> {
  const tree = new Map<string, LocalFile>();
  walk(dirs.clientDir, '', 'asset', tree);
  walk(dirs.uploadsDir, 'uploads', 'upload', tree);
  walk(dirs.siteDir, '', 'page', tree);
  return tree;
}

/** The public URL of a page's key ('news/a/index.html' → '/news/a'), for CDN purges. */
export function urlOfKey(key: string): string {
  if (key === 'index.html') return '/';
  return `/${key.replace(/\/index\.html$/, '')}`;
}
