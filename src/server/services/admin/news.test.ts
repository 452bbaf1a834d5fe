import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, seed } from '../../db/test-db';
import type { Db } from '../../db/client';
import { news, users } from '../../db/schema';
import { createUser } from '../../auth/users';
import { newsSchema, newsUpdateSchema } from '../../../lib/schemas/news';
import { applyDueNewsSchedules, createNews, deleteNews, earliestNewsSchedule, getNews, listNews, nextNewsScheduleAfter, setNewsPublished, updateNews } from './news';
import { RefusedWrite, write } from '../../db/write';
import { currentRevision, restoreFromTrash, restoreRevision, rowHistory } from '../../revisions';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
const input = (v: Record<string, unknown>) => newsSchema.parse(v);

describe('news service', () => {
  it('creates news published by default with the author, and lists newest first', async () => {
    const author = await createUser(db, { email: 'admin@test.at', roles: ['admin'] });
    const first = createNews(input({ title: 'Erste', content: 'Text 1' }), author.id, db);
    await new Promise((r) => setTimeout(r, 5));
    const second = createNews(input({ title: 'Zweite', content: 'Zeile 1\nZeile 2', published: false }), author.id, db);
    expect(first.row).toMatchObject({ published: true, author_id: author.id, excerpt: null, image_url: null });
    expect(second.row.published).toBe(false);
    expect(listNews(db).map((n) => n.title)).toEqual(['Zweite', 'Erste']);
    // the list leaves the texts out; the form loads one, its line breaks as typed
    expect(listNews(db)[0]).not.toHaveProperty('content');
    expect(getNews(second.row.id, db)).toEqual(second.row);
    expect(getNews(second.row.id, db)!.content).toBe('Zeile 1\nZeile 2');
    expect(getNews('gibt-es-nicht', db)).toBeNull();
    expect(first.changes).toEqual([{ table: 'news', key: first.row.id }]);
  });

  it('updates, publishes and hides one news and names it as the change', () => {
    const { row } = createNews(input({ title: 'Alt', content: 'Text' }), null, db);
    const updated = updateNews(row.id, input({ title: 'Neu', content: 'Text', excerpt: 'Kurz', published: true }), db);
    expect(updated.row).toMatchObject({ title: 'Neu', excerpt: 'Kurz' });
    expect(setNewsPublished(row.id, false, db).row.published).toBe(false);
    expect(setNewsPublished(row.id, true, db).changes).toEqual([{ table: 'news', key: row.id }]);
    expect(() => updateNews('gibt-es-nicht', input({ title: 'x', content: 'y' }), db)).toThrow(RefusedWrite);
    expect(() => setNewsPublished('gibt-es-nicht', true, db)).toThrow('Diese News existiert nicht mehr.');
  });

  it('deletes a news into the trash, from which it comes back with its id, date and author', async () => {
    const author = await createUser(db, { email: 'a@test.at', roles: ['admin'] });
    const { row } = createNews(input({ title: 'Weg', content: 'Text', image_url: '/uploads/x.webp' }), author.id, db);
    const deleted = deleteNews(row.id, db);
    expect(deleted.row).toEqual(row);
    expect(listNews(db)).toEqual([]);
    expect(() => deleteNews(row.id, db)).toThrow(RefusedWrite);
    restoreFromTrash(currentRevision('news', row.id, db)!, db);
    const { content: _text, ...listed } = row;
    expect(listNews(db)).toEqual([listed]);
    expect(getNews(row.id, db)).toEqual(row);
  });

  it('comes back without the author when that user was deleted meanwhile', async () => {
    const author = await createUser(db, { email: 'b@test.at', roles: ['admin'] });
    const { row } = createNews(input({ title: 'T', content: 'C' }), author.id, db);
    deleteNews(row.id, db);
    const trash = currentRevision('news', row.id, db)!;
    seed(db, (tx) => tx.delete(users).where(eq(users.id, author.id)).run());
    restoreFromTrash(trash, db);
    expect(listNews(db)[0]).toMatchObject({ id: row.id, author_id: null });
  });

  it('stores hostile text unchanged and 5,000-character titles', () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    const { row } = createNews(input({ title: 'T'.repeat(300), content: hostile }), null, db);
    expect(db.select().from(news).all()[0]).toMatchObject({ id: row.id, content: hostile });
    expect(newsSchema.safeParse({ title: 'T'.repeat(5000), content: 'x' }).success).toBe(false);
  });
});

