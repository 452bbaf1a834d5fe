// The daily backup the server makes itself: on when BACKUP_DIR is set (off by
// default), keeping the BACKUP_KEEP newest archives (default 7).
import type { Db } from '../db/client';
import type { Job } from '../scheduler';
import { createBackup, pruneBackups } from './archive';
import { BACKUP_TEXTS } from './texts';

export const DAY_MS = 24 * 60 * 60 * 1000;

export type BackupSettings = { dir: string; keep: number };

export function dailyBackupJob(
  settings: BackupSettings,
  source: { db: () => Db; dataDir: string; dbFile: string; uploadsDir: string },
  options: { log?: Pick<Console, 'info'>; now?: () => number } = {},
): Job {
  const log = options.log ?? console;
  const now = options.now ?? Date.now;
  return {
    name: 'daily-backup',
    everyMs: DAY_MS,
    run: async () => {
      const result = await createBackup(
        { dataDir: source.dataDir, dbFile: source.dbFile, uploadsDir: source.uploadsDir, db: source.db().$client },
        settings.dir,
        new Date(now()),
      );
      log.info(`[backup] ${BACKUP_TEXTS.created(result.file, (result.bytes / 1e6).toFixed(1), result.files)}`);
      const pruned = pruneBackups(settings.dir, settings.keep, now());
      if (pruned > 0) log.info(`[backup] ${BACKUP_TEXTS.pruned(pruned)}`);
    },
  };
}
