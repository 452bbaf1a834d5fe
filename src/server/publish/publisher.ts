// The publisher: renders public URLs and swaps their files in atomically, one
// job at a time, coalescing bursts of changes into one job (design §2).
import fs from 'node:fs';
import path from 'node:path';
import { clockFromSettings, type Clock } from '../clock';
import { config } from '../config';
import type { Db } from '../db/client';
import { writePublishedFile, removePublishedFile } from './files';
import type { PendingPages } from './pending';
import type { Renderer } from './render';
import { fileForUrl, type Change } from './routes';
import { allUrls } from './affected-urls';
import { listPublishedUrls } from './published-state';
import { footerOf, spliceFooterInto } from './footer-splice';
import { planJob } from './job-plan';
import { MatchBaselines } from './match-baselines';
import { onePagePerRoute, warmSavePath } from './save-warmup';
import { blankFilesIn, blankFolderFor, type BlankFiles } from './blank-files';
import { replacedFilesIn, replacedFolderFor, type ReplacedFiles } from './replaced-files';
import { readCacheVersion } from './version';
import { FAILED_READS_HEADER } from '../content/read-failures';
import type { PublishReport } from './publish-report';
import { endJob } from './job-end';

/** The page every missing URL shows (404.html). */
const NOT_FOUND_PAGE = '/404';

export type PublisherOptions = {
  db: () => Db;
  siteDir: string;
  render: Renderer;
  log?: Pick<Console, 'info' | 'error' | 'warn'>;
  /**
   * how many pages are in flight at once; rendering is CPU-bound, writing is
   * I/O. Default: three per render process (at least 4), so that each process
   * has its next page at hand while this thread writes the last one's files.
   */
  concurrency?: number;
  /** where failed pages are remembered until a retry publishes them */
  pending?: PendingPages;
  /**
   * the time a publish shows as today (the privacy 'Stand', the next match): injectable for tests; by
   * default the settings' (ANSTOSS_CLOCK_START, as the server's), so that a script publishes the same day
   */
  clock?: Pick<Clock, 'now'>;
  /** empty files kept ready for the next jobs (blank-files.ts): the server keeps BLANKS_KEPT, a one-shot script none */
  blanksKept?: number;
};

/** Old versions freed at once for a write that met a full disk: each can cost a millisecond (replaced-files.ts). */
const ROOM_AT_ONCE = 200;

export class Publisher {
  private readonly log: Pick<Console, 'info' | 'error' | 'warn'>;
  /** how long each URL took to render last time: the slowest start first */
  private readonly lastRenderMs = new Map<string, number>();
  private stopped = false;
  /** jobs under way: the old versions of replaced files are freed only while none is (decision 046) */
  private running = 0;
  /** the save path's warm-up (save-warmup.ts): once per publisher */
  private saveWarmup: Promise<number> | null = null;
  /** where replaced files' old versions wait to be freed, and blanks made ahead wait to be written into (files.ts) */
  private readonly side: { replaced: ReplacedFiles; blanks?: BlankFiles };
  private readonly clock: Pick<Clock, 'now'>;
  /** what moved of a changed match since its pages last showed it (match-baselines.ts) */
  private readonly baselines = new MatchBaselines();
  constructor(private readonly options: PublisherOptions) {
    this.log = options.log ?? console;
    this.clock = options.clock ?? clockFromSettings(config.clockStart, config.clockRate);
    this.side = {
      replaced: replacedFilesIn(replacedFolderFor(options.siteDir)),
      blanks: options.blanksKept ? blankFilesIn(blankFolderFor(options.siteDir), options.siteDir, options.blanksKept) : undefined,
    };
  }

  /**
   * The server stops: pages being rendered are still written, no new one is
   * started. The pages left out are remembered as pending (and every start
   * publishes the whole site anyway).
   */
  stop(): void {
    this.stopped = true;
  }

  /**
   * Frees every old version this publisher kept (decision 046), and resolves when they are gone. A one-shot
   * script (`npm run publish`, the demo, a restore, the import) calls it before it exits: the pass a job starts
   * after itself would end with the process, and a running server frees only what it kept itself (and its
   * /healthz counted these as room it could give back).
   */
  async freeReplaced(): Promise<void> {
    await this.side.replaced.free(() => false);
  }

  /**
   * A write of the database met a full disk (db/write.ts, whenDiskFull): frees some of the old versions
   * kept since the last job at once, and the rest right after, or when the job under way ends (which keeps
   * none meanwhile: free() would let it keep them again). How many were freed.
   */
  makeRoom(): number {
    const freed = this.side.replaced.freeSomeNow(ROOM_AT_ONCE);
    if (this.running === 0 && !this.stopped) void this.side.replaced.free(() => this.running > 0 || this.stopped);
    return freed;
  }

