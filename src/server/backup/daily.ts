// The daily backup the server makes itself: on when BACKUP_DIR is set (off by
// default), keeping the BACKUP_KEEP newest archives (default 7).
import type { DailyBackupStatus } from '../../lib/backup-status';
import type { Db } from '../db/client';
import { nextHousekeepingAfter, unstoredOutcome, type Job } from '../scheduler';
import { createBackup, pruneBackups, removeOldBeforeRestore, removeStaleStaging } from './archive';
import { BACKUP_TEXTS, BEFORE_RESTORE_KEEP_DAYS } from './texts';
import { nextViennaTimeAfter } from '../../lib/dates-de';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The job's name in the scheduler (and its row in scheduled_jobs). */
export const DAILY_BACKUP_JOB = 'daily-backup';

export type BackupSettings = { dir: string; keep: number };

/**
 * Vienna time of the nightly backup: after the nightly republish and the night's purges, long before anyone
 * saves (it ran 24 hours after the server's first start, and a bit later each day by its own length: on a
 * Saturday afternoon's start, in the middle of the match days' saves). The first one at the start.
 */
export const DAILY_BACKUP_TIME = '03:30';

export function dailyBackupJob(
  settings: BackupSettings,
  source: { db: () => Db; dataDir: string; dbFile: string; uploadsDir: string },
  options: { log?: Pick<Console, 'info' | 'warn'>; now?: () => number } = {},
): Job {
  const log = options.log ?? console;
  const now = options.now ?? Date.now;
  return {
    name: DAILY_BACKUP_JOB,
    nextRunAfter: (time) => nextViennaTimeAfter(time, DAILY_BACKUP_TIME),
    firstAtStart: true,
    run: async () => {
      const result = await createBackup(
        { dataDir: source.dataDir, dbFile: source.dbFile, uploadsDir: source.uploadsDir, db: source.db().$client },
        settings.dir,
        new Date(now()),
      );
      log.info(`[backup] ${BACKUP_TEXTS.created(result.file, (result.bytes / 1e6).toFixed(1), result.files)}`);
      // the backup is made: an old archive that cannot be removed is no failed backup (the next run tries again)
      try {
        const pruned = pruneBackups(settings.dir, settings.keep, now(), result.file);
        if (pruned > 0) log.info(`[backup] ${BACKUP_TEXTS.pruned(pruned)}`);
      } catch (error) {
        log.warn(`[backup] ${BACKUP_TEXTS.pruneFailed(error instanceof Error ? error.message : String(error))}`);
      }
    },
  };
}

/**
 * The daily backup's last run as the scheduler stored it (scheduled_jobs): a failure (a full or missing
 * backup disk) was only logged before, where a volunteer host does not look; the admin header shows it.
 */
export function dailyBackupStatus(db: Db, enabled: boolean): DailyBackupStatus {
  if (!enabled) return { enabled, lastRunAt: null, lastError: null };
  const stored = db.$client.prepare('SELECT last_run_at, last_error FROM scheduled_jobs WHERE name = ?').get(DAILY_BACKUP_JOB) as
    | { last_run_at: number | null; last_error: string | null }
    | undefined;
  // a run the database could not take (its disk full, as the backup's): newer than the stored one
  const kept = unstoredOutcome(DAILY_BACKUP_JOB);
  const row = kept ? { last_run_at: kept.lastRunAt, last_error: kept.lastError } : stored;
  // the job's message starts with BACKUP_TEXTS.failed's own words; the header names the backup already
  const prefix = BACKUP_TEXTS.failed('');
  const lastError = row?.last_error ? (row.last_error.startsWith(prefix) ? row.last_error.slice(prefix.length) : row.last_error) : null;
  return { enabled, lastRunAt: row?.last_run_at ?? null, lastError };
}

// (here, not in archive.ts: the scripts that load archive.ts must not load the scheduler, whose database
// client loads the restore journal, which reads archive.ts's names while it loads)
/**
 * A backup's or restore's staging folder a killed command left (each a copy of the database) is older than
 * this at night: a server that runs for months met it only at its next start. Half a day, not the start's
 * hour: a big club's `npm run backup` beside the server may still be packing its uploads.
 */
export const STALE_STAGING_AT_NIGHT_MS = 12 * 60 * 60 * 1000;

/** removeOldBeforeRestore and removeStaleStaging every night (the start does both once itself). */
export function beforeRestorePruneJob(dataDir: string, now: () => number = Date.now): Job {
  return {
    name: 'before-restore-prune',
    nextRunAfter: nextHousekeepingAfter,
    run: async () => {
      removeStaleStaging(dataDir, STALE_STAGING_AT_NIGHT_MS, now());
      const removed = removeOldBeforeRestore(dataDir, now());
      if (removed > 0) console.info(`[backup] ${BACKUP_TEXTS.beforeRestoreRemoved(removed, BEFORE_RESTORE_KEEP_DAYS)}`);
    },
  };
}
