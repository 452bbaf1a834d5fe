import { describe, expect, it } from 'vitest';
import { alike, type Toast } from './toast';

const saved: Omit<Toast, 'id'> = { title: 'Erfolgreich gespeichert', description: 'Social Media Links wurden aktualisiert.' };

describe('alike', () => {
  it('says two toasts with the same title, message and variant are alike, so the later one takes the earlier one\'s place', () => {
    expect(alike(saved, { ...saved })).toBe(true);
  });

  it('keeps toasts apart that differ in title, message or variant: each says something of its own', () => {
    expect(alike(saved, { ...saved, variant: 'destructive' })).toBe(false);
    expect(alike(saved, { ...saved, description: 'Kontakte wurden aktualisiert.' })).toBe(false);
    expect(alike(saved, { ...saved, title: 'Veröffentlicht' })).toBe(false);
  });

  it('takes no variant for the default one', () => {
    expect(alike(saved, { ...saved, variant: 'default' })).toBe(true);
  });
});
