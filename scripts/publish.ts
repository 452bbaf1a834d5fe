// `npm run publish`: republishes every page of the site.
import './before-publishing';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
const { config } = await import('../src/server/config');
const { getDb } = await import('../src/server/db/client');
const { Publisher } = await import('../src/server/publish/publisher');
const { loadBuiltRenderer } = await import('../src/server/publish/render');

const { renderer } = await loadBuiltRenderer(config.serverEntry);
// the day the pages show is the settings' (ANSTOSS_CLOCK_START previews a given day), as the server's
const publisher = new Publisher({ db: getDb, siteDir: config.siteDir, render: renderer });
const report = await publisher.publishAll();
// what the publish replaced is freed before the exit (a running server would not free it)
await publisher.freeReplaced();
console.info(
  `[publish] ${report.written.length} pages written, ${report.removed.length} removed, ${report.failed.length} failed in ${report.ms} ms; cache version ${report.version}`,
);
process.exit(report.failed.length > 0 ? 1 : 0);
export {};
