// The benchmark's publishing part, in its own process as the server does it:
// a full publish (cold, then warm), republish latency per kind of edit, and
// save → page in an S3 bucket. docs/decisions/007 and 038 say how.
import type { Db } from '../../src/server/db/client';
import type { GeneratedData } from './generate-data';
import { measureRepublish, type RepublishResult } from './republish';
import type { DeployResult } from './deploy';
import { measureFileFloor, type FileFloor } from './file-floor';
import { round } from './stats';

export type PublishSummary = {
  pages: number;
  images: number;
  failed: number;
  renderProcesses: number;
  coldMs: number;
  coldPagesPerSec: number;
  warmMs: number;
  warmPagesPerSec: number;
};

export type PublishingResult = {
  publish: PublishSummary;
  republish: Record<'news' | 'match' | 'event' | 'footer', RepublishResult>;
  coldSave: { ms: number; pages: number };
  deployed: DeployResult;
  /** the footer change's floor on this machine (file-floor.ts) */
  footerFloor: FileFloor;
};

type Dirs = { serverEntry: string; siteDir: string; clientDir: string; uploadsDir: string };

export async function runPublishing(o: {
  db: Db;
  getDb: () => Db;
  dirs: Dirs;
  data: GeneratedData;
  edits: number;
  footerEdits: number;
  deployEdits: number;
  runId: string;
  s3Port: number;
  log: (line: string) => void;
}): Promise<PublishingResult> {
  const { Publisher } = await import('../../src/server/publish/publisher');
  const { PublishQueue } = await import('../../src/server/publish/queue');
  const { loadBuiltRenderer } = await import('../../src/server/publish/render');
  const { renderer, pool } = await loadBuiltRenderer(o.dirs.serverEntry);
  // the report names failed pages; the first few errors are enough on the console
  let publishErrors = 0;
  const quiet = {
    info: () => undefined,
    warn: () => undefined,
    error: (...args: unknown[]) => {
      if (++publishErrors <= 3) console.error(String(args[0]).split('\n')[0]);
    },
  };
  const { BLANKS_KEPT } = await import('../../src/server/publish/blank-files');
  // as the server's publisher: with the blanks it keeps ready for the next jobs (none yet at the cold publish)
  const publisher = new Publisher({ db: o.getDb, siteDir: o.dirs.siteDir, render: renderer, log: quiet, blanksKept: BLANKS_KEPT });
  const firstPublish = await publisher.publishAll();
  const secondPublish = await publisher.publishAll();
  const publish: PublishSummary = {
    pages: firstPublish.written.length,
    // share images and icons (decision 023): Astro's static build renders them too but does not count them
    images: firstPublish.written.filter((url) => /\.(png|ico)$/.test(url)).length,
    failed: firstPublish.failed.length,
    renderProcesses: pool?.size ?? 0,
    // into an empty site folder, with render processes that start cold: what a first start costs
    coldMs: firstPublish.ms,
    coldPagesPerSec: round((firstPublish.written.length / firstPublish.ms) * 1000, 0),
    warmMs: secondPublish.ms,
    warmPagesPerSec: round((secondPublish.written.length / secondPublish.ms) * 1000, 0),
  };
  o.log(`[bench] full publish: ${publish.pages} pages in ${publish.coldMs} ms (then ${publish.warmMs} ms)`);
  if (publish.failed > 0) o.log(`[bench] ${publish.failed} pages failed: ${firstPublish.failed.slice(0, 3).map((f) => `${f.url}: ${f.error}`).join('; ')}`);

  const queue = new PublishQueue(publisher);
  const ids = { news: o.data.publishedNewsIds, matches: o.data.matchIds };
  const noProcessAlive = async () => {
    for (let i = 0; i < 100 && (pool?.processes ?? 0) > 0; i++) await new Promise((r) => setTimeout(r, 100));
  };
  // A save with no render process alive (nobody was at work in the admin panel
  // for five minutes, or a save from a script): reported, not part of the series.
  await noProcessAlive();
  const cold = await measureRepublish({ db: o.db, queue, siteDir: o.dirs.siteDir, kind: 'news', edits: 1, ids: { ...ids, news: ids.news.slice(-1) }, runId: `${o.runId}c` });
  // The series: an admin opens the panel (the server then warms up what renders a save, as here) and saves.
  await noProcessAlive();
  await queue.prewarm();
  for (let i = 0; i < 300 && pool?.busy; i++) await new Promise((r) => setTimeout(r, 100));
  const republish = {} as PublishingResult['republish'];
  for (const [kind, edits] of [
    ['news', o.edits],
    ['match', o.edits],
    // a goal entered at the pitch → the match page on disk (issue 14)
    ['event', o.edits],
    ['footer', o.footerEdits],
  ] as const) {
    republish[kind] = await measureRepublish({ db: o.db, queue, siteDir: o.dirs.siteDir, kind, edits, ids, runId: o.runId });
    o.log(`[bench] republish ${kind}: p50 ${republish[kind].p50} ms, p95 ${republish[kind].p95} ms, ${republish[kind].pages} pages per edit`);
  }
  await queue.idle();
  // save → page in the bucket: the server's S3 target and deployer against a real S3 API server
  const { measureDeploy } = await import('./deploy');
  const deployed = await measureDeploy({
    db: o.db,
    queue,
    dirs: { clientDir: o.dirs.clientDir, siteDir: o.dirs.siteDir, uploadsDir: o.dirs.uploadsDir },
    newsIds: ids.news,
    edits: o.deployEdits,
    runId: o.runId,
    port: o.s3Port,
  });
  o.log(`[bench] deploy: save → page in the bucket p50 ${deployed.p50} ms, p95 ${deployed.p95} ms over ${deployed.n} edits; first full deploy ${deployed.firstFullMs} ms`);
  // last: its copies, freed at the end, would slow whatever creates files next (bench/README.md, ext4 without a journal)
  const footerFloor = measureFileFloor(o.dirs.siteDir);
  o.log(
    `[bench] footer floor: ${footerFloor.files} files of ${footerFloor.pages} pages replaced alone in ${footerFloor.replaceMs} ms (${footerFloor.replaceMsPerFile} ms each); their brotli alone ${footerFloor.brotliMs} ms on one thread`,
  );
  await pool?.close();
  return { publish, republish, coldSave: { ms: cold.firstMs, pages: cold.pages }, deployed, footerFloor };
}
