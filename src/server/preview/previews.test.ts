import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeMatch, makeNews, makeTeam } from '../../../tests/fixtures/factories';
import { pageContent } from '../db/schema';
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
  if (url.startsWith('/spiel/')) {
    const match = getDb().$client.prepare('SELECT home_score, away_score, team_id FROM matches WHERE id = ?').get(id) as { home_score: number; away_score: number; team_id: string | null };
    return { status: 200, headers: {}, body: Buffer.from(`${url} ${match.home_score}:${match.away_score}${match.team_id ? ` team ${match.team_id}` : ''}`) };
  }
  if (url === '/vereinsgeschichte') {
    const page = getDb().$client.prepare("SELECT title FROM page_content WHERE page_key = 'vereinsgeschichte'").get() as { title: string };
    return { status: 200, headers: {}, body: Buffer.from(`${url} ${page.title}`) };
  }
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

  it("previews a match's result on its match page and a page's text on its page", async () => {
    const match = seed(db, () => makeMatch(db, { season: '2026/27', status: 'scheduled' }));
    const draft = { ...match, home_score: 3, away_score: 1, status: 'finished' };
    const shownMatch = await renderPreview(findPreview(createPreview('matches', match.id, draft, 'admin-1').token, 'admin-1')!);
    expect(shownMatch.html).toBe(`/spiel/${match.id} 3:1`);
    const history = seed(db, (tx) =>
      tx.insert(pageContent).values({ page_key: 'vereinsgeschichte', section_key: 'main_content', title: 'Unsere Geschichte', content: 'Seit 1950' }).returning().get(),
    );
    const shownPage = await renderPreview(findPreview(createPreview('page_content', history.id, { title: 'Neuer Titel' }, 'admin-1').token, 'admin-1')!);
    expect(shownPage.html).toBe('/vereinsgeschichte Neuer Titel');
    expect(db.$client.prepare('SELECT home_score FROM matches WHERE id = ?').pluck().get(match.id)).toBeNull();
    expect(db.$client.prepare('SELECT title FROM page_content WHERE id = ?').pluck().get(history.id)).toBe('Unsere Geschichte');
  });

  it("previews a new match with our team as it will be saved; an edit's preview keeps the match's team", async () => {
    const team = seed(db, () => makeTeam(db, { name: 'Reserve' }));
    const fields = { home_team: 'SV Kirchberg', away_team: 'FC Gleisdorf', match_date: '2027-03-20', competition: 'Unterliga', season: '2026/27', home_score: '2', away_score: '0' };
    const created = await renderPreview(findPreview(createPreview('matches', null, { ...fields, team_id: team.id, team_side: 'home' }, 'admin-1').token, 'admin-1')!);
    expect(created.html).toMatch(new RegExp(`^/spiel/[\\w-]+ 2:0 team ${team.id}$`));
    const match = seed(db, () => makeMatch(db, { team_id: team.id, team_side: 'away' }));
    const edited = await renderPreview(findPreview(createPreview('matches', match.id, { ...fields, home_score: '1' }, 'admin-1').token, 'admin-1')!);
    expect(edited.html).toBe(`/spiel/${match.id} 1:0 team ${team.id}`);
    expect(db.$client.prepare('SELECT COUNT(*) FROM matches').pluck().get()).toBe(1);
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
