import { describe, expect, it } from 'vitest';
import { compareVersions, mergeValues, showValue, storedToForm } from './merge';

const base = { name: 'U23', category: 'Kampfmannschaft', description: 'Alt', achievements: '' };

describe('merge of two edits', () => {
  it('lists only the fields where input and stored version differ, proposing the side that changed them', () => {
    const mine = { ...base, description: 'Meine Beschreibung' };
    const theirs = { ...base, name: 'U23 Damen' };
    const fields = compareVersions(base, mine, theirs);
    expect(fields.map((f) => [f.key, f.choice, f.conflict])).toEqual([
      ['name', 'theirs', false],
      ['description', 'mine', false],
    ]);
  });

  it('marks a field both changed as a conflict and keeps the admin input by default', () => {
    const fields = compareVersions(base, { ...base, description: 'Meins' }, { ...base, description: 'Deins' });
    expect(fields).toEqual([
      { key: 'description', mine: 'Meins', theirs: 'Deins', changedByMe: true, changedByThem: true, conflict: true, choice: 'mine' },
    ]);
  });

  it('merges per field choice', () => {
    const mine = { ...base, name: 'A', description: 'Meins' };
    const theirs = { ...base, name: 'B', description: 'Deins' };
    expect(mergeValues(mine, theirs, { name: 'theirs', description: 'mine' })).toEqual({ ...base, name: 'B', description: 'Meins' });
    // nothing chosen: the input stays as typed
    expect(mergeValues(mine, theirs, {})).toEqual(mine);
  });

  it("reads a stored row's columns into the form's shape", () => {
    const current = { name: '', achievements: '', published: false, order: 0, note: 'keep' };
    const stored = { name: 'Team', achievements: '["Meister 2019","Cup 2021"]', published: 1, order: '3', updated_at: 'x' };
    expect(storedToForm(stored, current)).toEqual({ name: 'Team', achievements: 'Meister 2019, Cup 2021', published: true, order: 3, note: 'keep' });
    expect(storedToForm({ name: null }, { name: 'x' })).toEqual({ name: '' });
    // a stored moment in a datetime-local field reads as Vienna's wall clock
    expect(storedToForm({ publish_at: Date.UTC(2026, 10, 25, 11, 30) }, { publish_at: '' })).toEqual({ publish_at: '2026-11-25T12:30' });
  });

  it('shows values readably', () => {
    expect(showValue('')).toBe('–');
    expect(showValue(true)).toBe('Ja');
    expect(showValue(['a', 'b'])).toBe('a, b');
  });
});
