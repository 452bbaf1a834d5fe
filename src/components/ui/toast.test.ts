import { describe, expect, it } from 'vitest';
import { withToast, type Toast } from './toast';

const saved = (id: number): Toast => ({ id, title: 'Erfolgreich gespeichert', description: 'Social Media Links wurden aktualisiert.' });

describe('withToast', () => {
  it('replaces a toast alike that is still shown, so a second save shows one, the newest, last', () => {
    const published: Toast = { id: 2, title: 'Veröffentlicht' };
    expect(withToast([saved(1), published], saved(3)).map((t) => t.id)).toEqual([2, 3]);
  });

  it('keeps toasts that differ in message or variant: each says something of its own', () => {
    const failed: Toast = { ...saved(2), variant: 'destructive' };
    const other: Toast = { ...saved(3), description: 'Kontakte wurden aktualisiert.' };
    expect(withToast([saved(1), failed], other).map((t) => t.id)).toEqual([1, 2, 3]);
    // no variant is the default one
    expect(withToast([{ ...saved(4), variant: 'default' }], saved(5)).map((t) => t.id)).toEqual([5]);
  });
});
