// `npm run publish`: republishes every page of the site.
import './before-publishing';
import { buildIfNeeded } from './build-if-needed.mjs';
import { saidIfFailed } from './command-line';

const report = await saidIfFailed(async () => {
  const { config } = await import('../src/server/config');
  const { getDb } = await import('../src/server/db/client');
  // the database is opened (and refused) before the build and the renderer's start
  getDb();
  buildIfNeeded();
  const { Publisher } = await import('../src/server/publish/publisher');
  const { loadBuiltRenderer } = await import('../src/server/publish/render');
  const { renderer } = await loadBuiltRenderer(config.serverEntry);
  // the day the pages show is the settings' (ANSTOSS_CLOCK_START previews a given day), as the server's
  const publisher = new Publisher({ db: getDb, siteDir: config.siteDir, render: renderer });
  const published = await publisher.publishAll();
  // what the publish replaced is freed before the exit (a running server would not free it)
  await publisher.freeReplaced();
  return published;
});
console.info(
  `[publish] ${report.written.length} pages written, ${report.removed.length} removed, ${report.failed.length} failed in ${report.ms} ms; cache version ${report.version}`,
);
process.exit(report.failed.length > 0 ? 1 : 0);
export {};
