// The footer change's floor (docs/decisions/038, update of 2026-11-28): what it costs on this
// machine only to replace the files a footer change replaces, and only to compress their pages,
// with nothing else around it. The footer change does both for every page (decisions 040, 046):
// it cannot be faster than the file replacement alone, nor than the compression spread over the
// cores. Both are measured on copies of the published files, in a folder beside the site on the
// same file system, after the footer edits, so the published site is not touched. The temp files
// are made as the publisher makes its new files: in a subfolder of a folder with ext4's attribute T
// (decision 050), not beside the page.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { BROTLI_QUALITY } from '../../src/server/publish/render-core.mjs';
import { round } from './stats';

export type FileFloor = {
  /** the published pages (HTML files) copied, and their files with the brotli copies */
  pages: number;
  files: number;
  /** each file replaced by a temp file with the same bytes and a rename, one after another */
  replaceMs: number;
  replaceMsPerFile: number;
  /** each page brotli-compressed at the published quality, one after another on one thread */
  brotliMs: number;
  /** brotliMs spread over every core, as if nothing else ran: the compression's own floor */
  brotliMsOnAllCores: number;
};

/** The published HTML pages under the folder, with their brotli copy when they have one (relative paths). */
export function publishedPages(siteDir: string): { page: string; copy: string | null }[] {
  const pages: { page: string; copy: string | null }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(siteDir, dir), { withFileTypes: true })) {
      const name = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(name);
      else if (entry.name.endsWith('.html') && !entry.name.startsWith('.')) {
        pages.push({ page: name, copy: fs.existsSync(path.join(siteDir, `${name}.br`)) ? `${name}.br` : null });
      }
    }
  };
  walk('');
  return pages;
}

export function measureFileFloor(siteDir: string, cores = os.availableParallelism()): FileFloor {
  const site = path.resolve(siteDir);
  const copyDir = path.join(path.dirname(site), `.${path.basename(site)}-file-floor`);
  const keptDir = `${copyDir}-kept`;
  const newDir = `${copyDir}-new`;
  const pages = publishedPages(site);
  const files = pages.flatMap((p) => (p.copy ? [p.page, p.copy] : [p.page]));
  const clear = () => {
    fs.rmSync(copyDir, { recursive: true, force: true });
    fs.rmSync(keptDir, { recursive: true, force: true });
    fs.rmSync(newDir, { recursive: true, force: true });
  };
  clear();
  try {
    // the copies, with the site's folders: not timed
    for (const file of files) {
      fs.mkdirSync(path.dirname(path.join(copyDir, file)), { recursive: true });
      fs.copyFileSync(path.join(site, file), path.join(copyDir, file));
    }
    // each copy's second name, as the publisher gives the old version (decision 046): the rename then
    // only drops a name, and the old blocks are freed after the timed part, not inside it
    fs.mkdirSync(keptDir);
    files.forEach((file, i) => fs.linkSync(path.join(copyDir, file), path.join(keptDir, String(i))));
    // as files.ts replaces a published file; each file's bytes are read first, not timed, so that the
    // big club's 28,000 files (700 MB) are never held at once
    fs.mkdirSync(newDir);
    spawnSync('chattr', ['+T', newDir]);
    const madeIn = path.join(newDir, 'new');
    fs.mkdirSync(madeIn);
    let replaceMs = 0;
    for (const [i, file] of files.entries()) {
      const target = path.join(copyDir, file);
      const temp = path.join(madeIn, String(i));
      const data = fs.readFileSync(target);
      const started = performance.now();
      fs.writeFileSync(temp, data);
      fs.renameSync(temp, target);
      replaceMs += performance.now() - started;
    }
    let brotliMs = 0;
    for (const p of pages) {
      const html = fs.readFileSync(path.join(copyDir, p.page));
      const started = performance.now();
      zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } });
      brotliMs += performance.now() - started;
    }
    return {
      pages: pages.length,
      files: files.length,
      replaceMs: Math.round(replaceMs),
      replaceMsPerFile: round(replaceMs / Math.max(1, files.length), 3),
      brotliMs: Math.round(brotliMs),
      brotliMsOnAllCores: Math.round(brotliMs / Math.max(1, cores)),
    };
  } finally {
    clear();
  }
}