describe('news schema', () => {
  it('requires title and content, makes empty optional fields null and refuses script image URLs', () => {
    const messages = (v: unknown) => {
      const r = newsSchema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages({ title: ' ', content: 'x' })).toEqual(['Titel und Inhalt sind erforderlich.']);
    expect(messages({ content: 'x' })).toEqual(['Titel und Inhalt sind erforderlich.']);
    expect(newsSchema.parse({ title: 'a', content: 'b', excerpt: '', image_url: '' })).toEqual({
      title: 'a',
      content: 'b',
      excerpt: null,
      image_url: null,
      published: true,
      publish_at: null,
      unpublish_at: null,
    });
    expect(messages({ title: 'a', content: 'b', image_url: 'javascript:alert(1)' })).toEqual(['Bitte eine gültige Bild-Adresse angeben.']);
  });
});

// 14 October 2026, 12:00 in Vienna
const NOON = Date.parse('2026-10-14T10:00:00Z');
const MINUTE = 60_000;

describe('scheduled news (issue 15)', () => {
  it('reads the fields as Vienna time, refuses bad times and an unpublish before the publish, in German', () => {
    const messages = (v: Record<string, unknown>) => {
      const r = newsSchema.safeParse({ title: 'T', content: 'C', ...v });
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(newsSchema.parse({ title: 'T', content: 'C', publish_at: '2026-10-14T12:01', unpublish_at: '' })).toMatchObject({
      publish_at: NOON + MINUTE,
      unpublish_at: null,
    });
    expect(messages({ publish_at: '2026-02-30T12:00' })).toEqual(['publish_at: Bitte ein gültiges Datum mit Uhrzeit eingeben.']);
    expect(messages({ unpublish_at: 'morgen' })).toEqual(['unpublish_at: Bitte ein gültiges Datum mit Uhrzeit eingeben.']);
    // the hour the spring change skips: the picker offers it, no clock shows it (it was read as 03:30)
    expect(messages({ publish_at: '2027-03-28T02:30' })).toEqual([
      'publish_at: Diese Uhrzeit gibt es an diesem Tag wegen der Zeitumstellung nicht (02:00–02:59). Bitte eine andere wählen.',
    ]);
    expect(messages({ publish_at: '2026-10-14T12:00', unpublish_at: '2026-10-14T11:59' })).toEqual([
      'unpublish_at: Das Zurückziehen muss nach dem Veröffentlichen liegen.',
    ]);
    expect(newsUpdateSchema.safeParse({ id: 'n', title: 'T', content: 'C', publish_at: NOON, unpublish_at: NOON }).success).toBe(false);
    // the update carries the version its form was opened on (optimistic concurrency)
    expect(newsUpdateSchema.parse({ id: 'n', title: 'T', content: 'C', base_revision: 7 })).toMatchObject({ base_revision: 7 });
  });

  it('a publish time ahead is saved unpublished; one already past publishes now; an unpublish time past hides now', () => {
    const planned = createNews(input({ title: 'Geplant', content: 'C', publish_at: NOON + MINUTE }), null, db, NOON);
    expect(planned.row).toMatchObject({ published: false, publish_at: NOON + MINUTE, unpublish_at: null });
    const late = createNews(input({ title: 'Spät', content: 'C', published: false, publish_at: NOON - MINUTE }), null, db, NOON);
    expect(late.row).toMatchObject({ published: true, publish_at: null });
    const gone = updateNews(late.row.id, input({ title: 'Spät', content: 'C', unpublish_at: NOON - MINUTE }), db, NOON);
    expect(gone.row).toMatchObject({ published: false, unpublish_at: null });
    const both = createNews(input({ title: 'Beides', content: 'C', publish_at: NOON + MINUTE, unpublish_at: NOON + 60 * MINUTE }), null, db, NOON);
    expect(both.row).toMatchObject({ published: false, publish_at: NOON + MINUTE, unpublish_at: NOON + 60 * MINUTE });
    expect(earliestNewsSchedule(db)).toBe(NOON + MINUTE);
    expect(nextNewsScheduleAfter(NOON + MINUTE, db)).toBe(NOON + 60 * MINUTE);
  });

  it('publishing or hiding by hand drops the plan', () => {
    const { row } = createNews(input({ title: 'G', content: 'C', publish_at: NOON + MINUTE, unpublish_at: NOON + 2 * MINUTE }), null, db, NOON);
    expect(setNewsPublished(row.id, true, db).row).toMatchObject({ published: true, publish_at: null, unpublish_at: NOON + 2 * MINUTE });
    expect(setNewsPublished(row.id, false, db).row).toMatchObject({ published: false, publish_at: null, unpublish_at: null });
    expect(earliestNewsSchedule(db)).toBeNull();
  });

  it('due times flip published and are cleared; when both passed, the later one decides', () => {
    const a = createNews(input({ title: 'A', content: 'C', publish_at: NOON + MINUTE }), null, db, NOON).row;
    const b = createNews(input({ title: 'B', content: 'C', unpublish_at: NOON + 2 * MINUTE }), null, db, NOON).row;
    const c = createNews(input({ title: 'C', content: 'C', publish_at: NOON + MINUTE, unpublish_at: NOON + 3 * MINUTE }), null, db, NOON).row;
    expect(applyDueNewsSchedules(NOON, db).changes).toEqual([]);
    const first = applyDueNewsSchedules(NOON + MINUTE, db);
    expect(first.published.sort()).toEqual([a.id, c.id].sort());
    expect(first.changes).toHaveLength(2);
    const rows = () => Object.fromEntries(listNews(db).map((n) => [n.title, n]));
    expect(rows().A).toMatchObject({ published: true, publish_at: null });
    expect(rows().C).toMatchObject({ published: true, publish_at: null, unpublish_at: NOON + 3 * MINUTE });
    // down from before B's time until after C's: both are taken off
    const later = applyDueNewsSchedules(NOON + 10 * MINUTE, db);
    expect(later.unpublished.sort()).toEqual([b.id, c.id].sort());
    expect(rows().B).toMatchObject({ published: false, unpublish_at: null });
    expect(earliestNewsSchedule(db)).toBeNull();
  });

  it('a save whose planned time has passed publishes now and dates the article at that time, as the scheduler would', () => {
    const draft = createNews(input({ title: 'Entwurf', content: 'C', published: false }), null, db, NOON).row;
    const saved = updateNews(draft.id, input({ title: 'Entwurf', content: 'C', publish_at: NOON - 5 * MINUTE }), db, NOON).row;
    expect(saved).toMatchObject({ published: true, publish_at: null });
    expect(db.select().from(news).where(eq(news.id, draft.id)).get()!.created_at).toBe(new Date(NOON - 5 * MINUTE).toISOString());
    // a published article saved again keeps its date
    updateNews(draft.id, input({ title: 'Entwurf 2', content: 'C', publish_at: NOON - MINUTE }), db, NOON);
    expect(db.select().from(news).where(eq(news.id, draft.id)).get()!.created_at).toBe(new Date(NOON - 5 * MINUTE).toISOString());
    const typed = createNews(input({ title: 'Gleich', content: 'C', publish_at: NOON - 2 * MINUTE }), null, db, NOON).row;
    expect(db.select().from(news).where(eq(news.id, typed.id)).get()).toMatchObject({ published: true, created_at: new Date(NOON - 2 * MINUTE).toISOString() });
  });

  it('a scheduled article is dated and listed as of its publish time, not the day it was written', () => {
    const CHRISTMAS = Date.UTC(2026, 11, 24, 8, 0);
    const early = createNews(input({ title: 'Weihnachtsgrüße', content: 'C', publish_at: CHRISTMAS }), null, db, NOON).row;
    const between = createNews(input({ title: 'Dazwischen', content: 'C', published: true }), null, db, NOON).row;
    write('test.between', () => db.update(news).set({ created_at: new Date(CHRISTMAS - 86_400_000).toISOString() }).where(eq(news.id, between.id)).run(), db);
    // the scheduler ran late (the server was down): the planned time counts
    applyDueNewsSchedules(CHRISTMAS + 90 * MINUTE, db);
    const stored = db.select().from(news).where(eq(news.id, early.id)).get()!;
    expect(stored).toMatchObject({ published: true, created_at: '2026-12-24T08:00:00.000Z' });
    expect(listNews(db).map((n) => n.title).slice(0, 2)).toEqual(['Weihnachtsgrüße', 'Dazwischen']);
    // putting back the text as it was written keeps the article where it appeared
    updateNews(early.id, input({ title: 'Frohe Weihnachten', content: 'Neu' }), db, CHRISTMAS + 100 * MINUTE);
    const written = rowHistory('news', early.id, db).at(-1)!;
    restoreRevision(written.id, db);
    expect(db.select().from(news).where(eq(news.id, early.id)).get()).toMatchObject({
      title: 'Weihnachtsgrüße',
      published: true,
      created_at: '2026-12-24T08:00:00.000Z',
    });
  });
});
