import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { inquiryIdSchema, inquiryStatusSchema } from '../../lib/schemas/inquiryStatus';
import { AUDIT_ONLY_MESSAGES, subjectEmailSchema } from '../../lib/schemas/audit';
import { getDb } from '../../server/db/client';
import { config } from '../../server/config';
import { copiesAfterErasure, eraseSubject, exportSubject } from '../../server/audit/data-subject';
import { INQUIRY_CHANGE, deleteInquiry, listInquiries, setInquiryStatus } from '../../server/services/admin/inquiries';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';

const NOT_FOUND = 'Diese Anfrage existiert nicht mehr.';

/** The membership inquiry inbox (admin-area.md §2 Mitglied, §7 membership_inquiries). */
export const inquiries = {
  list: defineAction({
    // a JSON body: the production server refuses body-less POSTs (origin check)
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return listInquiries();
    },
  }),
  setStatus: defineAction({
    accept: 'json',
    input: inquiryStatusSchema,
    handler: async ({ id, status }, context) => {
      requireRole(context, 'admin');
      const row = runWrite(() => setInquiryStatus(id, status));
      if (!row) throw new ActionError({ code: 'NOT_FOUND', message: NOT_FOUND });
      // no page shows inquiries: this only tells other open panels
      await publishChanges([INQUIRY_CHANGE]);
      return { row };
    },
  }),
  remove: defineAction({
    accept: 'json',
    input: inquiryIdSchema,
    handler: async ({ id }, context) => {
      const me = requireRole(context, 'admin');
      const row = runWrite(() => deleteInquiry(id, getDb(), me));
      if (!row) throw new ActionError({ code: 'NOT_FOUND', message: NOT_FOUND });
      await publishChanges([INQUIRY_CHANGE]);
      return { row };
    },
  }),
  /** Everything stored about an e-mail address (DSGVO Art. 15/20), for a JSON download. Superadmins only. */
  exportByEmail: defineAction({
    accept: 'json',
    input: subjectEmailSchema,
    handler: async ({ email }, context) => {
      const me = requireRole(context, 'superadmin', AUDIT_ONLY_MESSAGES.privacy);
      return runWrite(() => exportSubject(getDb(), email, me));
    },
  }),
  /** Erasure on request (DSGVO Art. 17): every inquiry of the address, gone. Superadmins only. */
  eraseByEmail: defineAction({
    accept: 'json',
    input: subjectEmailSchema,
    handler: async ({ email }, context) => {
      const me = requireRole(context, 'superadmin', AUDIT_ONLY_MESSAGES.privacy);
      const result = runWrite(() => eraseSubject(getDb(), email, me));
      if (result.deleted > 0) await publishChanges([INQUIRY_CHANGE]);
      // the archives still hold them until they are replaced or deleted: the superadmin is told (a restore brings them back)
      return { ...result, copies: copiesAfterErasure(config) };
    },
  }),
};
