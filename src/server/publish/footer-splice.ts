// A footer change without re-rendering every page (issue 16, docs/decisions/040).
// The footer texts and the social links are the same on every page and nothing
// else on most pages reads them, so a change of them renders one page, takes its
// <footer class="site-footer">…</footer>, and puts it into every other published
// page in place of the old one. The footer has no inline script (decision 036),
// so the pages' script hashes (CSP) stay right. A page whose own content reads
// the footer's data (the home page, the membership page) declares it in its own
// deps and is rendered as before; a page without a published file, or whose file
// has no footer to replace, is rendered too.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/client';
import { writePublishedFile, type SideFolders } from './files';
import { LAYOUT_DEPS, fileForUrl, type Change, type PublishedState } from './routes';
import { affectedUrls } from './affected-urls';

// ASCII markers: searched in the file's bytes, so a page is never decoded to text and back
const START = Buffer.from('<footer class="site-footer"');
const END = Buffer.from('</footer>');
const INNER_START = Buffer.from('<footer');

/** Where the site footer of a page starts and ends, or null when it has none (or more than one). */
function footerRange(html: Buffer): { start: number; end: number } | null {
  const start = html.indexOf(START);
  if (start === -1 || html.indexOf(START, start + 1) !== -1) return null;
  const close = html.indexOf(END, start);
  if (close === -1) return null;
  // a footer inside the footer would end it early: not ours to cut
  const inner = html.indexOf(INNER_START, start + START.length);
  if (inner !== -1 && inner < close) return null;
  return { start, end: close + END.length };
}

/** The site footer of a page, or null when it has none (or more than one). */
export function footerOf(html: Buffer): Buffer | null {
  const range = footerRange(html);
  return range && html.subarray(range.start, range.end);
}

/** The page with its site footer replaced; null when the page has no footer to replace. */
export function withFooter(html: Buffer, footer: Buffer): Buffer | null {
  const range = footerRange(html);
  if (!range) return null;
  return Buffer.concat([html.subarray(0, range.start), footer, html.subarray(range.end)]);
}

const FOOTER_DEPS = LAYOUT_DEPS.filter((dep) => dep.table !== 'club_settings');
const isFooterChange = (change: Change) =>
  FOOTER_DEPS.some((dep) => dep.table === change.table && (change.key === undefined || dep.key === change.key));

/**
 * The pages of a job (`affected`: what the changes reach, layout included) that only the
 * footer's data reaches: these can take the new footer instead of being rendered. None when
 * the job also changes the club's settings (the head, colours and names of every page) or no footer data.
 */
export function footerOnlyUrls(db: Db, changes: Change[], published: PublishedState, affected: string[]): string[] {
  if (!changes.some(isFooterChange) || changes.some((c) => c.table === 'club_settings')) return [];
  const own = new Set(affectedUrls(db, changes, published, false));
  return affected.filter((url) => !own.has(url));
}

type SpliceContext = SideFolders & {
  siteDir: string;
  report: { written: string[]; failed: { url: string; error: string }[] };
  stopped: () => boolean;
  log: Pick<Console, 'error'>;
};

/** Files in flight at once: reading, replacing and compressing (libuv's threads) overlap. */
const SPLICE_CONCURRENCY = 16;

/**
 * Puts the footer into each page's published file and writes it with its brotli copy (no gzip copy, decision 042).
 * Returns the pages that have no published file or no footer to replace: they are rendered instead.
 */
export async function spliceFooterInto(urls: string[], footer: Buffer, o: SpliceContext): Promise<string[]> {
  const unspliced: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < urls.length && !o.stopped()) {
      const url = urls[next++];
      let file: string;
      let html: Buffer;
      try {
        file = path.join(o.siteDir, fileForUrl(url));
        // synchronous, as files.ts writes (decision 046)
        html = fs.readFileSync(file);
      } catch {
        unspliced.push(url);
        continue;
      }
      const updated = withFooter(html, footer);
      if (updated === null) {
        unspliced.push(url);
        continue;
      }
      try {
        if (!updated.equals(html)) await writePublishedFile(file, updated, { changed: true, replaced: o.replaced, blanks: o.blanks });
        o.report.written.push(url);
      } catch (error) {
        // the old file stays, with its old footer; the retry renders it
        const message = error instanceof Error ? error.message : String(error);
        o.log.error(`[publish] ${url}: the new footer could not be written, the previous file stays: ${message}`);
        o.report.failed.push({ url, error: message });
      }
    }
  };
  await Promise.all(Array.from({ length: SPLICE_CONCURRENCY }, worker));
  // a stop: what was not reached is rendered (or left pending) by the caller
  return [...unspliced, ...urls.slice(next)];
}
