// What the host's superadmin must hear of in the admin header, each only while it is so: a failed daily
// backup (a full or unmounted backup disk), another scheduled job that failed (a planned article that did
// not go out), and a mail that did not go (a wrong password in SMTP_URL kept every inquiry's notification
// away). Each was only logged before, and nobody noticed until it mattered.
import { actions } from 'astro:actions';
import { useEffect, useState } from 'react';
import { BACKUP_STATUS_TEXTS, type DailyBackupStatus } from '../../lib/backup-status';
import { JOB_STATUS_TEXTS, type JobFailure } from '../../lib/job-status';
import { MAIL_STATUS_TEXTS, type MailStatus } from '../../lib/mail-status';
import { callAction, type CallResult } from './contentKit';

const REFRESH_MS = 10 * 60 * 1000;

/** The status as the server last told it, asked again every 10 minutes: a panel left open shows the night's run, and a later success takes the note away. */
function useHostStatus<T>(isSuperAdmin: boolean, ask: () => Promise<CallResult<T>>): T | null {
  const [status, setStatus] = useState<T | null>(null);
  useEffect(() => {
    if (!isSuperAdmin) return;
    let live = true;
    const refresh = () =>
      void ask().then((result) => {
        if (live && result.ok) setStatus(result.data);
      });
    refresh();
    const timer = window.setInterval(refresh, REFRESH_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
    // `ask` is a module-level function of the caller's: asked once per superadmin
  }, [isSuperAdmin, ask]);
  return status;
}

// a status, not an alert: it stays while it is so, and each page of the admin would announce it anew
function Notice({ text, testId }: { text: string; testId: string }) {
  return (
    <span className="admin-deploy admin-deploy-failed" role="status" data-testid={testId}>
      {text}
    </span>
  );
}

const askBackup = () => callAction(() => actions.admin.backup.status({}));
const askMail = () => callAction(() => actions.admin.mail.status({}));
const askJobs = () => callAction(() => actions.admin.jobs.status({}));

export function BackupBadge({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const status = useHostStatus<DailyBackupStatus>(isSuperAdmin, askBackup);
  if (!status?.enabled || !status.lastError) return null;
  return <Notice text={BACKUP_STATUS_TEXTS.failed(status.lastRunAt, status.lastError)} testId="backup-state" />;
}

export function MailBadge({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const status = useHostStatus<MailStatus>(isSuperAdmin, askMail);
  if (!status || status.failures.length === 0) return null;
  return <Notice text={status.failures.map((failure) => MAIL_STATUS_TEXTS.failed(failure.failedAt, failure.reason, failure.scope)).join(' ')} testId="mail-state" />;
}

export function JobsBadge({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const status = useHostStatus<{ failures: JobFailure[] }>(isSuperAdmin, askJobs);
  if (!status || status.failures.length === 0) return null;
  return <Notice text={status.failures.map(JOB_STATUS_TEXTS.failed).join(' ')} testId="jobs-state" />;
}
