// GET /api/admin/audit.csv?kind=&user=&entity=&from=&to=: the audit log
// ('Protokoll') with the list's filter, as a CSV download (docs/decisions/031).
// Superadmins only, checked here whatever the page guard does. The download is
// itself logged ('Protokoll exportiert', with its filter and its number of
// entries): every sign-in address and failed-sign-in e-mail went out without a
// trace; a log that cannot be written refuses the download. The file is built
// in one go rather than streamed, so that no open statement holds the one
// connection while other requests write.
import type { APIRoute } from 'astro';
import { ACCOUNT_TEXTS } from '../../../lib/schemas/account';
import { AUDIT_ONLY_MESSAGES, AUDIT_TEXTS, auditFilterSchema } from '../../../lib/schemas/audit';
import { getDb } from '../../../server/db/client';
import { iterateAudit, recordAudit } from '../../../server/audit/audit-log';
import { isRefusedWrite } from '../../../server/db/write';
import { auditCsv } from '../../../server/audit/csv';
import { viennaDate } from '../../../lib/dates-de';

export const prerender = false;

const text = (status: number, message: string) =>
  new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

export const GET: APIRoute = ({ locals, url, request }) => {
  if (!locals.user) return text(401, 'Bitte melde dich an.');
  if (!locals.isSuperAdmin) return text(403, AUDIT_ONLY_MESSAGES.audit);
  if (locals.mustSetUpSecondFactor) return text(403, ACCOUNT_TEXTS.setupFirst);
  const parsed = auditFilterSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return text(400, parsed.error.issues[0]?.message ?? 'Ungültiger Filter.');
  // the whole filter's entries: neither the tab's page nor its paging anchor
  const { page: _page, upTo: _upTo, ...filter } = parsed.data;
  const db = getDb();
  let entries = 0;
  const body = auditCsv((function* counted() {
    for (const entry of iterateAudit(db, filter)) {
      entries++;
      yield entry;
    }
  })());
  try {
    // Astro answers HEAD with this handler: a link checker's or download manager's look is no export
    if (request.method === 'GET') recordAudit(db, { action: 'audit.export', actor: locals.user, detail: AUDIT_TEXTS.exported(entries, filter) });
  } catch (error) {
    if (isRefusedWrite(error)) return text(503, error.message);
    throw error;
  }
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="protokoll-${viennaDate(new Date())}.csv"`,
      'cache-control': 'no-store',
    },
  });
};
