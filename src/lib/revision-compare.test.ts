import { getTableColumns } from 'drizzle-orm';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../server/db/schema';
import {
  REVISIONS_UI_TEXTS as T,
  REVISION_BOOLEAN_FIELDS,
  compareRevisions,
  fieldLabel,
  revisionValue,
  versionCaption,
} from './revision-compare';
import { REVISIONED_ENTITIES } from './revisions';

const LONG_BEFORE = 'Die Kampfmannschaft gewinnt das Derby gegen den Nachbarn mit 3:1. Tore durch Huber, Maier und Gruber vor 400 Zusehern.';
const LONG_AFTER = 'Die Kampfmannschaft gewinnt das Derby gegen den Nachbarn mit 3:2. Tore durch Huber, Maier und Gruber vor 450 Zusehern.';

describe('revisionValue', () => {
  it('checkbox columns read ja/nein, whether stored as 0/1 or true/false', () => {
    expect(revisionValue('is_active', 1)).toEqual({ kind: 'text', text: 'ja' });
    expect(revisionValue('is_active', 0)).toEqual({ kind: 'text', text: 'nein' });
    expect(revisionValue('published', true)).toEqual({ kind: 'text', text: 'ja' });
    expect(revisionValue('consent_photo', false)).toEqual({ kind: 'text', text: 'nein' });
    // a number column is a number, not a checkbox
    expect(revisionValue('jersey_number', 1)).toEqual({ kind: 'text', text: '1' });
  });

  it('JSON lists stored as text read as lists; an empty list and empty values as nothing', () => {
    expect(revisionValue('achievements', '["Meister 2019","Cupsieger 2021"]')).toEqual({ kind: 'list', items: ['Meister 2019', 'Cupsieger 2021'] });
    expect(revisionValue('report_images', ['/uploads/a.png'])).toEqual({ kind: 'list', items: ['/uploads/a.png'] });
    expect(revisionValue('achievements', '[]')).toEqual({ kind: 'empty' });
    expect(revisionValue('subtitle', '')).toEqual({ kind: 'empty' });
    expect(revisionValue('subtitle', null)).toEqual({ kind: 'empty' });
    // brackets in a headline are text
    expect(revisionValue('title', '[Update] Training fällt aus')).toEqual({ kind: 'text', text: '[Update] Training fällt aus' });
  });

  it('other values as their text, objects as JSON', () => {
    expect(revisionValue('title', '<script>alert(1)</script>')).toEqual({ kind: 'text', text: '<script>alert(1)</script>' });
    expect(revisionValue('tie_breakers', { order: ['points'] })).toEqual({ kind: 'text', text: '{"order":["points"]}' });
  });
});

describe('compareRevisions', () => {
  const before = { id: 'n1', title: 'Derbysieg', content: LONG_BEFORE, published: 1, image_url: null, created_at: '2026-01-01', updated_at: '2026-01-01' };
  const after = { id: 'n1', title: 'Derbysieg!', content: LONG_AFTER, published: 0, image_url: null, created_at: '2026-01-01', updated_at: '2026-02-01' };

  it('lists the fields in stored order with German names, without id and timestamps', () => {
    const fields = compareRevisions(before, after);
    expect(fields.map((f) => [f.key, f.label])).toEqual([
      ['title', 'Titel'],
      ['content', 'Inhalt'],
      ['published', 'Veröffentlicht'],
      ['image_url', 'Bild'],
    ]);
  });

  it('marks which fields changed', () => {
    const fields = compareRevisions(before, after);
    expect(fields.filter((f) => f.changed).map((f) => f.key)).toEqual(['title', 'content', 'published']);
    expect(fields.find((f) => f.key === 'published')).toMatchObject({ before: { text: 'ja' }, after: { text: 'nein' }, diff: null });
  });

  it('gives a word diff for a long text that changed, not for short ones', () => {
    const fields = compareRevisions(before, after);
    expect(fields.find((f) => f.key === 'title')!.diff).toBeNull();
    const diff = fields.find((f) => f.key === 'content')!.diff!;
    expect(diff.filter((s) => s.kind === 'removed').map((s) => s.text)).toEqual(['1', '400']);
    expect(diff.filter((s) => s.kind === 'added').map((s) => s.text)).toEqual(['2', '450']);
    // the rest of the text is unchanged
    expect(diff[0]).toEqual({ kind: 'same', text: 'Die Kampfmannschaft gewinnt das Derby gegen den Nachbarn mit 3:' });
  });

  it('a multi-line text is long even when short; an unchanged long text has no diff', () => {
    const fields = compareRevisions({ content: 'Zeile 1\nZeile 2', notes: LONG_BEFORE }, { content: 'Zeile 1\nZeile 3', notes: LONG_BEFORE });
    expect(fields[0].diff).not.toBeNull();
    expect(fields[1]).toMatchObject({ changed: false, diff: null });
  });

  it('lists are compared as lists, not as text diffs', () => {
    const [field] = compareRevisions({ achievements: '["Meister 2019"]' }, { achievements: '["Meister 2019","Cupsieger 2021 mit einem sehr langen Namen, der über die Grenze für lange Texte hinausgeht"]' });
    expect(field.changed).toBe(true);
    expect(field.diff).toBeNull();
    expect(field.after).toMatchObject({ kind: 'list' });
  });

  it('a column only one version has is shown, empty on the other side; unknown columns keep their name', () => {
    const fields = compareRevisions({ name: 'U12' }, { name: 'U12', coach_phone: '0664 123' });
    expect(fields.map((f) => f.key)).toEqual(['name', 'coach_phone']);
    expect(fields[1]).toMatchObject({ label: 'coach_phone', changed: true, before: { kind: 'empty' }, after: { text: '0664 123' } });
    expect(fieldLabel('name')).toBe('Name');
  });

  it('null and a missing value are the same', () => {
    expect(compareRevisions({ subtitle: null }, {})[0].changed).toBe(false);
  });
});

describe('versionCaption', () => {
  it('says when (Vienna time), what and who; no user is the system', () => {
    expect(versionCaption({ op: 'update', created_at: Date.UTC(2026, 10, 25, 9, 30), user_name: 'anna@verein.at' })).toEqual({
      when: '25. November 2026, 10:30 Uhr',
      op: 'geändert',
      who: 'anna@verein.at',
    });
    expect(versionCaption({ op: 'restore', created_at: 0, user_name: null })).toMatchObject({ op: 'wiederhergestellt', who: 'System' });
  });

  it('the trash counts the rows a delete took along', () => {
    expect(T.withRows(2)).toBe('und 2 weitere Einträge');
    expect(T.withRows(1)).toBe('und 1 weiterer Eintrag');
  });
});

describe('the checkbox columns', () => {
  it('are exactly the boolean columns of the revisioned tables', () => {
    const booleans = new Set<string>();
    for (const value of Object.values(schema)) {
      if (!value || typeof value !== 'object' || !(Symbol.for('drizzle:IsDrizzleTable') in value)) continue;
      const table = value as SQLiteTable;
      if (!(REVISIONED_ENTITIES as string[]).includes(getTableConfig(table).name)) continue;
      for (const column of Object.values(getTableColumns(table))) {
        if (column.columnType === 'SQLiteBoolean') booleans.add(column.name);
      }
    }
    expect([...REVISION_BOOLEAN_FIELDS].sort()).toEqual([...booleans].sort());
  });
});
