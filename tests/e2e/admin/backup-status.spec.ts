import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { scheduledJobs } from '../../../src/server/db/schema';

// The daily backup's failure in the admin header (the host's superadmin): before, it was only logged.
// BACKUP_DIR names a folder inside a file, as a typo or an unmounted disk leaves it: the job runs at the
// server's start and fails.
let site: Site;
let scratch: string;
test.beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-backup-status-'));
  const file = path.join(scratch, 'datei');
  fs.writeFileSync(file, 'kein Ordner');
  site = await startSite({ env: { BACKUP_DIR: path.join(file, 'sicherungen') } });
});
test.afterAll(async () => {
  await site.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const lastError = () => site.db().select().from(scheduledJobs).where(eq(scheduledJobs.name, 'daily-backup')).get()?.lastError ?? null;

// an admin is not told (their header does not ask; `admin.backup.status` refuses them: the permission matrix)
test('a failed daily backup: the superadmin’s header says why in German', async ({ browser }) => {
  await expect.poll(lastError, { timeout: 20_000 }).toMatch(/kein Ordner/);

  const superContext = await browser.newContext();
  await loginAs(superContext, site, 'superadmin');
  const page = await superContext.newPage();
  await page.goto(`${site.url}/admin`);
  await expect(page.getByTestId('backup-state')).toHaveText(
    /^Tägliche Sicherung vom \d+\. \S+ \d{4}, \d{2}:\d{2} Uhr fehlgeschlagen: ein Teil des Pfads ist eine Datei, kein Ordner \(.+sicherungen\)\. Die Website läuft weiter; bitte den Sicherungsordner \(BACKUP_DIR\) prüfen\.$/,
  );
  await expect(page.getByTestId('backup-state')).toHaveAttribute('role', 'status');
  await superContext.close();
});

// the other jobs: a failing nightly sweep (or a planned article that did not go out) was only in the log
test('another scheduled job that failed: the superadmin’s header names it in German, a later success takes it away', async ({ browser }) => {
  await expect.poll(() => site.db().select().from(scheduledJobs).where(eq(scheduledJobs.name, 'unused-images-sweep')).get()?.nextRunAt ?? null).not.toBeNull();
  const failedAt = Date.UTC(2026, 11, 6, 2, 0);
  site.db().update(scheduledJobs).set({ lastRunAt: failedAt, lastError: "EACCES: permission denied, unlink '/srv/uploads/x.png'" }).where(eq(scheduledJobs.name, 'unused-images-sweep')).run();

  const superContext = await browser.newContext();
  await loginAs(superContext, site, 'superadmin');
  const page = await superContext.newPage();
  await page.goto(`${site.url}/admin`);
  await expect(page.getByTestId('jobs-state')).toHaveText(
    "Geplante Aufgabe „Löschen unbenutzter Bilder“ vom 6. Dezember 2026, 03:00 Uhr fehlgeschlagen: EACCES: permission denied, unlink '/srv/uploads/x.png'. Die Website läuft weiter; der nächste Lauf versucht es erneut (Einzelheiten im Server-Protokoll).",
  );
  await expect(page.getByTestId('jobs-state')).toHaveAttribute('role', 'status');
  // the backup's own note is not repeated here
  await expect(page.getByTestId('jobs-state')).not.toContainText('Sicherung');

  site.db().update(scheduledJobs).set({ lastError: null }).where(eq(scheduledJobs.name, 'unused-images-sweep')).run();
  await page.reload();
  await expect(page.getByTestId('backup-state')).toBeVisible();
  await expect(page.getByTestId('jobs-state')).toHaveCount(0);
  await superContext.close();
});
