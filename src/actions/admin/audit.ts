import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { AUDIT_ONLY_MESSAGES, auditFilterSchema, retentionSchema } from '../../lib/schemas/audit';
import { getDb } from '../../server/db/client';
import { auditEntities, listAudit } from '../../server/audit/audit-log';
import { retentionSettings, saveRetentionSettings } from '../../server/audit/retention';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';

const ONLY = AUDIT_ONLY_MESSAGES.audit;

/** The audit log 'Protokoll' and its retention (issue 15, docs/decisions/031). Superadmins only, every one. */
export const audit = {
  list: defineAction({
    accept: 'json',
    input: auditFilterSchema.optional(),
    handler: async (input, context) => {
      requireRole(context, 'superadmin', ONLY);
      const db = getDb();
      return { ...listAudit(db, input ?? {}), entities: auditEntities(db) };
    },
  }),
  settings: defineAction({
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'superadmin', ONLY);
      return retentionSettings(getDb());
    },
  }),
  saveSettings: defineAction({
    accept: 'json',
    input: retentionSchema,
    handler: async (input, context) => {
      const me = requireRole(context, 'superadmin', ONLY);
      return runWrite(() => saveRetentionSettings(getDb(), input, me));
    },
  }),
};
