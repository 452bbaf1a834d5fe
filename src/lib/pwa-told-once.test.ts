import { describe, expect, it } from 'vitest';
import { ToldOnce } from './pwa-told-once';

describe('ToldOnce', () => {
  it('acts on a version once, and not on an older one told later', () => {
    const told = new ToldOnce();
    expect(told.isNew({ type: 'cache-updated', version: 7 })).toBe(true);
    expect(told.isNew({ type: 'cache-updated', version: 7 })).toBe(false);
    expect(told.isNew({ type: 'cache-updated', version: 6 })).toBe(false);
    expect(told.isNew({ type: 'cache-updated', version: 8 })).toBe(true);
  });

  it('acts on the same saved copy once, and on a different one again', () => {
    const told = new ToldOnce();
    expect(told.isNew({ type: 'saved-copy', savedAt: 1_764_000_000_000, outdated: true })).toBe(true);
    expect(told.isNew({ type: 'saved-copy', savedAt: 1_764_000_000_000, outdated: true })).toBe(false);
    // the same copy, now said to be one the server failed to replace: the text differs
    expect(told.isNew({ type: 'saved-copy', savedAt: 1_764_000_000_000, outdated: true, serverDown: true })).toBe(true);
    expect(told.isNew({ type: 'saved-copy', savedAt: null })).toBe(true);
    expect(told.isNew({ type: 'saved-copy', savedAt: null, outdated: false })).toBe(false);
  });

  it('lets every heartbeat reply through', () => {
    const told = new ToldOnce();
    expect(told.isNew({ type: 'heartbeat-reply' })).toBe(true);
    expect(told.isNew({ type: 'heartbeat-reply' })).toBe(true);
  });
});
