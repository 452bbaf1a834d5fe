import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../db/test-db';
import type { Db } from '../../db/client';
import { pageContentSchema } from '../../../lib/schemas/pageContent';
import {
  createPageContent,
  deletePageContent,
  findSection,
  listPageContent,
  pageContentChanges,
  updatePageContent,
} from './pageContent';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

const entry = (input: Record<string, unknown>) => pageContentSchema.parse(input);

describe('page content service', () => {
  it('creates an entry with the defaults display_order 0 and active', () => {
    const row = createPageContent(entry({ page_key: 'mitglied', section_key: 'quote', content: 'Gemeinsam stark' }), db);
    expect(row).toMatchObject({ page_key: 'mitglied', section_key: 'quote', content: 'Gemeinsam stark', display_order: 0, is_active: true, title: null });
    expect(db.$client.prepare('select count(*) as n from page_content').get()).toEqual({ n: 1 });
  });

  it('lists all entries newest first, and one page in display order', () => {
    createPageContent(entry({ page_key: 'imprint', section_key: 'b', display_order: 2 }), db);
    createPageContent(entry({ page_key: 'imprint', section_key: 'a', display_order: 1 }), db);
    createPageContent(entry({ page_key: 'mitglied', section_key: 'header' }), db);
    expect(listPageContent(undefined, db).map((r) => r.section_key)).toEqual(['header', 'a', 'b']);
    expect(listPageContent('imprint', db).map((r) => r.section_key)).toEqual(['a', 'b']);
    expect(findSection('imprint', 'b', db)?.display_order).toBe(2);
    expect(findSection('imprint', 'zzz', db)).toBeNull();
  });

  it('updates only the fields given and reports the page before and after', async () => {
    const row = createPageContent(entry({ page_key: 'startseite', section_key: 's1', title: 'Alt', content: 'Text' }), db);
    await new Promise((r) => setTimeout(r, 5));
    const result = updatePageContent(row.id, { title: 'Neu', page_key: 'imprint' }, db);
    expect(result?.after).toMatchObject({ title: 'Neu', content: 'Text', page_key: 'imprint' });
    expect(result!.after.updated_at > row.updated_at).toBe(true);
    expect(pageContentChanges(result!.before, result!.after)).toEqual([
      { table: 'page_content', key: 'startseite' },
      { table: 'page_content', key: 'imprint' },
    ]);
    expect(updatePageContent('gibt-es-nicht', { title: 'x' }, db)).toBeNull();
  });

  it('deletes by id and returns the deleted entry', () => {
    const row = createPageContent(entry({ page_key: 'imprint', section_key: 'extra' }), db);
    expect(deletePageContent(row.id, db)?.id).toBe(row.id);
    expect(deletePageContent(row.id, db)).toBeNull();
    expect(listPageContent(undefined, db)).toHaveLength(0);
  });

  it('stores hostile text unchanged (pages escape it), long titles included', () => {
    const hostile = '<script>alert("x")</script>';
    const long = 'N'.repeat(5000);
    const row = createPageContent(entry({ page_key: 'imprint', section_key: 'x', title: long, content: hostile }), db);
    const stored = db.$client.prepare('select title, content from page_content where id = ?').get(row.id);
    expect(stored).toEqual({ title: long, content: hostile });
  });
});

describe('page content schema', () => {
  const messages = (input: unknown) => {
    const result = pageContentSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('requires section_key and page_key with the admin message', () => {
    expect(messages({ page_key: 'imprint' })).toContain('section_key: Bitte füllen Sie alle Pflichtfelder aus');
    expect(messages({ page_key: '  ', section_key: 'a' })).toContain('page_key: Bitte füllen Sie alle Pflichtfelder aus');
  });

  it('turns empty optional fields into null and form numbers into integers', () => {
    const parsed = pageContentSchema.parse({ page_key: 'a', section_key: 'b', title: '', image_url: '  ', display_order: '7' });
    expect(parsed).toMatchObject({ title: null, image_url: null, display_order: 7, is_active: true });
    expect(pageContentSchema.parse({ page_key: 'a', section_key: 'b', display_order: '' }).display_order).toBe(0);
    expect(messages({ page_key: 'a', section_key: 'b', display_order: 'zwei' })).toEqual(['display_order: Bitte eine ganze Zahl eingeben.']);
  });

  it('refuses script links and markup in keys', () => {
    expect(messages({ page_key: 'a', section_key: 'b', button_link: 'javascript:alert(1)' })[0]).toMatch(/^button_link: Bitte einen gültigen Link/);
    expect(messages({ page_key: 'a', section_key: 'b', image_url: 'javascript:alert(1)' })[0]).toBe('image_url: Bitte eine gültige Bild-Adresse angeben.');
    expect(messages({ page_key: '<script>', section_key: 'b' })[0]).toMatch(/^page_key: Nur Buchstaben/);
    expect(messages({ page_key: 'a', section_key: 'b', button_link: '/mitglied-werden', image_url: '/uploads/x.webp' })).toEqual([]);
  });
});
