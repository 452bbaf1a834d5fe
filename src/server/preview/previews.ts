// Preview before publishing (issue 15, docs/decisions/034): an admin's unsaved
// change to a news, a match or a page, shown as the real public page. The page
// is rendered by the same Astro handler that publishes, from a private in-memory
// copy of the database with the draft saved into it by the entity's own service
// (its validation and sanitising included), so nothing reaches the real database
// or the published site. The link is signed, expires after 30 minutes, and
// answers only the admin who made it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { z } from 'astro/zod';
import { matchCreateSchema } from '../../lib/schemas/match';
import { newsSchema } from '../../lib/schemas/news';
import { pageContentSchema } from '../../lib/schemas/pageContent';
import { signingSecret } from '../auth/secret';
import { getDb, withDatabase, type Db } from '../db/client';
import { copyDatabase } from '../db/preview-copy';
import { RefusedWrite } from '../db/write';
import type { Renderer } from '../publish/render';
import { affectedUrls } from '../publish/affected-urls';
import { createMatch, updateMatch } from '../services/admin/matches';
import { createNews, updateNews } from '../services/admin/news';
import { updatePageContent } from '../services/admin/pageContent';

export const PREVIEW_TTL_MS = 30 * 60_000;
const MAX_PREVIEWS = 200;

export const PREVIEW_TEXTS = {
  invalid: 'Die Vorschau konnte nicht erstellt werden: bitte die Eingaben prüfen.',
  unknownEntity: 'Für diesen Inhalt gibt es keine Vorschau.',
  needsRow: 'Diese Seite gibt es nicht: bitte zuerst speichern.',
  expired: 'Diese Vorschau ist abgelaufen. Bitte im Admin-Bereich eine neue öffnen.',
  unavailable: 'Die Vorschau ist gerade nicht verfügbar.',
} as const;

export type PreviewEntity = 'news' | 'matches' | 'page_content';

type Preview = { entity: PreviewEntity; id: string | null; draft: unknown; userId: string; expiresAt: number };

type State = { previews: Map<string, Preview>; renderer: Renderer | null };
const KEY = Symbol.for('anstoss.previews');
const state: State = ((globalThis as Record<symbol, unknown>)[KEY] as State) ?? { previews: new Map(), renderer: null };
(globalThis as Record<symbol, unknown>)[KEY] = state;

/** The server's in-process renderer (app.ts): previews render in the server, never in the publish processes. */
export function registerPreviewRenderer(renderer: Renderer | null): void {
  state.renderer = renderer;
}

/**
 * Saves the draft into the copy with the entity's own service and answers the
 * public URL that shows it. Runs with getDb() answering the copy, so a service
 * that reads or writes through getDb() also only touches the copy.
 */
const APPLY: Record<PreviewEntity, { schema: z.ZodTypeAny; apply: (copy: Db, id: string | null, draft: never, userId: string) => string }> = {
  news: {
    schema: newsSchema,
    apply: (copy, id, draft: Parameters<typeof createNews>[0], userId) => {
      const author = copy.$client.prepare('SELECT id FROM users WHERE id = ?').get(userId) ? userId : null;
      const saved = id ? updateNews(id, draft, copy) : createNews(draft, author, copy);
      // shown as it will be once published, whatever its switch or schedule says now
      copy.$client.prepare('UPDATE news SET published = 1 WHERE id = ?').run(saved.row.id);
      return `/news/${saved.row.id}`;
    },
  },
  matches: {
    // a new match's form names our team (its page shows it); an edit's has no team fields and leaves them
    schema: matchCreateSchema,
    apply: (copy, id, draft: Parameters<typeof createMatch>[0]) => {
      const { team_id: _team, team_side: _side, ...edit } = draft;
      const saved = id ? updateMatch(id, edit, copy) : createMatch(draft, copy);
      return `/spiel/${saved.row.id}`;
    },
  },
  page_content: {
    schema: pageContentSchema.partial(),
    apply: (copy, id, draft: Parameters<typeof updatePageContent>[1]) => {
      const saved = id ? updatePageContent(id, draft, copy) : null;
      if (!saved) throw new RefusedWrite(PREVIEW_TEXTS.needsRow, 'NOT_FOUND');
      const [url] = affectedUrls(copy, [{ table: 'page_content', key: saved.after.page_key }]);
      if (!url) throw new RefusedWrite(PREVIEW_TEXTS.needsRow, 'NOT_FOUND');
      return url;
    },
  },
};

export function isPreviewEntity(value: string): value is PreviewEntity {
  return Object.hasOwn(APPLY, value);
}

function sign(nonce: string, expiresAt: number, db: Db): string {
  return createHmac('sha256', signingSecret(db)).update(`preview:${nonce}:${expiresAt}`).digest('base64url');
}

/** Keeps the draft (checked by the entity's schema) and answers its signed link. */
export function createPreview(entity: string, id: string | null, draft: unknown, userId: string, now = Date.now(), db: Db = getDb()): { token: string; expiresAt: number } {
  if (!isPreviewEntity(entity)) throw new RefusedWrite(PREVIEW_TEXTS.unknownEntity);
  const parsed = APPLY[entity].schema.safeParse(draft);
  if (!parsed.success) throw new RefusedWrite(parsed.error.issues[0]?.message ?? PREVIEW_TEXTS.invalid);
  for (const [key, preview] of state.previews) if (preview.expiresAt <= now) state.previews.delete(key);
  // bounded: the oldest go first
  while (state.previews.size >= MAX_PREVIEWS) state.previews.delete(state.previews.keys().next().value as string);
  const nonce = randomBytes(18).toString('base64url');
  const expiresAt = now + PREVIEW_TTL_MS;
  state.previews.set(nonce, { entity, id, draft: parsed.data, userId, expiresAt });
  return { token: `${nonce}.${expiresAt}.${sign(nonce, expiresAt, db)}`, expiresAt };
}

/** The preview of a token, if it is genuine, not expired, and this admin's. */
export function findPreview(token: string, userId: string, now = Date.now(), db: Db = getDb()): Preview | null {
  const [nonce, expires, signature] = token.split('.');
  if (!nonce || !expires || !signature || !/^\d+$/.test(expires)) return null;
  const expected = Buffer.from(sign(nonce, Number(expires), db));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const preview = state.previews.get(nonce);
  if (!preview || preview.expiresAt <= now || preview.expiresAt !== Number(expires) || preview.userId !== userId) return null;
  return preview;
}

/** Renders the preview's page from a copy of the database with the draft saved into it. */
export async function renderPreview(preview: Preview, now = Date.now()): Promise<{ status: number; html: string }> {
  const renderer = state.renderer;
  if (!renderer) throw new RefusedWrite(PREVIEW_TEXTS.unavailable, 'STORAGE');
  const copy = copyDatabase(getDb());
  try {
    const url = withDatabase(copy, () => APPLY[preview.entity].apply(copy, preview.id, preview.draft as never, preview.userId));
    const result = await withDatabase(copy, () => renderer(url, now));
    return { status: result.status, html: result.body.toString('utf8') };
  } finally {
    copy.$client.close();
  }
}
