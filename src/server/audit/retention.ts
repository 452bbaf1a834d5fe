// How long the audit log and the membership inquiries are kept (issue 15,
// docs/decisions/031): settings in `site_settings`, and the scheduler's jobs that
// delete what is older. Inquiries are personal data collected for one purpose
// (DSGVO Art. 5(1)(e)): after the period (default 12 months, named in the
// privacy page's default text) they go, without a copy (they are not revisioned).
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { auditLog, membershipInquiries, siteSettings } from '../db/schema';
import { AUDIT_TEXTS as T, RETENTION_DEFAULTS, type RetentionSettings } from '../../lib/schemas/audit';
import { recordAudit, type Actor } from './audit-log';
import { positiveIntSetting } from '../db/settings';
import { pruneOutbox } from '../mail/mailer';
import { nextHousekeepingAfter, type Job } from '../scheduler';

export const RETENTION_KEYS = { auditDays: 'audit_retention_days', inquiryMonths: 'inquiry_retention_months' } as const;

const DAY_MS = 24 * 60 * 60 * 1000;


export function retentionSettings(db: Db): RetentionSettings {
  return {
    auditDays: positiveIntSetting(db, RETENTION_KEYS.auditDays, RETENTION_DEFAULTS.auditDays),
    inquiryMonths: positiveIntSetting(db, RETENTION_KEYS.inquiryMonths, RETENTION_DEFAULTS.inquiryMonths),
  };
}

/** Stores both periods; a change is itself an entry of the log. */
export function saveRetentionSettings(db: Db, input: RetentionSettings, actor: Actor, now = Date.now()): RetentionSettings {
  return write('audit.saveRetention', (tx) => {
    const before = retentionSettings(tx);
    for (const [field, key] of Object.entries(RETENTION_KEYS) as [keyof RetentionSettings, string][]) {
      const value = String(input[field]);
      tx.insert(siteSettings).values({ key, value }).onConflictDoUpdate({ target: siteSettings.key, set: { value } }).run();
    }
    const changed = [
      before.auditDays !== input.auditDays ? `${T.auditDays}: ${before.auditDays} → ${input.auditDays}` : null,
      before.inquiryMonths !== input.inquiryMonths ? `${T.inquiryMonths}: ${before.inquiryMonths} → ${input.inquiryMonths}` : null,
    ].filter(Boolean);
    if (changed.length) recordAudit(tx, { action: 'retention.settings', actor, entity: 'site_settings', detail: T.changed(changed.join(', ')) }, now);
    return retentionSettings(tx);
  }, db);
}

/** The instant `months` calendar months before `now` (UTC). */
export function monthsBefore(now: number, months: number): number {
  const d = new Date(now);
  const day = d.getUTCDate();
  // the same day of the month, or the month's last where it has none: setUTCMonth spilled 31 March less one month
  // into 3 March, and an inquiry 29 days old was purged as older than a month
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.getTime();
}

/** Deletes audit entries older than the period; returns how many. */
export function purgeAuditLog(db: Db, now = Date.now()): number {
  const cutoff = now - retentionSettings(db).auditDays * DAY_MS;
  return write('audit.purge', (tx) => tx.delete(auditLog).where(lt(auditLog.at, cutoff)).run().changes, db);
}

/**
 * Deletes inquiries older than the period, and says so in the log (how many, never whose); the
 * outbox's copies of their notifications (a set-up without SMTP) go with them.
 */
export function purgeInquiries(db: Db, now = Date.now(), outboxDir?: string): number {
  const cutoffMs = monthsBefore(now, retentionSettings(db).inquiryMonths);
  const cutoff = new Date(cutoffMs).toISOString();
  const removed = write('inquiries.purge', (tx) => {
    const removed = tx.delete(membershipInquiries).where(lt(membershipInquiries.created_at, cutoff)).run().changes;
    if (removed > 0) recordAudit(tx, { action: 'retention.purge', actor: null, entity: 'membership_inquiries', detail: T.purgedInquiries(removed) }, now);
    return removed;
  }, db);
  pruneOutbox(cutoffMs, outboxDir);
  return removed;
}

export type JobOptions = { now?: () => number; log?: Pick<Console, 'info'> };

/** A nightly purge, at the night's housekeeping time (the first one too: never in a start's busy minutes). */
export function purgeJob(name: string, purge: (db: Db, now: number) => number, said: (n: number) => string, db: () => Db, options: JobOptions): Job {
  const now = options.now ?? Date.now;
  const log = options.log ?? console;
  return {
    name,
    nextRunAfter: nextHousekeepingAfter,
    run: async () => {
      const removed = purge(db(), now());
      if (removed > 0) log.info(`[${name}] ${said(removed)}`);
    },
  };
}

export const auditRetentionJob = (db: () => Db, options: JobOptions = {}): Job =>
  purgeJob('audit-retention', purgeAuditLog, T.purgedAudit, db, options);

export const inquiryRetentionJob = (db: () => Db, options: JobOptions = {}): Job =>
  purgeJob('inquiry-retention', purgeInquiries, T.purgedInquiries, db, options);

/** Both jobs, as src/server/app.ts adds them to the scheduler. */
export function retentionJobs(db: () => Db, options: JobOptions = {}): Job[] {
  return [auditRetentionJob(db, options), inquiryRetentionJob(db, options)];
}
