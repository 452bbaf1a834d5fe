// The scheduled jobs' failures as the admin header shows them to superadmins (src/server/scheduler-status.ts):
// besides the daily backup's (backup-status.ts), a failing scheduled news, purge or sweep was only in the log
// and the scheduled_jobs row, and an admin whose planned article did not go out was not told.
import { formatDateTime } from './dates-de';

/** A job whose last run failed: its name, when it ran and why. */
export type JobFailure = { job: string; lastRunAt: number | null; error: string };

/** What each job does, in the admin's words; a job not named here shows its own name. */
export const JOB_LABELS: Record<string, string> = {
  'nightly-republish': 'Nächtliches Neuveröffentlichen der Website',
  'match-ends': 'Aktualisieren der Seiten nach Spielende',
  'scheduled-news': 'Veröffentlichen geplanter Beiträge',
  'audit-retention': 'Löschen alter Protokolleinträge',
  'inquiry-retention': 'Löschen alter Anfragen',
  'sign-in-housekeeping': 'Aufräumen abgelaufener Anmeldungen',
  'revision-retention': 'Löschen alter Versionen und Papierkorb-Einträge',
  'unused-images-sweep': 'Löschen unbenutzter Bilder',
  'share-cache-prune': 'Aufräumen der Teilen-Bilder',
  'before-restore-prune': 'Aufräumen alter Kopien vor Wiederherstellungen',
  'earlier-builds-prune': 'Aufräumen früherer Programmversionen',
};

export const JOB_STATUS_TEXTS = {
  failed: (failure: JobFailure) =>
    `Geplante Aufgabe „${JOB_LABELS[failure.job] ?? failure.job}“${failure.lastRunAt === null ? '' : ` vom ${formatDateTime(failure.lastRunAt)}`} fehlgeschlagen: ${failure.error} Die Website läuft weiter; der nächste Lauf versucht es erneut (Einzelheiten im Server-Protokoll).`,
} as const;