  /**
   * Renders the URLs, writes or removes their files, then raises the cache version.
   * `first`: the pages of the things saved (a goal's match page), started before the rest.
   * `splice`: pages that only need the new footer (footer-splice.ts): one is rendered, the others take its footer.
   * `leaveAsIs`: pages that already show what they would be rendered with (decision 045): not rendered.
   * `everyPage`: the whole site (a start, 'Cache Update'): the cache version names no pages, every saved copy goes.
   * `at`: the time the pages show, the one the job was planned with (else the clock's now).
   */
  async publishUrls(
    urls: string[],
    first: ReadonlySet<string> = new Set(),
    splice: readonly string[] = [],
    leaveAsIs?: (url: string) => boolean,
    everyPage = false,
    at?: number,
  ): Promise<PublishReport> {
    this.running++;
    try {
      // a job's new files without a blank are made where the blanks are (decision 050): the folders at the
      // first job, a new subfolder after a job that made its temp files in the current one
      await this.side.blanks?.prepare();
      return await this.publishJob(urls, first, splice, leaveAsIs, everyPage, at);
    } finally {
      this.running--;
      // off the job's path, and stopped as soon as the next job starts: freeing what the job replaced,
      // then making the blanks the next jobs write into
      const busy = () => this.running > 0 || this.stopped;
      void this.side.replaced.free(busy).then(() => this.side.blanks?.fill(busy));
    }
  }

