import { describe, expect, it } from 'vitest';
import { CACHES, isFromWorker, isToWorker } from './pwa-protocol';

describe('page ↔ worker messages', () => {
  it('accepts the known messages only', () => {
    expect(isToWorker({ type: 'heartbeat' })).toBe(true);
    expect(isToWorker({ type: 'restart' })).toBe(true);
    expect(isToWorker({ type: 'check-version' })).toBe(true);
    expect(isToWorker({ type: 'cache-urls', urls: ['/news'] })).toBe(true);
    expect(isToWorker({ type: 'cache-urls', urls: [1] })).toBe(false);
    expect(isToWorker({ type: 'skip' })).toBe(false);
    expect(isToWorker('heartbeat')).toBe(false);
    expect(isFromWorker({ type: 'cache-updated', version: 4 })).toBe(true);
    expect(isFromWorker({ type: 'cache-updated' })).toBe(false);
    expect(isFromWorker({ type: 'heartbeat-reply' })).toBe(true);
    expect(isFromWorker(null)).toBe(false);
  });

  it('no cache name looks like one the admin sign-out deletes', () => {
    // the sign-out deletes caches matching /admin|api/i; ours must not depend on that
    for (const name of Object.values(CACHES)) expect(name).not.toMatch(/admin|api/i);
  });
});
