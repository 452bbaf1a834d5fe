import { describe, expect, it } from 'vitest';
import { rowParts } from './row-parts';

type Row = { id: string; score: number | null; name: string };

describe('rowParts', () => {
  it('makes a part again when a field it was made of or its context changes, even in the same row object', () => {
    const parts = rowParts<Row, string>(['score', 'name']);
    let made = 0;
    const part = (row: Row, context: unknown[]) => parts.get(row.id, row, context, () => `${++made}:${row.name} ${row.score}`);
    const row: Row = { id: 'a', score: null, name: 'Derby' };
    expect(part(row, ['x'])).toBe('1:Derby null');
    expect(part({ ...row }, ['x'])).toBe('1:Derby null');
    row.score = 2;
    expect(part(row, ['x'])).toBe('2:Derby 2');
    expect(part(row, ['y'])).toBe('3:Derby 2');
    expect(part(row, ['y', 1])).toBe('4:Derby 2');
    // another key is another part
    expect(part({ ...row, id: 'b' }, ['y', 1])).toBe('5:Derby 2');
  });

  it('keeps nothing a caller says not to keep, asking only for parts just made, and starts over past its bound', () => {
    const parts = rowParts<Row, number>(['score'], 2);
    let made = 0;
    let asked = 0;
    const row: Row = { id: 'a', score: 1, name: '' };
    const noKeep = () => {
      asked++;
      return false;
    };
    expect(parts.get('a', row, [], () => ++made, noKeep)).toBe(1);
    expect(parts.get('a', row, [], () => ++made, noKeep)).toBe(2);
    expect(asked).toBe(2);
    expect(parts.get('a', row, [], () => ++made)).toBe(3);
    expect(parts.get('a', row, [], () => ++made, noKeep)).toBe(3);
    expect(asked).toBe(2);
    // a, b kept; c starts over (a is gone), so a is made again
    parts.get('b', row, [], () => ++made);
    parts.get('c', row, [], () => ++made);
    expect(parts.get('a', row, [], () => ++made)).toBe(6);
  });
});
