import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { recordAudit } from '../../server/audit/audit-log';
import { getDb } from '../../server/db/client';
import { createPreview } from '../../server/preview/previews';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';

/** 'Vorschau': an unsaved change to a news, a match or a page as its public page (issue 15). */
export const preview = {
  create: defineAction({
    accept: 'json',
    input: z.object({
      entity: z.string().min(1).max(40),
      id: z.string().min(1).max(100).nullish(),
      draft: z.record(z.unknown()),
    }),
    handler: async ({ entity, id, draft }, context) => {
      const user = requireRole(context, 'admin');
      const { token, expiresAt } = runWrite(() => createPreview(entity, id ?? null, draft, user.id));
      runWrite(() => recordAudit(getDb(), { action: 'content.preview', entity, rowId: id ?? null }));
      return { url: `/admin/vorschau/${token}`, expiresAt };
    },
  }),
};
