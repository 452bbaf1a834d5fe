// How long the trash keeps deleted rows and how long older versions are kept
// (issue 15): two site settings read by the revisions' retention job
// (src/server/revisions). Every admin may read them (the trash says how long an
// entry stays); only a superadmin changes them, and the change is an entry of
// the audit log.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { REVISIONS_UI_TEXTS as T } from '../../lib/revision-compare';
import { noInput } from '../../lib/schemas/admin-fields';
import { recordAudit } from '../../server/audit/audit-log';
import { getDb, type Db } from '../../server/db/client';
import { siteSettings } from '../../server/db/schema';
import { write } from '../../server/db/write';
import { revisionDays, trashDays } from '../../server/revisions';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';

const KEYS = { trashDays: 'trash_retention_days', revisionDays: 'revision_retention_days' } as const;

const days = (min: number, max: number, message: string) =>
  z.number({ invalid_type_error: message, required_error: message }).int(message).min(min, message).max(max, message);

const retentionInput = z.object({
  trashDays: days(1, 365, T.trashDaysRange),
  revisionDays: days(7, 3650, T.revisionDaysRange),
});
type RevisionRetention = z.infer<typeof retentionInput>;

const current = (db: Db): RevisionRetention => ({ trashDays: trashDays(db), revisionDays: revisionDays(db) });

export const retention = {
  settings: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return current(getDb());
    },
  }),
  save: defineAction({
    accept: 'json',
    input: retentionInput,
    handler: async (input, context) => {
      const me = requireRole(context, 'superadmin', T.retentionOnly);
      const db = getDb();
      return runWrite(() =>
        write('revisions.retention', (tx) => {
          const before = current(tx);
          for (const [field, key] of Object.entries(KEYS) as [keyof RevisionRetention, string][]) {
            const value = String(input[field]);
            tx.insert(siteSettings).values({ key, value }).onConflictDoUpdate({ target: siteSettings.key, set: { value } }).run();
          }
          const changed = (Object.keys(KEYS) as (keyof RevisionRetention)[])
            .filter((field) => before[field] !== input[field])
            .map((field) => `${field === 'trashDays' ? T.trashDays : T.revisionDays}: ${before[field]} → ${input[field]}`);
          if (changed.length) {
            recordAudit(tx, { action: 'retention.settings', actor: { id: me.id, email: me.email }, entity: 'site_settings', detail: changed.join(', ') });
          }
          return current(tx);
        }, db),
      );
    },
  }),
};
