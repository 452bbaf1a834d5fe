import { describe, expect, it } from 'vitest';
import { PURGES_KEPT, purgeLog, type MetaStore } from './pwa-purge-log';

/** A meta cache whose reads and writes take a while, as the Cache API's do. */
function slowStore(): MetaStore & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  const later = () => new Promise((resolve) => setTimeout(resolve, 5));
  return {
    values,
    read: async (key) => {
      await later();
      return structuredClone(values.get(key));
    },
    write: async (key, value) => {
      await later();
      values.set(key, structuredClone(value));
    },
  };
}

describe("the service worker's purge log", () => {
  it('keeps both records of two purges at the same moment (a new version and a quota error)', async () => {
    const store = slowStore();
    const record = purgeLog(store, '/__anstoss/purges', () => new Date('2026-11-30T18:00:00Z'));
    await Promise.all([record('pages', 'cache version 7'), record('images', 'quota error')]);
    expect(store.values.get('/__anstoss/purges')).toEqual([
      { cache: 'images', reason: 'quota error', at: '2026-11-30T18:00:00.000Z' },
      { cache: 'pages', reason: 'cache version 7', at: '2026-11-30T18:00:00.000Z' },
    ]);
  });

  it(`keeps the newest ${PURGES_KEPT}, and a failing write does not stop the next record`, async () => {
    const store = slowStore();
    const record = purgeLog(store, 'log');
    const write = store.write;
    store.write = async () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(await record('pages', 'refused')).toBe(false);
    store.write = write;
    expect(await record('pages', 'taken')).toBe(true);
    await Promise.all(Array.from({ length: 12 }, (_, i) => record('pages', `version ${i}`)));
    const log = store.values.get('log') as { reason: string }[];
    expect(log.map((e) => e.reason)).toEqual(Array.from({ length: 10 }, (_, i) => `version ${11 - i}`));
  });

  it('writes a record the full storage refused with the next record or flush, in its place, once', async () => {
    const store = slowStore();
    let minute = 0;
    const record = purgeLog(store, 'log', () => new Date(Date.UTC(2026, 11, 4, 18, minute++)));
    const write = store.write;
    store.write = async () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(await record('images', 'quota error')).toBe(false);
    expect(await record.flush()).toBe(false);
    expect(store.values.get('log')).toBeUndefined();
    store.write = write;
    expect(await record.flush()).toBe(true);
    expect(await record('pages', 'cache version 8')).toBe(true);
    expect(await record.flush()).toBe(true);
    expect(store.values.get('log')).toEqual([
      { cache: 'pages', reason: 'cache version 8', at: '2026-12-04T18:01:00.000Z' },
      { cache: 'images', reason: 'quota error', at: '2026-12-04T18:00:00.000Z' },
    ]);
  });
});
