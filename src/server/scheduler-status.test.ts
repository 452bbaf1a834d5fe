// The scheduled jobs' failures for the superadmin's header: what the scheduler stored of their last runs, a run a
// full disk would not store from memory, only this server's jobs, the daily backup left to its own note.
import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../tests/fixtures/fake-clock';
import { createTestDb, seed } from './db/test-db';
import { scheduledJobs } from './db/schema';
import { DAILY_BACKUP_JOB, DAY_MS } from './backup/daily';
import { Scheduler, type Job } from './scheduler';
import { failedJobs, registerRunningJobs, runningJobs } from './scheduler-status';
import { JOB_STATUS_TEXTS } from '../lib/job-status';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('failed scheduled jobs', () => {
  it("names each of this server's jobs whose last run failed, until a run succeeds; the backup has its own note", async () => {
    const db = createTestDb();
    const { clock, advance } = fakeClock();
    let failing = true;
    const news: Job = {
      name: 'scheduled-news',
      everyMs: 60 * 60 * 1000,
      run: async () => {
        if (failing) throw new Error('SQLITE_IOERR: disk I/O error');
      },
    };
    const sweep: Job = { name: 'unused-images-sweep', everyMs: DAY_MS, run: async () => undefined };
    const backup: Job = { name: DAILY_BACKUP_JOB, everyMs: DAY_MS, run: async () => { throw new Error('Sicherung fehlgeschlagen: voll.'); } };
    // a job of an older version, failed then, no longer run
    seed(db, () => db.insert(scheduledJobs).values({ name: 'alter-job', nextRunAt: clock.now() + DAY_MS, lastRunAt: clock.now() - DAY_MS, lastError: 'alt' }).run());
    const scheduler = new Scheduler(() => db, [news, sweep, backup], clock, quiet);
    registerRunningJobs([news, sweep, backup].map((job) => job.name));
    scheduler.start();
    await advance(0, () => scheduler.idle());
    const failures = failedJobs(db);
    expect(failures).toEqual([{ job: 'scheduled-news', lastRunAt: clock.now(), error: 'SQLITE_IOERR: disk I/O error.' }]);
    expect(JOB_STATUS_TEXTS.failed(failures[0])).toMatch(
      /^Geplante Aufgabe „Veröffentlichen geplanter Beiträge“ vom \d+\. \S+ \d{4}, \d{2}:\d{2} Uhr fehlgeschlagen: SQLITE_IOERR: disk I\/O error\. Die Website läuft weiter; der nächste Lauf versucht es erneut \(Einzelheiten im Server-Protokoll\)\.$/,
    );
    failing = false;
    await advance(60 * 60 * 1000, () => scheduler.idle());
    expect(failedJobs(db)).toEqual([]);
    await scheduler.stop();
    registerRunningJobs([]);
    expect(runningJobs()).toEqual([]);
  });

  it("shows a run the database would not store (a full disk) from memory, and shortens a long error", async () => {
    const db = createTestDb();
    const { clock, advance } = fakeClock();
    const long: Job = { name: 'revision-retention', everyMs: DAY_MS, run: async () => { throw new Error('x'.repeat(400)); } };
    const scheduler = new Scheduler(() => db, [long], clock, quiet);
    scheduler.start();
    await advance(0, () => scheduler.idle());
    db.$client.exec("CREATE TRIGGER voll BEFORE UPDATE ON scheduled_jobs BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    await advance(DAY_MS, () => scheduler.idle());
    const [failure] = failedJobs(db, ['revision-retention']);
    expect(failure).toEqual({ job: 'revision-retention', lastRunAt: clock.now(), error: `${'x'.repeat(300)}…` });
    expect(db.$client.prepare("SELECT last_run_at FROM scheduled_jobs WHERE name = 'revision-retention'").pluck().get()).toBe(clock.now() - DAY_MS);
    await scheduler.stop();
  });
});
