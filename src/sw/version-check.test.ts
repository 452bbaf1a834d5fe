import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VersionCheck, type VersionEffects } from './version-check';

/** The Cache API as far as the worker's meta cache uses it; `full`: every put is refused, as by a full storage. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const storage = { full: false, refused: 0 };
  const keyOf = (key: RequestInfo | URL) => (typeof key === 'string' ? key : key instanceof URL ? key.href : key.url);
  const open = async (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return {
      match: async (key: RequestInfo | URL) => entries.get(keyOf(key))?.clone(),
      put: async (key: RequestInfo | URL, response: Response) => {
        if (storage.full) {
          storage.refused++;
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        entries.set(keyOf(key), response.clone());
      },
      delete: async (key: RequestInfo | URL) => entries.delete(keyOf(key)),
    };
  };
  return { caches: { open, has: async (name: string) => stores.has(name) }, storage };
}

/** cache-version.json as the publisher writes it after `version`, which changed `pages`. */
function versionFile(version: number, pages: string[]) {
  return { version, publishedAt: new Date(Date.now() - 60_000).toISOString(), pagesChangedSince: version - 1, pagesChanged: [{ version, pages }] };
}

let served: unknown;
let fake: ReturnType<typeof fakeCaches>;
beforeEach(() => {
  fake = fakeCaches();
  vi.stubGlobal('caches', fake.caches);
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(served), { headers: { date: new Date().toUTCString() } }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function effects() {
  const forgotten: string[][] = [];
  const told: number[] = [];
  const on: VersionEffects = {
    forgetAll: async () => void forgotten.push(['alle']),
    forgetPages: async (pages) => void forgotten.push([...pages]),
    tellTabs: async (version) => void told.push(version),
  };
  return { on, forgotten, told };
}

describe("the worker's look at the cache version", () => {
  it('a version whose record the full storage refused is written at a later look: a worker started again does not forget its pages a second time', async () => {
    served = versionFile(1, ['/']);
    const first = effects();
    const worker = new VersionCheck(first.on);
    await worker.run(0);
    // a publish changes the news page while the storage is full: the tab is told all the same
    served = versionFile(2, ['/news']);
    fake.storage.full = true;
    expect(await worker.run(0)).toMatchObject({ version: 2 });
    expect(first.told).toEqual([2]);
    expect(fake.storage.refused).toBeGreaterThan(0);
    // room again (the worker's purge freed it); the next heartbeat's look finds the same version
    fake.storage.full = false;
    expect(await worker.run(0)).toBeNull();

    // the browser stops the worker and starts it again: it reads the version it knows from the meta cache
    const again = effects();
    expect(await new VersionCheck(again.on).run(0)).toBeNull();
    // before: it read version 1, and set the news page, stored afresh meanwhile, aside once more
    expect(again.forgotten).toEqual([]);
    expect(again.told).toEqual([]);
    console.info(`[figures] version record on a full storage: ${fake.storage.refused} writes refused, written at the next look, 0 pages forgotten twice`);
  });

  it('a look while the storage is still full keeps the version in memory: no page is forgotten twice by the same worker', async () => {
    served = versionFile(1, ['/']);
    const seen = effects();
    const worker = new VersionCheck(seen.on);
    await worker.run(0);
    fake.storage.full = true;
    served = versionFile(2, ['/news']);
    await worker.run(0);
    await worker.run(0);
    // the tab heard nothing for long, and the worker starts its looks afresh: still version 2, from memory
    worker.reset();
    await worker.run(0);
    expect(seen.forgotten).toEqual([['/news']]);
    expect(seen.told).toEqual([2]);
  });

  it('a look whose answer never comes is given up: the next look asks again and finds the new version', async () => {
    served = versionFile(1, ['/']);
    const seen = effects();
    const worker = new VersionCheck(seen.on, 50);
    await worker.run(0);
    // a connection that stays up but moves nothing: the fetch answers only when it is aborted
    let asked = 0;
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => {
      asked++;
      return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    });
    const started = Date.now();
    const hung = await Promise.race([worker.run(0), new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), 2000))]);
    expect(hung).toBeNull();
    const waitedMs = Date.now() - started;
    // the connection is back: a publish happened meanwhile, and the next look is not held by the hung one
    served = versionFile(2, ['/news']);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(served), { headers: { date: new Date().toUTCString() } }));
    expect(await worker.run(0)).toMatchObject({ version: 2 });
    expect(seen.told).toEqual([2]);
    console.info(`[figures] hung version look: ${asked} asked, given up after ${waitedMs} ms, the next look answered`);
  });
});
