import { describe, expect, it } from 'vitest';
import { isMinorUnderRule, publicPlayerView, type ConsentInput } from './consent';

const player = (over: Partial<ConsentInput> = {}): ConsentInput => ({
  id: 'p1',
  name: 'Lena Berger',
  position: 'Stürmer',
  age: 12,
  jersey_number: 9,
  image_url: '/uploads/lena.jpg',
  consent_name: false,
  consent_photo: false,
  consent_stats: false,
  consent_given_at: null,
  ...over,
});
const ON = { protectMinors: true };
const OFF = { protectMinors: false };

describe('publicPlayerView', () => {
  it('shows only the name of a 13-year-old without recorded consent while the setting is on', () => {
    const view = publicPlayerView(player({ age: 13 }), ON);
    expect(view).toEqual({
      id: 'p1',
      name: 'Lena Berger',
      position: null,
      jersey_number: null,
      age: null,
      image_url: null,
      showStats: false,
      nameOnly: true,
      hasPage: false,
    });
  });

  it('ignores ticked boxes without a recorded date: consent counts once it is recorded', () => {
    const view = publicPlayerView(player({ consent_name: true, consent_photo: true, consent_stats: true }), ON);
    expect(view.nameOnly).toBe(true);
    expect(view.image_url).toBeNull();
  });

  it('shows a 14-year-old as the spec does', () => {
    const view = publicPlayerView(player({ age: 14 }), ON);
    expect(view).toMatchObject({ position: 'Stürmer', jersey_number: 9, age: 14, image_url: '/uploads/lena.jpg', showStats: true, nameOnly: false, hasPage: true });
  });

  it('shows a player of unknown age as the spec does', () => {
    const view = publicPlayerView(player({ age: null }), ON);
    expect(view).toMatchObject({ position: 'Stürmer', jersey_number: 9, age: null, image_url: '/uploads/lena.jpg', showStats: true, nameOnly: false });
  });

  it('shows everything of every player with the setting off', () => {
    for (const age of [8, 13, 14, null]) {
      const view = publicPlayerView(player({ age }), OFF);
      expect(view).toMatchObject({ position: 'Stürmer', jersey_number: 9, age, image_url: '/uploads/lena.jpg', showStats: true, nameOnly: false, hasPage: true });
    }
  });

  it('unlocks only the photo when consent to the photo is recorded', () => {
    const view = publicPlayerView(player({ consent_photo: true, consent_given_at: '2026-09-01' }), ON);
    expect(view).toMatchObject({ image_url: '/uploads/lena.jpg', position: null, jersey_number: null, age: null, showStats: false, nameOnly: false, hasPage: true });
  });

  it('unlocks the statistics when consent to them is recorded', () => {
    const view = publicPlayerView(player({ consent_stats: true, consent_given_at: '2026-09-01' }), ON);
    expect(view).toMatchObject({ image_url: null, showStats: true, jersey_number: null, hasPage: true });
  });

  it('unlocks position, number and age with consent to the name', () => {
    const view = publicPlayerView(player({ consent_name: true, consent_given_at: '2026-09-01' }), ON);
    expect(view).toMatchObject({ position: 'Stürmer', jersey_number: 9, age: 12, image_url: null, showStats: false, nameOnly: false });
  });

  it('keeps a minor name-only when consent is recorded but nothing was consented', () => {
    expect(publicPlayerView(player({ consent_given_at: '2026-09-01' }), ON).nameOnly).toBe(true);
  });
});

describe('isMinorUnderRule', () => {
  it('applies to known ages under 14 with the setting on only', () => {
    expect(isMinorUnderRule({ age: 13 }, ON)).toBe(true);
    expect(isMinorUnderRule({ age: 14 }, ON)).toBe(false);
    expect(isMinorUnderRule({ age: null }, ON)).toBe(false);
    expect(isMinorUnderRule({ age: 13 }, OFF)).toBe(false);
  });
});
