import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from './db/client';
import { scheduledJobs } from './db/schema';
import { createTestDb, seed } from './db/test-db';
import { news } from './db/schema';
import { fakeClock } from '../../tests/fixtures/fake-clock';
import { Scheduler, unstoredOutcome, type Job } from './scheduler';
import { DAILY_BACKUP_JOB, dailyBackupJob, dailyBackupStatus, DAY_MS } from './backup/daily';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

function countingJob(name: string, everyMs: number, fail = false) {
  const runs: number[] = [];
  const job: Job = {
    name,
    everyMs,
    run: async () => {
      runs.push(runs.length);
      if (fail) throw new Error('Ziel nicht erreichbar');
    },
  };
  return { job, runs };
}

describe('Scheduler', () => {
  it('a job whose next run cannot be stored (a full disk) waits for it all the same: no run after run without pause', async () => {
    const { clock, advance } = fakeClock();
    const { job, runs } = countingJob('sicherung', DAY_MS);
    const scheduler = new Scheduler(() => db, [job], clock, quiet);
    scheduler.start();
    // from now on no update of the schedule reaches the disk
    db.$client.exec("CREATE TRIGGER voll BEFORE UPDATE ON scheduled_jobs BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    await advance(0);
    expect(runs.length).toBe(1);
    await advance(DAY_MS - 1, () => scheduler.idle());
    expect(runs.length).toBe(1);
    await advance(1, () => scheduler.idle());
    expect(runs.length).toBe(2);
    await scheduler.stop();
  });

  it('a failed daily backup whose outcome the full disk would not take either is shown from memory until a later run is stored', async () => {
    const { clock, advance } = fakeClock();
    let failing = true;
    const job: Job = {
      name: DAILY_BACKUP_JOB,
      everyMs: DAY_MS,
      run: async () => {
        if (failing) throw new Error('Sicherung fehlgeschlagen: kein Speicherplatz frei (/srv/anstoss/backups/x.tar.gz).');
      },
    };
    const scheduler = new Scheduler(() => db, [job], clock, quiet);
    db.$client.exec("CREATE TRIGGER voll BEFORE UPDATE ON scheduled_jobs BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    scheduler.start();
    await advance(0, () => scheduler.idle());
    expect(db.select().from(scheduledJobs).get()!.lastError).toBeNull();
    expect(dailyBackupStatus(db, true)).toEqual({ enabled: true, lastRunAt: clock.now(), lastError: 'kein Speicherplatz frei (/srv/anstoss/backups/x.tar.gz).' });
    // space again: the next day's backup is stored, and what was kept is gone
    db.$client.exec('DROP TRIGGER voll');
    failing = false;
    await advance(DAY_MS, () => scheduler.idle());
    expect(unstoredOutcome(DAILY_BACKUP_JOB)).toBeNull();
    expect(dailyBackupStatus(db, true)).toEqual({ enabled: true, lastRunAt: clock.now(), lastError: null });
    await scheduler.stop();
  });

  it('a database that cannot be read (a disk error) at the start or between runs ends neither the server nor the schedule: it looks again each minute', async () => {
    const { clock, advance } = fakeClock();
    const { job, runs } = countingJob('sicherung', DAY_MS);
    let broken = true;
    const errors: unknown[][] = [];
    const log = { ...quiet, error: (...args: unknown[]) => void errors.push(args) };
    const readable = () => {
      if (broken) throw new Error('SQLITE_IOERR: disk I/O error');
      return db;
    };
    const scheduler = new Scheduler(readable, [job], clock, log);
    // before: thrown here, at the end of the start's publish, which ended the server
    expect(() => scheduler.start()).not.toThrow();
    await advance(60_000, () => scheduler.idle());
    expect(runs.length).toBe(0);
    broken = false;
    await advance(60_000, () => scheduler.idle());
    expect(runs.length).toBe(1);
    // registered by its first run: not run again at once (its row was missing, the start could not write it)
    expect(db.select().from(scheduledJobs).get()).toMatchObject({ name: 'sicherung', nextRunAt: clock.now() + DAY_MS, lastError: null });
    await advance(60_000, () => scheduler.idle());
    expect(runs.length).toBe(1);
    // the disk fails when the next day's run is due: the timer's read fails (before: a rejection nothing caught,
    // and no timer after it), and the run comes once the disk answers again
    broken = true;
    await advance(DAY_MS, () => scheduler.idle());
    expect(runs.length).toBe(1);
    broken = false;
    await advance(60_000, () => scheduler.idle());
    expect(runs.length).toBe(2);
    console.info(`[figures] scheduler on a failing disk: ${errors.length} reads refused and logged, 0 thrown, ${runs.length} runs once it answered`);
    await scheduler.stop();
  });

  it('a calendar job the start could not register (a disk error) still runs at its time, and a poke on the failing disk does not refuse the save that made it', async () => {
    const { clock, advance } = fakeClock(Date.UTC(2026, 10, 24, 12, 0, 0));
    const runs: number[] = [];
    const nightly: Job = { name: 'nachts', nextRunAfter: (time) => time - (time % DAY_MS) + DAY_MS, run: async () => void runs.push(clock.now()) };
    let broken = true;
    const readable = () => {
      if (broken) throw new Error('SQLITE_IOERR: disk I/O error');
      return db;
    };
    const scheduler = new Scheduler(readable, [nightly], clock, quiet);
    scheduler.start();
    expect(() => scheduler.poke()).not.toThrow();
    await advance(60_000, () => scheduler.idle());
    broken = false;
    // before: with no row, its next run was counted from each look's now, always the next midnight: never due
    await advance(DAY_MS, () => scheduler.idle());
    expect(runs).toEqual([Date.UTC(2026, 10, 25)]);
    expect(db.select().from(scheduledJobs).get()).toMatchObject({ name: 'nachts', nextRunAt: Date.UTC(2026, 10, 26) });
    // a row deleted while the server runs (by hand) makes it a new job counted from then, not from the start
    db.$client.exec('DELETE FROM scheduled_jobs');
    await advance(60_000, () => scheduler.idle());
    expect(runs).toHaveLength(1);
    await scheduler.stop();
  });

  it('looks at the wall clock at least every minute: a machine that slept runs what came due meanwhile', async () => {
    let now = Date.UTC(2026, 10, 24, 3, 0, 0);
    const timers: { at: number; fn: () => void }[] = [];
    // the timer's own clock stood still while the machine slept: only the wall clock moved
    const clock = { now: () => now, setTimeout: (fn: () => void, ms: number) => (timers.push({ at: ms, fn }), timers.length), clearTimeout: () => undefined };
    const { job, runs } = countingJob('sicherung', DAY_MS);
    const scheduler = new Scheduler(() => db, [job], clock, quiet);
    scheduler.start();
    timers.shift()!.fn();
    await scheduler.idle();
    expect(runs.length).toBe(1);
    expect(timers[0].at).toBe(60_000);
    now += DAY_MS;
    timers.shift()!.fn();
    await scheduler.idle();
    expect(runs.length).toBe(2);
    await scheduler.stop();
  });

  it('a next run stored while the clock ran days ahead is due at once when the clock is right again, then as ever', async () => {
    const { clock, advance } = fakeClock();
    // the backup ran on a clock a month ahead (a VM snapshot, a bad hardware clock) and stored its next night
    seed(db, () => db.insert(scheduledJobs).values({ name: 'sicherung', nextRunAt: clock.now() + 30 * DAY_MS }).run());
    const { job, runs } = countingJob('sicherung', DAY_MS);
    const scheduler = new Scheduler(() => db, [job], clock, quiet);
    scheduler.start();
    await advance(0, () => scheduler.idle());
    expect(runs.length).toBe(1);
    expect(scheduler.nextRuns().get('sicherung')).toBe(clock.now() + DAY_MS);
    await advance(DAY_MS - 1, () => scheduler.idle());
    expect(runs.length).toBe(1);
    await advance(1, () => scheduler.idle());
    expect(runs.length).toBe(2);
    // a next run a day away, as stored each night, is kept
    await advance(DAY_MS / 2, () => scheduler.idle());
    expect(runs.length).toBe(2);
    await scheduler.stop();
  });

  it('runs a new job at start, then every interval, and stores when it runs next', async () => {
    const { clock, advance } = fakeClock();
    const { job, runs } = countingJob('sicherung', DAY_MS);
    const scheduler = new Scheduler(() => db, [job], clock, quiet);
    scheduler.start();
    await advance(0);
    expect(runs.length).toBe(1);
    expect(db.select().from(scheduledJobs).get()).toMatchObject({ name: 'sicherung', nextRunAt: clock.now() + DAY_MS, lastError: null });
    await advance(DAY_MS - 1);
    expect(runs.length).toBe(1);
    await advance(1);
    expect(runs.length).toBe(2);
    await advance(3 * DAY_MS);
    expect(runs.length).toBe(5);
    await scheduler.stop();
  });

  it('a restart neither repeats a job nor skips it; a job due while the server was down runs once', async () => {
    const { clock, advance } = fakeClock();
    const { job, runs } = countingJob('sicherung', DAY_MS);
    const first = new Scheduler(() => db, [job], clock, quiet);
    first.start();
    await advance(0);
    await first.stop();
    // restarted an hour later: not due
    await advance(60 * 60 * 1000);
    const second = new Scheduler(() => db, [job], clock, quiet);
    second.start();
    await advance(0);
    expect(runs.length).toBe(1);
    await second.stop();
    // down for three days: one run at the next start, not three
    await advance(3 * DAY_MS);
    const third = new Scheduler(() => db, [job], clock, quiet);
    third.start();
    await advance(0);
    expect(runs.length).toBe(2);
    await third.stop();
  });

  it('a failing job keeps its error and waits for its next turn', async () => {
    const { clock, advance } = fakeClock();
    const { job, runs } = countingJob('sicherung', DAY_MS, true);
    const scheduler = new Scheduler(() => db, [job], clock, quiet);
    scheduler.start();
    await advance(60_000);
    expect(runs.length).toBe(1);
    expect(db.select().from(scheduledJobs).get()).toMatchObject({ lastError: 'Ziel nicht erreichbar' });
    await scheduler.stop();
  });

  it('the daily backup job writes an archive at the start, then each night at 03:30 in Vienna, and keeps BACKUP_KEEP of them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-daily-'));
    const dataDir = path.join(dir, 'data');
    const { openDatabase } = await import('./db/client');
    const { guardWrites } = await import('./db/write');
    const fileDb = guardWrites(openDatabase(path.join(dataDir, 'club.db')));
    seed(fileDb, () => fileDb.insert(news).values({ title: 'Derby', content: 'Text' }).run());
    const { clock, advance } = fakeClock();
    const job = dailyBackupJob(
      { dir: path.join(dir, 'backups'), keep: 2 },
      { db: () => fileDb, dataDir, dbFile: path.join(dataDir, 'club.db'), uploadsDir: path.join(dataDir, 'uploads') },
      { log: quiet, now: clock.now },
    );
    const scheduler = new Scheduler(() => db, [job], clock, quiet);
    scheduler.start();
    const names: string[][] = [];
    for (let day = 0; day < 3; day++) {
      await advance(day === 0 ? 0 : DAY_MS, () => scheduler.idle());
      names.push(fs.readdirSync(path.join(dir, 'backups')).sort());
    }
    await scheduler.stop();
    // the first at the start (04:00 in Vienna), then every night at 03:30 in Vienna (02:30 UTC in winter)
    expect(names).toEqual([
      ['anstoss-backup-2026-11-24T03-00-00Z.tar.gz'],
      ['anstoss-backup-2026-11-24T03-00-00Z.tar.gz', 'anstoss-backup-2026-11-25T02-30-00Z.tar.gz'],
      ['anstoss-backup-2026-11-25T02-30-00Z.tar.gz', 'anstoss-backup-2026-11-26T02-30-00Z.tar.gz'],
    ]);
    fileDb.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it('poke() brings a job with dueAt forward to the time its data asks for, and start() does it too', async () => {
    const { clock, advance } = fakeClock();
    let due: number | null = null;
    const runs: number[] = [];
    const job: Job = {
      name: 'geplant',
      nextRunAfter: (time) => time + DAY_MS,
      dueAt: () => due,
      run: async () => {
        runs.push(clock.now());
        due = null;
      },
    };
    const first = new Scheduler(() => db, [job], clock, quiet);
    first.start();
    await advance(60_000);
    expect(runs).toEqual([]);
    // something is due in ten minutes: without the poke the job would wait a day
    const inTenMinutes = clock.now() + 10 * 60_000;
    due = inTenMinutes;
    first.poke();
    await advance(10 * 60_000 - 1);
    expect(runs).toEqual([]);
    await advance(1);
    expect(runs).toEqual([inTenMinutes]);
    await first.stop();
    // a time set while the server was down (a restore, a direct write) is caught up at the next start
    due = clock.now() + 60_000;
    await advance(5 * 60_000);
    const second = new Scheduler(() => db, [job], clock, quiet);
    second.start();
    await advance(0);
    expect(runs).toHaveLength(2);
    expect(runs[1]).toBe(clock.now());
    await second.stop();
  });
});
