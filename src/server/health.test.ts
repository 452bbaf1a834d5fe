import os from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { news } from './db/schema';
import { createTestDb } from './db/test-db';
import { write } from './db/write';
import { checkHealth, freeBytes, minFreeBytes, PROBE_EVERY_MS } from './health';

afterEach(() => vi.restoreAllMocks());

describe('/healthz', () => {
  it('is healthy with a working database and room on the disk', () => {
    const db = createTestDb();
    expect(checkHealth({ db: () => db, dataDir: os.tmpdir(), minFreeBytes: 0 })).toEqual({ ok: true });
  });

  it('names a disk that is nearly full, with the free and the minimum megabytes', () => {
    const db = createTestDb();
    const free = freeBytes(os.tmpdir())!;
    const health = checkHealth({ db: () => db, dataDir: os.tmpdir(), minFreeBytes: free + 1024 ** 3 });
    expect(health.ok).toBe(false);
    expect(health).toMatchObject({ reason: expect.stringMatching(/^Speicherplatz fast voll: \d+ MB frei \(Minimum \d+ MB\)$/) });
  });

  it('counts the old versions a publish job keeps until it is over as room, not as a full disk (decision 046)', () => {
    const db = createTestDb();
    const free = freeBytes(os.tmpdir())!;
    const minFree = free + 1024 ** 3;
    // a footer change of a big club keeps hundreds of MB until the job is over
    expect(checkHealth({ db: () => db, dataDir: os.tmpdir(), minFreeBytes: minFree, reclaimableBytes: () => 2 * 1024 ** 3 })).toEqual({ ok: true });
    // what they hold is not enough: the disk is reported, with what is free now
    const short = checkHealth({ db: () => db, dataDir: os.tmpdir(), minFreeBytes: minFree, reclaimableBytes: () => 1024 ** 2 });
    expect(short).toMatchObject({ ok: false, reason: expect.stringMatching(/^Speicherplatz fast voll: \d+ MB frei/) });
  });

  it('after a refused write, stays unhealthy while a probe write fails, and recovers when it works', () => {
    const db = createTestDb();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(checkHealth({ db: () => db, dataDir: os.tmpdir(), minFreeBytes: 0 })).toEqual({ ok: true });
    // the database refuses every write, as a read-only file system would
    db.$client.pragma('query_only = ON');
    expect(() => write('test.save', (tx) => tx.insert(news).values({ title: 'A', content: 'B' }).run(), db)).toThrow();
    expect(checkHealth({ db: () => db, dataDir: os.tmpdir(), minFreeBytes: 0 })).toEqual({
      ok: false,
      reason: 'Datenbank nicht beschreibbar: die Datenbank ist schreibgeschützt.',
    });
    db.$client.pragma('query_only = OFF');
    expect(checkHealth({ db: () => db, dataDir: os.tmpdir(), minFreeBytes: 0 })).toEqual({ ok: true });
  });

  it('a database that refuses writes from the start is reported without waiting for a refused save', () => {
    const db = createTestDb();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(checkHealth({ db: () => db, dataDir: os.tmpdir(), minFreeBytes: 0 })).toEqual({ ok: true });
    // as a read-only mount would: no save was tried, the next probe finds it
    db.$client.pragma('query_only = ON');
    const later = Date.now() + PROBE_EVERY_MS;
    expect(checkHealth({ db: () => db, dataDir: os.tmpdir(), minFreeBytes: 0, now: later })).toEqual({
      ok: false,
      reason: 'Datenbank nicht beschreibbar: die Datenbank ist schreibgeschützt.',
    });
    db.$client.pragma('query_only = OFF');
    expect(checkHealth({ db: () => db, dataDir: os.tmpdir(), minFreeBytes: 0, now: later })).toEqual({ ok: true });
  });

  it('a closed database is not readable', () => {
    const db = createTestDb();
    db.$client.close();
    expect(checkHealth({ db: () => db, dataDir: os.tmpdir(), minFreeBytes: 0 })).toEqual({ ok: false, reason: 'Datenbank nicht lesbar' });
  });

  it('takes its threshold from HEALTH_MIN_FREE_MB (default 100)', () => {
    expect(minFreeBytes({})).toBe(100 * 1024 * 1024);
    expect(minFreeBytes({ HEALTH_MIN_FREE_MB: '2' })).toBe(2 * 1024 * 1024);
    expect(minFreeBytes({ HEALTH_MIN_FREE_MB: 'viel' })).toBe(100 * 1024 * 1024);
    // an empty one (HEALTH_MIN_FREE_MB= in an environment file) was 0 MB: never unhealthy for lack of room
    expect(minFreeBytes({ HEALTH_MIN_FREE_MB: '' })).toBe(100 * 1024 * 1024);
  });
});
