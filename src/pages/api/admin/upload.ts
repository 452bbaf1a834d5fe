// POST /api/admin/upload: one image. An endpoint of its own rather than an
// action, because actions accept at most 1 MB bodies (notes.md). Admins only:
// the role is checked here, whatever the page guard does. Two body shapes:
// - the file itself as application/octet-stream, with the headers
//   X-File-Name (URI-encoded) and X-Upload-Folder (e.g. 'shop/'): what the
//   ImageUpload field sends. Astro's origin check passes it (it is not a form
//   type), so this endpoint checks Origin against Host itself; a cross-site page
//   cannot send it at all without a CORS preflight, which is never granted.
// - multipart/form-data with the fields 'file' and 'folder'. Astro's checkOrigin
//   compares Origin with the request URL, which in middleware mode only carries
//   the real host when `security.allowedDomains` is configured; without it such
//   posts are refused with 403 before they reach this code.
import type { APIRoute } from 'astro';
import { MAX_UPLOAD_BYTES, UPLOAD_TEXTS } from '../../../lib/schemas/upload';
import { ACCOUNT_TEXTS } from '../../../lib/schemas/account';
import { UploadError, storeUpload } from '../../../server/services/uploads';
import { discardBody, readLimited } from '../../../server/http/read-limited';

export const prerender = false;

/** Room for the multipart boundaries and the other fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_BODY = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
const fail = (status: number, message: string) => json(status, { error: message });
/**
 * A refusal before the body is read (a signed-out admin's photo, one too large to store): the body is read
 * and thrown away first, so that its sender sees the answer rather than a broken connection (read-limited.ts).
 */
const refuse = async (request: Request, status: number, message: string) => {
  await discardBody(request);
  return fail(status, message);
};

/** A request from another site: its Origin names another host, or the browser says so. */
function isCrossSite(request: Request): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.headers.get('host');
  } catch {
    return true;
  }
}

async function store(bytes: Buffer, name: string, folder: string | null, uploadedBy: string): Promise<Response> {
  try {
    return json(201, await storeUpload({ bytes, name, folder, uploadedBy }));
  } catch (error) {
    if (error instanceof UploadError) return fail(error.status, error.message);
    console.error('[upload] failed:', error);
    return fail(500, UPLOAD_TEXTS.failed);
  }
}

export const POST: APIRoute = async ({ locals, request }) => {
  if (!locals.user) return refuse(request, 401, 'Bitte melde dich an.');
  if (!locals.isAdmin) return refuse(request, 403, 'Zugriff verweigert');
  if (locals.mustSetUpSecondFactor) return refuse(request, 403, ACCOUNT_TEXTS.setupFirst);
  if (isCrossSite(request)) return refuse(request, 403, 'Zugriff verweigert');

  const rawType = request.headers.get('content-type') ?? '';
  const type = rawType.toLowerCase();
  const declared = Number(request.headers.get('content-length') ?? '0');

  if (type.startsWith('application/octet-stream')) {
    if (declared > MAX_UPLOAD_BYTES) return refuse(request, 413, UPLOAD_TEXTS.tooLarge);
    let body: Uint8Array<ArrayBuffer> | null;
    try {
      body = await readLimited(request, MAX_UPLOAD_BYTES, {});
    } catch {
      // the sender broke off: as in the form branch below, nothing arrived
      return fail(400, UPLOAD_TEXTS.noFile);
    }
    if (!body) return fail(413, UPLOAD_TEXTS.tooLarge);
    let name = '';
    try {
      name = decodeURIComponent(request.headers.get('x-file-name') ?? '');
    } catch {
      // an undecodable name only loses its extension
    }
    return store(Buffer.from(body.buffer), name, request.headers.get('x-upload-folder'), locals.user.email);
  }

  if (!type.startsWith('multipart/form-data')) return refuse(request, 400, UPLOAD_TEXTS.noFile);
  if (declared > MAX_BODY) return refuse(request, 413, UPLOAD_TEXTS.tooLarge);

  let form: FormData;
  try {
    const body = await readLimited(request, MAX_BODY, {});
    if (!body) return fail(413, UPLOAD_TEXTS.tooLarge);
    // the boundary is case-sensitive: the header as it came
    form = await new Response(body, { headers: { 'content-type': rawType } }).formData();
  } catch {
    return fail(400, UPLOAD_TEXTS.noFile);
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') return fail(400, UPLOAD_TEXTS.noFile);
  const folder = form.get('folder');
  if (folder !== null && typeof folder !== 'string') return fail(400, UPLOAD_TEXTS.badFolder);
  if (file.size > MAX_UPLOAD_BYTES) return fail(413, UPLOAD_TEXTS.tooLarge);
  return store(Buffer.from(await file.arrayBuffer()), file.name, folder, locals.user.email);
};
