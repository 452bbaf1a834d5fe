// The door in front of every action (docs/decisions/005): before Astro reads and
// validates the body, a call to an action that is not public needs a signed-in
// admin, and the superadmin-only operations need a superadmin. Each handler
// still checks its role itself (design habit 4); this door makes the answer to
// a stranger the same whatever body they send, and leaks no input schema.
import { ActionError, getActionContext } from 'astro:actions';
import { defineMiddleware } from 'astro:middleware';
import { ACCOUNT_TEXTS } from '../../lib/schemas/account';
import { SUPERADMIN_ONLY_MESSAGES as ONLY } from '../../lib/schemas/user';
import { AUDIT_ONLY_MESSAGES } from '../../lib/schemas/audit';
import { REVISIONS_UI_TEXTS } from '../../lib/revision-compare';
import { STORAGE_ROOM_MADE, STORAGE_TEXTS } from '../../server/db/write';
import { discardBody, readLimited } from '../../server/http/read-limited';
import { isPublicAction } from '../guard';
import { server } from '../index';

/** The spec's superadmin-only operations (admin-area.md §6), by the name a client calls them. */
export const SUPERADMIN_ONLY_ACTIONS: Record<string, string> = {
  'admin.cacheUpdate': ONLY.cache,
  'admin.users.list': ONLY.list,
  'admin.users.invite': ONLY.invite,
  'admin.users.addRole': ONLY.roles,
  'admin.users.removeRole': ONLY.roles,
  'admin.users.delete': ONLY.delete,
  'admin.users.requireSecondFactor': ONLY.secondFactor,
  'admin.users.removeSecondFactor': ONLY.secondFactor,
  'admin.deploy.retry': ONLY.deploy,
  'admin.backup.status': ONLY.backup,
  'admin.jobs.status': ONLY.jobs,
  'admin.mail.status': ONLY.mail,
  'admin.club.load': ONLY.club,
  'admin.club.save': ONLY.club,
  'admin.club.uploadCrest': ONLY.club,
  // issue 15: the audit log, a person's stored data, how long revisions are kept
  'admin.audit.list': AUDIT_ONLY_MESSAGES.audit,
  'admin.audit.settings': AUDIT_ONLY_MESSAGES.audit,
  'admin.audit.saveSettings': AUDIT_ONLY_MESSAGES.audit,
  'admin.inquiries.exportByEmail': AUDIT_ONLY_MESSAGES.privacy,
  'admin.inquiries.eraseByEmail': AUDIT_ONLY_MESSAGES.privacy,
  'admin.retention.save': REVISIONS_UI_TEXTS.retentionOnly,
};

/** What an admin may call while a required second factor is not set up yet: their own account. */
export const SECOND_FACTOR_SETUP_ACTIONS = ['admin.account.', 'admin.sessions.'];

/** The name as Astro reads it: dotted, each part URI-decoded; null when a part cannot be decoded. */
function decodedName(name: string): string[] | null {
  try {
    return name
      .replace(/\/+$/, '')
      .split('.')
      .map((raw) => decodeURIComponent(raw));
  } catch {
    return null;
  }
}

