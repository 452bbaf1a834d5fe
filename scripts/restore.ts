// `npm run restore -- FILE`: restores database and uploads from a backup
// archive into DATA_DIR and republishes the site. Refuses while a server uses
// the data; checks the archive whole before anything is replaced.
import './before-publishing';
import { buildIfNeeded } from './build-if-needed.mjs';
import fs from 'node:fs';
import { BACKUP_TEXTS } from '../src/server/backup/texts';
import { failWith, readCommandLine, typedPath } from './command-line';

const { values, positionals } = readCommandLine({ help: { type: 'boolean', short: 'h' } }, BACKUP_TEXTS.usageRestore, { positionals: true });
if (values.help) {
  console.info(BACKUP_TEXTS.usageRestore);
  process.exit(0);
}
if (positionals.length !== 1) failWith(positionals.length === 0 ? BACKUP_TEXTS.archiveNotNamed : BACKUP_TEXTS.oneArchive, BACKUP_TEXTS.usageRestore);
const file = typedPath(positionals[0]);
const { config } = await import('../src/server/config');
// said before the build: a mistyped name cost a whole build, and a build beside a running server empties dist/
// under it (unstyled pages) only to be refused then
if (!fs.existsSync(file) || !fs.statSync(file).isFile()) failWith(BACKUP_TEXTS.archiveMissing(file), BACKUP_TEXTS.usageRestore, 1);
const { dataInUseNow } = await import('../src/server/data-lock');
const inUse = dataInUseNow(config.dataDir);
if (inUse) failWith(inUse.message, BACKUP_TEXTS.usageRestore, 1);
// republishing needs the build
buildIfNeeded();
const { restoreBackup } = await import('../src/server/backup/restore');

const republish = async () => {
  const { getDb, closeDatabase } = await import('../src/server/db/client');
  const { Publisher } = await import('../src/server/publish/publisher');
  const { PendingPages } = await import('../src/server/publish/pending');
  const { loadBuiltRenderer } = await import('../src/server/publish/render');
  // the data is restored whatever happens here: pages that fail are published by the next start
  try {
    const { renderer, pool } = await loadBuiltRenderer(config.serverEntry);
    const pending = new PendingPages(getDb);
    pending.load();
    try {
      const publisher = new Publisher({ db: getDb, siteDir: config.siteDir, render: renderer, pending });
      const report = await publisher.publishAll();
      // what the publish replaced is freed before the exit (a running server would not free it)
      await publisher.freeReplaced();
      if (report.failed.length > 0) console.warn(BACKUP_TEXTS.republishFailed(report.failed.length));
      console.info(BACKUP_TEXTS.republished(report.written.length));
    } finally {
      await pool?.close();
    }
  } catch (error) {
    console.warn(BACKUP_TEXTS.republishFailed(0), error instanceof Error ? error.message : error);
  } finally {
    closeDatabase();
  }
};

try {
  const result = await restoreBackup(file, { dataDir: config.dataDir, migrationsDir: config.migrationsDir, afterSwap: republish });
  console.info(result.before ? BACKUP_TEXTS.restored(file, result.before) : BACKUP_TEXTS.restoredFresh(file));
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
