// The daily backup's failure in the admin header, for superadmins (they run the host): before, a failed
// backup (a full or unmounted backup disk) was only logged, and nobody noticed until a restore was needed.
import { actions } from 'astro:actions';
import { useEffect, useState } from 'react';
import { BACKUP_STATUS_TEXTS as T, type DailyBackupStatus } from '../../lib/backup-status';
import { callAction } from './contentKit';

const REFRESH_MS = 10 * 60 * 1000;

export function BackupBadge({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const [status, setStatus] = useState<DailyBackupStatus | null>(null);
  useEffect(() => {
    if (!isSuperAdmin) return;
    let live = true;
    const ask = () =>
      void callAction(() => actions.admin.backup.status({})).then((result) => {
        if (live && result.ok) setStatus(result.data);
      });
    ask();
    // a panel left open over night shows the night's run, and a later success takes the note away
    const timer = window.setInterval(ask, REFRESH_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [isSuperAdmin]);
  if (!status?.enabled || !status.lastError) return null;
  return (
    <span className="admin-deploy admin-deploy-failed" role="alert" data-testid="backup-state">
      {T.failed(status.lastRunAt, status.lastError)}
    </span>
  );
}
