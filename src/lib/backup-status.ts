// The daily backup as the admin header shows it to superadmins (src/server/backup/daily.ts): a failure was
// only logged before, where a volunteer host does not look.
import { formatDateTime } from './dates-de';

/** Whether the daily backup is on (BACKUP_DIR), when it last ran and why that run failed. */
export type DailyBackupStatus = { enabled: boolean; lastRunAt: number | null; lastError: string | null };

export const BACKUP_STATUS_TEXTS = {
  failed: (at: number | null, reason: string) =>
    `Tägliche Sicherung${at === null ? '' : ` vom ${formatDateTime(at)}`} fehlgeschlagen: ${reason} Die Website läuft weiter; bitte den Sicherungsordner (BACKUP_DIR) prüfen.`,
} as const;
