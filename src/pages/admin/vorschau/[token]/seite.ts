// The previewed page itself (issue 15), framed by ../[token].astro: rendered for
// the admin who made the preview, never stored, never indexed.
import type { APIRoute } from 'astro';
import { ACCOUNT_TEXTS } from '../../../../lib/schemas/account';
import { isRefusedWrite } from '../../../../server/db/write';
import { PREVIEW_TEXTS, findPreview, renderPreview } from '../../../../server/preview/previews';

const text = (status: number, message: string) =>
  new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-robots-tag': 'noindex' } });

export const GET: APIRoute = async ({ params, locals }) => {
  if (!locals.user || !locals.isAdmin) return text(403, 'Zugriff verweigert');
  if (locals.mustSetUpSecondFactor) return text(403, ACCOUNT_TEXTS.setupFirst);
  const preview = findPreview(params.token ?? '', locals.user.id);
  if (!preview) return text(410, PREVIEW_TEXTS.expired);
  try {
    const { status, html } = await renderPreview(preview);
    return new Response(html, {
      status: status === 200 ? 200 : status,
      headers: { 'content-type': 'text/html; charset=utf-8', 'x-robots-tag': 'noindex', 'cache-control': 'no-store' },
    });
  } catch (error) {
    if (isRefusedWrite(error)) return text(error.code === 'STORAGE' ? 503 : 400, error.message);
    console.error('[preview] rendering failed:', error);
    return text(503, PREVIEW_TEXTS.unavailable);
  }
};