/** The action a name reaches, resolved the way Astro resolves it (dotted, each part URI-decoded). */
export function findAction(name: string): unknown {
  let node: unknown = server;
  for (const key of decodedName(name) ?? [null]) {
    if (key === null) return undefined;
    if (node === null || (typeof node !== 'object' && typeof node !== 'function') || !(key in (node as object))) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

type Refusal = { code: 'UNAUTHORIZED' | 'FORBIDDEN'; message: string };

/** Why the caller may not call this action, or null when the handler may decide. */
export function refuseAction(name: string, locals: App.Locals): Refusal | null {
  const action = findAction(name);
  if (typeof action === 'function' && isPublicAction(action)) return null;
  if (!locals.user) return { code: 'UNAUTHORIZED', message: 'Bitte melde dich an.' };
  // looked up by the name Astro resolves: '/_actions/admin.users.%6Cist' is admin.users.list
  const resolved = decodedName(name)?.join('.') ?? name;
  const superadminMessage = SUPERADMIN_ONLY_ACTIONS[resolved];
  if (superadminMessage && !locals.isSuperAdmin) return { code: 'FORBIDDEN', message: superadminMessage };
  if (!locals.isAdmin) return { code: 'FORBIDDEN', message: 'Zugriff verweigert' };
  if (locals.mustSetUpSecondFactor && !SECOND_FACTOR_SETUP_ACTIONS.some((prefix) => resolved.startsWith(prefix))) {
    return { code: 'FORBIDDEN', message: ACCOUNT_TEXTS.setupFirst };
  }
  return null;
}

// the full disk where the publisher made room is one too: the admin is asked to save again, not shown 'Fehler'
const STORAGE_MESSAGES = new Set([...Object.values(STORAGE_TEXTS), STORAGE_ROOM_MADE]);

/** The body Astro itself sends for an action error, so that `actions.x()` reads it as usual. */
function actionErrorResponse(error: ActionError): Response {
  return Response.json(
    { type: error.type, code: error.code, status: error.status, message: error.message },
    { status: error.status, headers: { 'cache-control': 'no-store' } },
  );
}

/**
 * A storage failure that reached Astro without runWrite() in its action comes
 * back as a 500 carrying the German message (Astro keeps an error's message):
 * it is answered as what it is, 503, so that no refused write is a server error.
 */
export async function storageRefusalAs503(response: Response): Promise<Response> {
  if (response.status !== 500 || !(response.headers.get('content-type') ?? '').includes('json')) return response;
  const body = (await response.clone().json().catch(() => null)) as { message?: unknown } | null;
  if (typeof body?.message !== 'string' || !STORAGE_MESSAGES.has(body.message)) return response;
  return actionErrorResponse(new ActionError({ code: 'SERVICE_UNAVAILABLE', message: body.message }));
}

const BAD_JSON = 'Ungültige Anfrage: Der Inhalt ist kein gültiges JSON.';
const TOO_LARGE = 'Die Anfrage ist zu groß.';

/** Astro's limit for an action's body (security.actionBodySizeLimit, left at its default): the gate reads no more. */
export const ACTION_BODY_LIMIT = 1024 * 1024;

/**
 * A refusal goes out once the body it refuses is read and thrown away (within read-limited.ts's bounds):
 * answered while the sender still sends, and closed, the sender's next write breaks, and its HTTP client
 * reports a network error instead of the German answer (decision 017).
 */
async function answerOnceSent(request: Request, answer: Response): Promise<Response> {
  await discardBody(request);
  return answer;
}

/**
 * Why an action call's body is refused before Astro reads it: larger than the
 * limit (one 700 MB body took the server to 2.3 GB and a 500), or said to be
 * JSON and not parsing (Astro answers that with a 500: it is the caller's
 * mistake, a 400). An empty body is Astro's to judge.
 */
export async function bodyRefusal(request: Request, limit = ACTION_BODY_LIMIT): Promise<ActionError | null> {
  const length = Number(request.headers.get('content-length') ?? NaN);
  if (length > limit) return new ActionError({ code: 'CONTENT_TOO_LARGE', message: TOO_LARGE });
  if (!(request.headers.get('content-type') ?? '').toLowerCase().includes('application/json')) return null;
  let body: Uint8Array | null;
  try {
    // a copy: Astro reads the body itself afterwards
    body = await readLimited(request.clone(), limit);
  } catch {
    return new ActionError({ code: 'BAD_REQUEST', message: BAD_JSON });
  }
  if (body === null) return new ActionError({ code: 'CONTENT_TOO_LARGE', message: TOO_LARGE });
  const text = new TextDecoder().decode(body);
  if (text.trim() === '') return null;
  try {
    JSON.parse(text);
    return null;
  } catch {
    return new ActionError({ code: 'BAD_REQUEST', message: BAD_JSON });
  }
}

export const actionGate = defineMiddleware(async (context, next) => {
  if (context.locals.publishing) return next();
  const { action } = getActionContext(context);
  if (!action) return next();
  const refusal = refuseAction(action.name, context.locals);
  if (!refusal && action.calledFrom === 'rpc') {
    const refusedBody = await bodyRefusal(context.request);
    if (refusedBody) return answerOnceSent(context.request, actionErrorResponse(refusedBody));
    return storageRefusalAs503(await next());
  }
  if (!refusal) return next();
  const error = new ActionError(refusal);
  const answer =
    action.calledFrom === 'rpc'
      ? actionErrorResponse(error)
      : new Response(refusal.message, { status: error.status, headers: { 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8' } });
  return answerOnceSent(context.request, answer);
});
