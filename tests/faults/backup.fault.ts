// Backup and restore (issue 10): `npm run backup` while 500 saves go on over
// HTTP, `npm run restore` into a fresh DATA_DIR. The restored database is
// intact and holds every save acknowledged before the backup began, and its
// republished site is byte-identical to the running one except for the pages
// that show articles saved after the backup began; a backup of the settled site
// restores to a byte-identical site (apart from the cache version); a restore
// refuses while the server uses the data.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { news } from '../../src/server/db/schema';
import { fileForUrl } from '../../src/server/publish/routes';
import { NEWS_LISTS } from '../../src/server/publish/pseudo-tables';
import { affectedUrls } from '../../src/server/publish/affected-urls';
import { newsShareBoundaryUrls } from '../../src/server/content/share';
import { adminClient, newsInput } from '../fixtures/admin-http';
import { startSite, type Site } from '../fixtures/site';
import { printFigures } from './figures';

const SAVES = 500;
// Every publish here shows the same day: the running server's, and each restore's republish a minute later.
// By the real clock, a run across midnight in Vienna gave the privacy page ('Stand: <today>') two dates,
// and the restored site differed from the original in it. 10:00 UTC of the day before: behind the real clock,
// so that nothing saved here is in the future for any part that asks the real one.
const CLOCK_START = `${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T10:00:00Z`;
const WRITERS = 4;

let site: Site | undefined;
const folders: string[] = [];
afterAll(async () => {
  await site?.stop();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `anstoss-${name}-`));
  folders.push(dir);
  return dir;
};

/** `npm run <script> -- args` with DATA_DIR (and the site's own address); its exit code and output. */
function npmRun(script: string, args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, SITE_URL: site!.url, ASTRO_TELEMETRY_DISABLED: '1', ANSTOSS_CLOCK_START: CLOCK_START },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const archiveIn = (output: string) => /Sicherung erstellt: (\S+\.tar\.gz)/.exec(output)?.[1] ?? '';

/** Every file of a published site: relative path → bytes (the cache version aside). */
function siteFiles(dir: string): Map<string, Buffer> {
  return new Map(
    fs
      .readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name !== 'cache-version.json')
      .map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), fs.readFileSync(path.join(e.parentPath, e.name))]),
  );
}

function stored(dataDir: string) {
  const db = openDatabase(path.join(dataDir, 'club.db'));
  try {
    return {
      integrity: String(db.$client.pragma('integrity_check', { simple: true })),
      rows: db.select({ id: news.id, title: news.title, published: news.published }).from(news).all(),
    };
  } finally {
    db.$client.close();
  }
}

