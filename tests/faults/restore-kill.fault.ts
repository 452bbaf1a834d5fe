// A restore killed between two of its renames (issue: a killed process never loses data). The swap
// moves the old database and uploads aside and the checked ones in; killed in between, DATA_DIR held
// half of each, or no database at all, and the next start began an empty club. Now a journal has the
// next start undo the swap: killed at every rename in turn, and just before and after the journal's
// removal, the data is afterwards wholly the old or, once the journal was gone, wholly the restored one;
// never a mix, never empty (both ends are reached, each run counted).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createBackup, RESTORE_JOURNAL } from '../../src/server/backup/archive';
import { undoInterruptedRestore } from '../../src/server/backup/journal';
import { BACKUP_TEXTS } from '../../src/server/backup/texts';
import { openDatabase } from '../../src/server/db/client';
import { news } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/test-db';
import { guardWrites } from '../../src/server/db/write';
import { printFigures } from './figures';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-restore-kill-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A DATA_DIR with one news titled `title` and an upload saying it. */
function dataDir(name: string, title: string): string {
  const dir = path.join(root, name);
  const db = guardWrites(openDatabase(path.join(dir, 'club.db')));
  seed(db, () => db.insert(news).values({ title, content: `Text ${title}` }).run());
  db.$client.close();
  fs.mkdirSync(path.join(dir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'uploads', 'logo.webp'), `bild-${title}`);
  return dir;
}

function state(dir: string): { titles: string[]; logo: string | null } {
  const file = path.join(dir, 'club.db');
  const titles = fs.existsSync(file)
    ? (() => {
        const db = openDatabase(file);
        try {
          return db.select({ title: news.title }).from(news).all().map((r) => r.title);
        } finally {
          db.$client.close();
        }
      })()
    : [];
  const logo = path.join(dir, 'uploads', 'logo.webp');
  return { titles, logo: fs.existsSync(logo) ? fs.readFileSync(logo, 'utf8') : null };
}

function restoreKilledAt(archive: string, dir: string, killAt: number): Promise<{ signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve) => {
    // node itself with tsx's loader: the tsx command runs the script in a child of its own and hides its signal
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('tests/faults/helpers/restore-killed.ts'), archive, dir, String(killAt)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (_code, signal) => resolve({ signal, output }));
  });
}

it('a restore killed at each of its renames, and as its journal goes, leaves the old data or the restored one, never a mix or none', async () => {
  const source = dataDir('quelle', 'Neu');
  const { file: archive } = await createBackup({ dataDir: source, dbFile: path.join(source, 'club.db'), uploadsDir: path.join(source, 'uploads') }, path.join(root, 'backups'));
  // how many steps a whole restore makes in DATA_DIR: its renames, and its journal's removal and after
  const whole = dataDir('ganz', 'Alt');
  const finished = await restoreKilledAt(archive, whole, 1_000);
  const steps = Number(/steps=(\d+)/.exec(finished.output)?.[1]);
  expect(steps, finished.output).toBeGreaterThanOrEqual(7);
  expect(state(whole)).toEqual({ titles: ['Neu'], logo: 'bild-Neu' });

  let killed = 0;
  let undone = 0;
  let restored = 0;
  let lost = 0;
  for (let killAt = 1; killAt <= steps; killAt++) {
    const dir = dataDir(`ziel-${killAt}`, 'Alt');
    const run = await restoreKilledAt(archive, dir, killAt);
    expect(run.signal, run.output).toBe('SIGKILL');
    killed++;
    // a script that opens the data meanwhile is refused (it would make or change the wrong database)
    const journal = fs.existsSync(path.join(dir, RESTORE_JOURNAL));
    if (journal) expect(() => openDatabase(path.join(dir, 'club.db'))).toThrow(BACKUP_TEXTS.interruptedFirst);
    // the next start (or restore, or import) looks first
    const message = undoInterruptedRestore(dir);
    expect(message !== null).toBe(journal);
    if (message) {
      expect(message).toBe(BACKUP_TEXTS.interruptedUndone);
      undone++;
    }
    const after = state(dir);
    const whole = [JSON.stringify({ titles: ['Alt'], logo: 'bild-Alt' }), JSON.stringify({ titles: ['Neu'], logo: 'bild-Neu' })];
    if (!whole.includes(JSON.stringify(after))) lost++;
    if (after.titles[0] === 'Neu') restored++;
    expect(whole, `killed at rename ${killAt}`).toContain(JSON.stringify(after));
    // an undone restore leaves no journal and no folders of its own; a finished one keeps the old data
    // aside (one killed before its swap leaves its unpacked archive, which the start removes after an hour)
    expect(fs.existsSync(path.join(dir, RESTORE_JOURNAL))).toBe(false);
    const own = (prefix: string) => fs.readdirSync(dir).filter((name) => name.startsWith(prefix));
    if (message) expect(own('.restore-'), `killed at rename ${killAt}`).toEqual([]);
    expect(own('.before-restore-'), `killed at rename ${killAt}`).toEqual(after.titles[0] === 'Neu' ? [expect.stringMatching(/^\.before-restore-/)] : []);
  }
  printFigures('restore killed mid-swap', { steps, killed, undone, restored, lost });
  // both ends were reached: a swap undone (also the one killed with all its renames done and its journal there,
  // where the placed uploads folder goes again), and a restore killed once its journal was gone, which stays
  expect(undone).toBeGreaterThan(0);
  expect(restored).toBeGreaterThan(0);
  expect(lost).toBe(0);
});
