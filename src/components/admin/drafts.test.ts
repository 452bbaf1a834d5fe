import { describe, expect, it } from 'vitest';
import { DRAFT_TTL_MS, clearDraft, draftDiffers, draftKey, fitDraft, purgeExpiredDrafts, readDraft, writeDraft } from './drafts';

/** An in-memory Storage, as localStorage behaves. */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const team = { userId: 'u1', entity: 'teams', id: 't1' };

describe('draft store', () => {
  it('keys a draft by user, entity and row, "neu" for a new row', () => {
    expect(draftKey(team)).not.toBe(draftKey({ ...team, userId: 'u2' }));
    expect(draftKey(team)).not.toBe(draftKey({ ...team, entity: 'players' }));
    expect(draftKey(team)).not.toBe(draftKey({ ...team, id: 't2' }));
    expect(draftKey({ ...team, id: '' })).toBe(draftKey({ ...team, id: 'neu' }));
    // a colon in one part cannot make two targets collide
    expect(draftKey({ userId: 'a:b', entity: 'c', id: 'd' })).not.toBe(draftKey({ userId: 'a', entity: 'b:c', id: 'd' }));
  });

  it("keeps another user's draft of the same row apart", () => {
    const s = memoryStorage();
    writeDraft(s, team, { name: 'Mine' }, 4, 1000);
    writeDraft(s, { ...team, userId: 'u2' }, { name: 'Theirs' }, 5, 1000);
    expect(readDraft(s, team, 2000)).toEqual({ values: { name: 'Mine' }, savedAt: 1000, baseRevision: 4 });
    expect(readDraft<{ name: string }>(s, { ...team, userId: 'u2' }, 2000)?.values.name).toBe('Theirs');
    expect(readDraft(s, { ...team, id: 'other' }, 2000)).toBeNull();
  });

  it('keeps the values a draft was typed on, for a form checked by them (the home page, the club)', () => {
    const s = memoryStorage();
    writeDraft(s, team, { name: 'Meins' }, null, 1000, { name: 'Wie geladen' });
    expect(readDraft(s, team, 2000)).toEqual({ values: { name: 'Meins' }, savedAt: 1000, baseRevision: null, read: { name: 'Wie geladen' } });
  });

  it('forgets a draft older than seven days when it is read', () => {
    const s = memoryStorage();
    writeDraft(s, team, { name: 'Alt' }, null, 0);
    expect(readDraft(s, team, DRAFT_TTL_MS)).not.toBeNull();
    expect(readDraft(s, team, DRAFT_TTL_MS + 1)).toBeNull();
    expect(s.map.size).toBe(0);
  });

  it('is cleared on save or discard', () => {
    const s = memoryStorage();
    writeDraft(s, team, { name: 'X' }, null);
    clearDraft(s, team);
    expect(readDraft(s, team)).toBeNull();
  });

  it('purges expired and unreadable drafts of every user, and nothing else', () => {
    const s = memoryStorage();
    writeDraft(s, team, { name: 'old' }, null, 0);
    writeDraft(s, { ...team, id: 't2' }, { name: 'fresh' }, null, DRAFT_TTL_MS);
    s.setItem(draftKey({ ...team, id: 't3' }), '{not json');
    s.setItem('consent', 'yes');
    expect(purgeExpiredDrafts(s, DRAFT_TTL_MS + 10)).toBe(2);
    expect([...s.map.keys()].sort()).toEqual(['consent', draftKey({ ...team, id: 't2' })].sort());
  });

  it('survives a storage that refuses (quota, private mode)', () => {
    const refusing = { ...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(writeDraft(refusing, team, { a: 1 }, null)).toBe(false);
    expect(writeDraft(null, team, { a: 1 }, null)).toBe(false);
    expect(readDraft(null, team)).toBeNull();
  });

  it('offers a draft only when it differs from the form', () => {
    expect(draftDiffers({ values: { a: '1' }, savedAt: 0, baseRevision: null }, { a: '1' })).toBe(false);
    expect(draftDiffers({ values: { a: '2' }, savedAt: 0, baseRevision: null }, { a: '1' })).toBe(true);
    expect(draftDiffers(null, { a: '1' })).toBe(false);
  });

  it("fits an old draft to the form's fields and types", () => {
    const current = { name: '', active: true, tags: [] as string[] };
    expect(fitDraft({ name: 'Neu', active: 'yes', tags: ['a'], gone: 1 }, current)).toEqual({ name: 'Neu', active: true, tags: ['a'] });
  });
});