  private async publishJob(
    urls: string[],
    first: ReadonlySet<string>,
    splice: readonly string[],
    leaveAsIs: ((url: string) => boolean) | undefined,
    everyPage: boolean,
    at: number | undefined,
  ): Promise<PublishReport> {
    const started = performance.now();
    const report: PublishReport = { written: [], removed: [], failed: [], version: 0, ms: 0, pending: 0, unchanged: [] };
    const pending = this.options.pending;
    // the saved thing's own page first (what the admin and the fans at the pitch look at), then the
    // slowest pages (the match list, all news), so that a small job is not left waiting for one big
    // page that started last
    const slowestFirst = (a: string, b: string) => (this.lastRenderMs.get(b) ?? 0) - (this.lastRenderMs.get(a) ?? 0);
    const named = new Set(urls);
    // (sets, not arrays: a footer change names 14,000 pages twice)
    const spliced = new Set(splice.filter((url) => named.has(url) && !first.has(url)));
    const unique = [...named].filter((url) => !spliced.has(url));
    const queue = [...unique.filter((url) => first.has(url)), ...unique.filter((url) => !first.has(url)).sort(slowestFirst)];
    // data no public page reads (the inquiry inbox): nothing to publish, no new version
    if (queue.length === 0 && spliced.size === 0) {
      report.version = readCacheVersion(this.options.db());
      report.pending = pending?.count ?? 0;
      return report;
    }
    const jobRender = this.options.render.forJob?.(queue.length + Math.min(spliced.size, 1)) ?? this.options.render;
    // every page of one publish shows the same today: the time its pages and their season were planned with (a
    // kick-off's end or midnight between the plan and the render left a new season's list without its filter
    // pages, and the next check found the list's season current)
    const publishedAt = at ?? this.clock.now();
    const render: Renderer = Object.assign((url: string) => jobRender(url, publishedAt), { parallelism: jobRender.parallelism });
    // the saved thing's own pages render alone, before the rest: a render process interleaves the
    // pages it is given, and one page beside ten others takes ten times as long to reach the disk
    let next = queue.filter((url) => first.has(url)).length;
    await Promise.all(queue.slice(0, next).map((url) => this.publishOne(url, render, report)));
    const worker = async () => {
      while (next < queue.length && !this.stopped) {
        const url = queue[next++];
        // asked as the job reaches the page: the saved thing's own pages are out first
        if (!leaveAsIs?.(url)) await this.publishOne(url, render, report);
      }
    };
    const concurrency = this.options.concurrency ?? Math.max(4, 3 * (render.parallelism ?? 1));
    const splicing = spliced.size > 0 ? this.spliceFooters([...spliced], render, report) : Promise.resolve([]);
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    // pages the footer could not be put into are rendered after all
    const unspliced = await splicing;
    queue.push(...unspliced);
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length - next) }, worker));
    // a stop ended the job early: what it did not reach is pending, not published
    const notSpliced = new Set(unspliced);
    const reached = [...queue.slice(0, next), ...[...spliced].filter((url) => !notSpliced.has(url))];
    pending?.failed([...report.failed, ...queue.slice(next).map((url) => ({ url, error: 'stopped before it was published' }))]);
    await endJob(report, { db: this.options.db(), siteDir: this.options.siteDir, side: this.side, pending, log: this.log, reached, everyPage });
    report.pending = pending?.count ?? 0;
    report.ms = Math.round(performance.now() - started);
    return report;
  }

  /** Every URL of the site, plus every published file whose page may be gone. */
  async publishAll(): Promise<PublishReport> {
    const db = this.options.db();
    const mark = this.baselines.mark(db);
    const at = this.clock.now();
    const urls = new Set(allUrls(db, at));
    for (const url of listPublishedUrls(this.options.siteDir)) urls.add(url);
    for (const url of this.options.pending?.urls() ?? []) urls.add(url);
    const report = await this.publishUrls([...urls], new Set(), [], undefined, true, at);
    this.baselines.allPublished(mark, report.failed.length > 0 || this.stopped);
    return report;
  }

  /** The pages the changes touch, plus any URLs named directly (pending retries): planned (job-plan.ts), then published. */
  async publishChanges(changes: Change[], urls: string[] = []): Promise<PublishReport> {
    const db = this.options.db();
    // before anything is read: the pages this job looks at show its matches at least as new as this
    const mark = this.baselines.mark(db);
    const pending = new Set(this.options.pending?.urls() ?? []);
    const known = { ...this.baselines.forJob(db, changes), pending: (url: string) => pending.has(url) };
    const at = this.clock.now();
    const plan = planJob(db, this.options.siteDir, at, changes, urls, known);
    const report = await this.publishUrls(plan.urls, plan.first, plan.splice, plan.leaveAsIs, false, at);
    this.baselines.jobEnded(changes, mark, report.failed.length > 0 || this.stopped);
    return report;
  }

  get pending(): PendingPages | undefined {
    return this.options.pending;
  }

  /**
   * An admin is at work: let the renderer get ready, warmed up on one page of each route (asked on every
   * call: a render process kept for saves stays while the admin works), then the save path itself, once
   * per publisher and after the routes (save-warmup.ts). Resolves when both are done.
   */
  async prewarm(): Promise<void> {
    const routes = this.options.render.prewarm?.(() => onePagePerRoute(this.options.db(), this.clock.now()));
    const render = this.options.render;
    this.saveWarmup ??= Promise.resolve(routes)
      .then(() =>
        warmSavePath({
          db: this.options.db(),
          siteDir: this.options.siteDir,
          now: this.clock.now(),
          // only where the job would render in this thread: asking forJob first could start render processes
          renderFor: (pages) => ((render.inThread?.(pages) ?? true) ? (render.forJob?.(pages) ?? render) : null),
          busy: () => this.running > 0 || this.stopped,
        }),
      )
      .catch((error: unknown) => {
        this.log.warn(`[publish] the save path could not be warmed up: ${error instanceof Error ? error.message : String(error)}`);
        return 0;
      });
    await Promise.all([routes, this.saveWarmup]);
  }

  /**
   * Renders the first page, takes its footer and puts it into the others' published files
   * (footer-splice.ts); returns the pages that have to be rendered instead.
   */
  private async spliceFooters(urls: string[], render: Renderer, report: PublishReport): Promise<string[]> {
    const [source, ...rest] = urls;
    const body = await this.publishOne(source, render, report);
    const footer = body ? footerOf(body) : null;
    if (footer === null) return rest;
    return spliceFooterInto(rest, footer, { ...this.side, siteDir: this.options.siteDir, report, stopped: () => this.stopped, log: this.log });
  }

  private async publishOne(url: string, render: Renderer, report: PublishReport): Promise<Buffer | null> {
    let file: string;
    try {
      file = path.join(this.options.siteDir, fileForUrl(url));
    } catch (error) {
      report.failed.push({ url, error: String(error) });
      return null;
    }
    try {
      const started = performance.now();
      const result = await render(url);
      // bounded: past this many pages it starts over
      if (this.lastRenderMs.size > 20_000) this.lastRenderMs.clear();
      this.lastRenderMs.set(url, result.renderMs ?? performance.now() - started);
      // a read fell back to its default (read-failures.ts): the last good file stays; only a page that has
      // none yet is published with the spec's fallback (its error state), and either way it goes again later
      const failedReads = result.headers[FAILED_READS_HEADER];
      if (failedReads && fs.existsSync(file)) throw new Error(`could not read ${failedReads}`);
      const fellBack = (what: string) => failedReads && report.failed.push({ url, error: `could not read ${failedReads}; ${what}` });
      if (url === NOT_FOUND_PAGE) {
        // the site's own not-found page answers 404; anything else (a failed render's empty 500, a
        // redirect) is not that page, and would blank or remove what every missing URL shows
        if (result.status !== 404 && result.status !== 200) throw new Error(`status ${result.status}`);
      } else if (result.status === 404 || (result.status >= 300 && result.status < 400)) {
        if (await removePublishedFile(file, this.options.siteDir)) report.removed.push(url);
        fellBack('not published');
        return null;
      } else if (result.status >= 400) throw new Error(`status ${result.status}`);
      if (!(await writePublishedFile(file, result.body, { ...this.side, br: result.variants?.br }))) report.unchanged?.push(url);
      report.written.push(url);
      fellBack('published with the fallback');
      // a fallback's footer is not spread into other pages (footer-splice.ts takes this page's)
      return failedReads ? null : result.body;
    } catch (error) {
      // the old file stays: a visitor keeps the last good page
      const message = error instanceof Error ? error.message : String(error);
      this.log.error(`[publish] ${url} could not be rendered, the previous file stays: ${message}`);
      report.failed.push({ url, error: message });
      return null;
    }
  }
}
