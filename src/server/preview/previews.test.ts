import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeNews, makeTeam } from '../../../tests/fixtures/factories';
import { getDb, type Db } from '../db/client';
import { createTestDb, seed } from '../db/test-db';
import { isRefusedWrite } from '../db/write';
import type { Renderer } from '../publish/render';
import { PREVIEW_TTL_MS, createPreview, findPreview, registerPreviewRenderer, renderPreview } from './previews';

// A preview renders the draft from a copy of the database: the page shows it,
// the real database and every other admin do not.
let db: Db;
const seen: { url: string; title: string | null }[] = [];
const renderer: Renderer = async (url) => {
  // the page reads through getDb(), as the real pages do
  const id = url.split('/').pop();
  const row = getDb().$client.prepare('SELECT title, published FROM news WHERE id = ?').get(id) as { title: string; published: number } | undefined;
  seen.push({ url, title: row?.title ?? null });
  return { status: row?.published ? 200 : 404, headers: {}, body: Buffer.from(`<h1>${row?.title ?? ''}</h1>`) };
};

beforeEach(() => {
  db = createTestDb();
  seen.length = 0;
  registerPreviewRenderer(renderer);
});
afterEach(() => {
  registerPreviewRenderer(null);
  db.$client.close();
});

describe('preview', () => {
  it("renders an unsaved news text as its page, while the database keeps the saved one", async () => {
    const news = seed(db, () => makeNews(db, { title: 'Gespeicherter Titel', published: false }));
    const { token } = createPreview('news', news.id, { title: 'Entwurf des Titels', content: 'Neuer Text', published: false }, 'admin-1');
    const preview = findPreview(token, 'admin-1');
    expect(preview).not.toBeNull();
    const page = await renderPreview(preview!);
    // shown as it will be once published, even though the draft is not published yet
    expect(page).toEqual({ status: 200, html: '<h1>Entwurf des Titels</h1>' });
    expect(seen).toEqual([{ url: `/news/${news.id}`, title: 'Entwurf des Titels' }]);
    expect(db.$client.prepare('SELECT title, published FROM news WHERE id = ?').get(news.id)).toEqual({ title: 'Gespeicherter Titel', published: 0 });
    expect(db.$client.prepare("SELECT COUNT(*) FROM revisions WHERE entity = 'news' AND op = 'update'").pluck().get()).toBe(0);
  });

  it('previews a news that was never saved', async () => {
    const { token } = createPreview('news', null, { title: 'Noch nicht gespeichert', content: 'Text' }, 'admin-1');
    const page = await renderPreview(findPreview(token, 'admin-1')!);
    expect(page.html).toBe('<h1>Noch nicht gespeichert</h1>');
    expect(db.$client.prepare('SELECT COUNT(*) FROM news').pluck().get()).toBe(0);
  });

  it('answers only the admin who made it, only with its signature, only for 30 minutes', () => {
    const now = Date.now();
    const { token } = createPreview('news', null, { title: 'T', content: 'C' }, 'admin-1', now);
    expect(findPreview(token, 'admin-2', now)).toBeNull();
    const [nonce, expires, signature] = token.split('.');
    expect(findPreview(`${nonce}.${Number(expires) + 60_000}.${signature}`, 'admin-1', now)).toBeNull();
    expect(findPreview(`${nonce}.${expires}.${signature.slice(1)}x`, 'admin-1', now)).toBeNull();
    expect(findPreview(token, 'admin-1', now + PREVIEW_TTL_MS - 1)).not.toBeNull();
    expect(findPreview(token, 'admin-1', now + PREVIEW_TTL_MS)).toBeNull();
  });

  it('refuses what the form would refuse, in German, and entities without a page', () => {
    const team = seed(db, () => makeTeam(db));
    const refusal = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return isRefusedWrite(error) ? error.message : String(error);
      }
      return null;
    };
    expect(refusal(() => createPreview('news', null, { title: '', content: '' }, 'admin-1'))).toMatch(/Pflichtfelder|Titel|ausfüllen/);
    expect(refusal(() => createPreview('teams', team.id, { name: 'X' }, 'admin-1'))).toBe('Für diesen Inhalt gibt es keine Vorschau.');
  });
});