it('backup during 500 saves, restore into a fresh DATA_DIR: intact, complete, the site byte-identical', async () => {
  const dataDir = tempDir('backup-source');
  fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads', 'wappen.webp'), Buffer.alloc(20_000, 7));
  // the server's own daily backup (BACKUP_DIR): its first one at start
  const daily = tempDir('daily');
  site = await startSite({ dataDir, env: { BACKUP_DIR: daily, BACKUP_KEEP: '3', ANSTOSS_CLOCK_START: CLOCK_START } });
  const running = site;
  const admin = await adminClient(site);
  const backups = tempDir('backups');
  // (its first backup runs beside the server's first publish, and another fault file may run beside this one)
  const dailyDeadline = Date.now() + 30_000;
  const readDailyJob = () =>
    running.db().$client.prepare(`select next_run_at as next, next_run_at - last_run_at as every from scheduled_jobs where name = 'daily-backup'`).get() as
      | { next: number; every: number | null }
      | undefined;
  // the archive is in place before the scheduler stores the job's run: wait for both
  while (
    (fs.readdirSync(daily).filter((n) => n.endsWith('.tar.gz')).length === 0 || (readDailyJob()?.every ?? null) === null) &&
    Date.now() < dailyDeadline
  ) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const dailyArchives = fs.readdirSync(daily).filter((n) => /^anstoss-backup-.*\.tar\.gz$/.test(n));
  const dailyJob = readDailyJob();

  const acknowledged: string[] = [];
  let next = 0;
  let acknowledgedWhenBackupBegan: string[] | null = null;
  let backupEnded = false;
  // SAVES at least, and on until the backup begun meanwhile has ended: its copy is taken while saves go on
  const writer = async () => {
    while (next < SAVES || !backupEnded) {
      const title = `sicherung-${next++}`;
      const result = await admin.call('admin.news.create', { ...newsInput(title), published: next % 3 === 0 });
      if (result.status === 200) acknowledged.push(title);
    }
  };
  const backupDuringWrites = (async () => {
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 10));
    acknowledgedWhenBackupBegan = [...acknowledged];
    try {
      return await npmRun('backup', ['--to', backups], dataDir);
    } finally {
      backupEnded = true;
    }
  })();
  await Promise.all(Array.from({ length: WRITERS }, writer));
  const during = await backupDuringWrites;
  const savesAfterBackupBegan = acknowledged.length - acknowledgedWhenBackupBegan!.length;

  // restore the backup made during the writes
  const fresh = path.join(tempDir('restore-during'), 'data');
  const restoredDuring = await npmRun('restore', [archiveIn(during.output)], fresh);
  const afterRestore = stored(fresh);
  const restoredTitles = new Set(afterRestore.rows.map((r) => r.title));
  const missing = acknowledgedWhenBackupBegan!.filter((t) => !restoredTitles.has(t));
  // its site: every published article has its page
  const pagesMissing = afterRestore.rows.filter((r) => r.published && !fs.existsSync(path.join(fresh, 'site', fileForUrl(`/news/${r.id}`))));

  // the settled site: every save answered, so every page published
  const settled = await npmRun('backup', ['--to', backups], dataDir);
  const original = siteFiles(path.join(dataDir, 'site'));
  const fresh2 = path.join(tempDir('restore-settled'), 'data');
  const restoredSettled = await npmRun('restore', [archiveIn(settled.output)], fresh2);
  const republished = siteFiles(path.join(fresh2, 'site'));
  const differing = [...new Set([...original.keys(), ...republished.keys()])].filter((f) => !original.get(f)?.equals(republished.get(f) ?? Buffer.alloc(0)));
  const uploadRestored = fs.readFileSync(path.join(fresh2, 'uploads', 'wappen.webp')).equals(Buffer.alloc(20_000, 7));

  // the site restored from the backup made during the writes is the one backed up: it differs
  // from the running site only in the pages that show articles saved after the backup
  const restoredDuringSite = siteFiles(path.join(fresh, 'site'));
  const originalDb = openDatabase(path.join(dataDir, 'club.db'));
  const savedLater = originalDb
    .select({ id: news.id, title: news.title })
    .from(news)
    .all()
    .filter((r) => !restoredTitles.has(r.title));
  // (and the articles whose own share image the later saves moved past the newest-100 line, decision 023)
  const showingLaterSaves = new Set(
    [
      // new articles: they also move the lists (the archive pages, the sitemap: NEWS_LISTS, decision 039)
      ...affectedUrls(originalDb, [...savedLater.map((r) => ({ table: 'news' as const, key: r.id })), { table: NEWS_LISTS }]),
      ...newsShareBoundaryUrls(originalDb, savedLater.length),
    ].map(fileForUrl),
  );
  originalDb.$client.close();
  const differingDuring = [...new Set([...original.keys(), ...restoredDuringSite.keys()])].filter(
    (f) => !showingLaterSaves.has(f.replace(/\.(br|gz)$/, '')) && !original.get(f)?.equals(restoredDuringSite.get(f) ?? Buffer.alloc(0)),
  );
  const identicalDuring = [...restoredDuringSite.keys()].filter((f) => original.get(f)?.equals(restoredDuringSite.get(f)!)).length;

  // a restore onto the data the running server uses is refused, and changes nothing
  const before = stored(dataDir).rows.length;
  const refused = await npmRun('restore', [archiveIn(settled.output)], dataDir);
  const missingArchive = await npmRun('restore', [path.join(backups, 'gibt-es-nicht.tar.gz')], tempDir('restore-missing'));

  printFigures('backup', {
    saves: next,
    acknowledged: acknowledged.length,
    acknowledgedBeforeBackup: acknowledgedWhenBackupBegan!.length,
    acknowledgedWhileBackingUp: savesAfterBackupBegan,
    savedAfterTheCopy: savedLater.length,
    restoredRows: afterRestore.rows.length,
    missingAfterRestore: missing.length,
    integrity: afterRestore.integrity,
    restoredPagesMissing: pagesMissing.length,
    restoredDuringFilesIdentical: identicalDuring,
    restoredDuringFilesDiffering: differingDuring.length,
    pagesShowingLaterSaves: showingLaterSaves.size,
    siteFiles: original.size,
    filesDiffering: differing.length,
    restoreWhileRunning: refused.code === 1 ? 'refused' : `exit ${refused.code}`,
    dailyBackupAtStart: dailyArchives.length,
  });
  expect(dailyArchives).toHaveLength(1);
  // the next one at 03:30 in Vienna, within a day
  expect(dailyJob?.every).toBeGreaterThan(0);
  expect(dailyJob?.every).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
  expect(new Intl.DateTimeFormat('de-AT', { timeZone: 'Europe/Vienna', hour: '2-digit', minute: '2-digit' }).format(dailyJob!.next)).toBe('03:30');
  expect(during.code, during.output).toBe(0);
  expect(restoredDuring.code, restoredDuring.output).toBe(0);
  expect(restoredDuring.output).toContain('Wiederhergestellt aus');
  expect(afterRestore.integrity).toBe('ok');
  expect(missing).toEqual([]);
  expect(savesAfterBackupBegan, 'saves went on while the backup ran').toBeGreaterThan(0);
  // and its copy was taken among them: saves stored after it are not in it
  expect(savedLater.length, 'saves stored after the copy was taken').toBeGreaterThan(0);
  expect(pagesMissing).toEqual([]);
  // every page that shows no article (with its brotli and gzip copies) at least
  expect(identicalDuring).toBeGreaterThan(40);
  expect(differingDuring).toEqual([]);
  expect(settled.code, settled.output).toBe(0);
  expect(restoredSettled.code, restoredSettled.output).toBe(0);
  expect(original.size).toBeGreaterThan(100);
  expect(differing).toEqual([]);
  expect(uploadRestored).toBe(true);
  expect(refused.code).toBe(1);
  expect(refused.output).toContain('nutzt die Daten in');
  expect(stored(dataDir).rows.length).toBe(before);
  expect(missingArchive.code).toBe(1);
  expect(missingArchive.output).toContain('Sicherung nicht gefunden');
});
