// `npm run import -- --from postgres://USER:PASS@HOST/DB | FILE.json | DIR/
//   [--storage-url URL | --storage-dir DIR] [--dry-run] [--invite] [--club NAME [--club-short NAME]]`:
// brings a club over from the old app (docs/decisions/020). The server must be
// stopped (the data lock says so); the whole site is published at the end.
import './before-publishing';
import { buildIfNeeded } from './build-if-needed.mjs';
import { failWith, readCommandLine } from './command-line';

const { IMPORT_TEXTS: T } = await import('../src/server/import/texts');
const { values } = readCommandLine(
  {
    from: { type: 'string' },
    'storage-url': { type: 'string' },
    'storage-dir': { type: 'string' },
    'dry-run': { type: 'boolean' },
    invite: { type: 'boolean' },
    club: { type: 'string' },
    'club-short': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  T.usage,
);
if (values.help) {
  console.info(T.usage);
  process.exit(0);
}
const option = (name: 'from' | 'storage-url' | 'storage-dir' | 'club' | 'club-short') => values[name];
const from = option('from')?.trim() || failWith(T.fromMissing, T.usage);
const empty = (['storage-url', 'storage-dir', 'club', 'club-short'] as const).find((name) => option(name)?.trim() === '');
if (empty) failWith(T.optionEmpty(empty), T.usage);
if (option('club-short') !== undefined && option('club') === undefined) failWith(T.clubShortAlone, T.usage);
// the import's own setting (the server's were checked by before-publishing.ts): before anything is read
const { numberSettingProblem } = await import('../src/server/number-settings');
const timeoutProblem = numberSettingProblem('IMPORT_TIMEOUT_SECONDS');
if (timeoutProblem) {
  console.error(T.settingInvalid(timeoutProblem));
  process.exit(2);
}
const dryRun = values['dry-run'] === true;
// the invitations' links would lead to localhost (a fresh install has no address stored for before-publishing.ts)
if (values.invite && !dryRun && !process.env.SITE_URL?.trim()) {
  console.error(T.inviteNeedsSiteUrl);
  process.exit(2);
}
const { config } = await import('../src/server/config');
const { acquireDataLock, DataInUseError, dataInUseNow } = await import('../src/server/data-lock');
// a running server is said before the build too: a build empties dist/ under it (unstyled pages) only to be refused
if (dataInUseNow(config.dataDir)) {
  console.error(T.serverRunning);
  process.exit(1);
}
// before the data lock: a build takes tens of seconds in which this process's loop stands still, and its
// lock would go stale for another container meanwhile (a lock review, 2026-12-04)
if (!dryRun) buildIfNeeded();
let release: () => void;
try {
  release = acquireDataLock(config.dataDir);
} catch (error) {
  console.error(error instanceof DataInUseError ? T.serverRunning : error instanceof Error ? error.message : String(error));
  process.exit(1);
}
let code = 1;
try {
  code = await importAndPublish();
} catch (error) {
  // whatever went wrong: said in German, the lock released (a command that hung or crashed held it, and the
  // server could not start)
  console.error(T.failed(error instanceof Error ? error.message : String(error)));
  if (process.env.NODE_ENV !== 'production') console.error(error);
} finally {
  release();
}
process.exit(code);

async function importAndPublish(): Promise<number> {
  // a restore killed mid-swap is undone before the database is opened
  const { undoInterruptedRestore } = await import('../src/server/backup/journal');
  const undone = undoInterruptedRestore(config.dataDir);
  if (undone) console.warn(`[restore] ${undone}`);
  const { getDb } = await import('../src/server/db/client');
  const { runImport } = await import('../src/server/import/command');
  const { SOURCE_TIMEOUT_MS } = await import('../src/server/import/sources');
  const { numberSetting } = await import('../src/server/number-settings');
  const invite = values.invite === true;
  if (invite && !dryRun) {
    // its invitations' failures are said in the superadmin's header too, and one that goes ends the server's
    // note there, as the server's own mails do (decision 075)
    const { keepMailOutcomes } = await import('../src/server/mail/mail-status');
    keepMailOutcomes(getDb);
  }
  const outcome = await runImport(getDb(), {
    from,
    dryRun,
    invite,
    // the old app keeps no club name: --club names it before the invitations and the publish
    club: option('club') !== undefined ? { longName: option('club')!, shortName: option('club-short') } : undefined,
    storageUrl: option('storage-url'),
    storageDir: option('storage-dir'),
    uploadsDir: config.uploadsDir,
    timeoutMs: numberSetting('IMPORT_TIMEOUT_SECONDS', SOURCE_TIMEOUT_MS / 1000) * 1000,
  });
  if (!outcome.ok) return 1;
  if (dryRun) return 0;
  // the import is stored: a publish that fails is said so, and the server's next start publishes
  try {
    const { Publisher } = await import('../src/server/publish/publisher');
    const { loadBuiltRenderer } = await import('../src/server/publish/render');
    const { renderer, pool } = await loadBuiltRenderer(config.serverEntry);
    try {
      const publisher = new Publisher({ db: getDb, siteDir: config.siteDir, render: renderer });
      const report = await publisher.publishAll();
      // what the publish replaced is freed before the exit (a running server would not free it)
      await publisher.freeReplaced();
      console.info(T.published(report.written.length, report.ms));
    } finally {
      await pool?.close();
    }
  } catch (error) {
    console.error(T.storedButNotPublished(error instanceof Error ? error.message : String(error)));
  }
  return 0;
}
