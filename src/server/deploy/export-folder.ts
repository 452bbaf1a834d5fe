// `npm run export -- <folder>` (scripts/export.ts): the complete static site in one folder. The folder is
// emptied first, so that pages deleted since the last export do not stay; that must never hit a folder that
// is not an earlier export: `npm run export -- /var/www/html` wiped the web root, `-- .` the database.
import fs from 'node:fs';
import path from 'node:path';
import { HASHED_FOLDER } from './earlier-builds';
import type { SiteDirs } from './tree';

/** The file an export leaves in its folder: a folder with it may be emptied by the next export. */
export const EXPORT_MARKER = '.anstoss-export';

/**
 * Why the folder cannot take an export (German, for the host), or null. `keep`: folders it must neither be
 * nor contain (the data, the build, the project); `outside`: folders it must not lie in (the data, the build).
 */
export function exportTargetProblem(target: string, folders: { keep: string[]; outside: string[] }): string | null {
  const resolved = path.resolve(target);
  const within = (dir: string, parent: string) => dir === parent || dir.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
  for (const dir of folders.keep.map((k) => path.resolve(k))) {
    if (within(dir, resolved)) return `${resolved} enthält ${dir}: ein Export würde ihn leeren. Bitte einen eigenen, leeren Ordner angeben.`;
  }
  for (const dir of folders.outside.map((k) => path.resolve(k))) {
    if (within(resolved, dir)) return `${resolved} liegt in ${dir}. Bitte einen eigenen, leeren Ordner außerhalb angeben.`;
  }
  if (!fs.existsSync(resolved)) return null;
  if (!fs.statSync(resolved).isDirectory()) return `${resolved} ist kein Ordner.`;
  const entries = fs.readdirSync(resolved);
  if (entries.length === 0 || entries.includes(EXPORT_MARKER)) return null;
  return `${resolved} ist nicht leer und kein früherer Export: er wird nicht geleert. Bitte einen leeren Ordner angeben.`;
}

/** Empties the folder (an earlier export, checked above) and writes the site into it. */
export function exportSite(target: string, dirs: SiteDirs): void {
  fs.rmSync(target, { recursive: true, force: true });
  // earlier builds' hashed files first: the build's own, of the same names, are copied over them
  const earlier = dirs.earlierBuildsDir && path.join(dirs.earlierBuildsDir, HASHED_FOLDER);
  if (earlier && fs.existsSync(earlier)) fs.cpSync(earlier, path.join(target, HASHED_FOLDER), { recursive: true, filter: (file) => !path.basename(file).startsWith('.') && !file.endsWith('.tmp') });
  fs.cpSync(dirs.clientDir, target, { recursive: true });
  fs.cpSync(dirs.siteDir, target, { recursive: true });
  if (fs.existsSync(dirs.uploadsDir)) fs.cpSync(dirs.uploadsDir, path.join(target, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(target, EXPORT_MARKER), 'Von `npm run export` geschrieben: der nächste Export leert diesen Ordner.\n');
}
