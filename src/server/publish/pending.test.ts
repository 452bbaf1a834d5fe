import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishPending } from '../db/schema';
import { createTestDb } from '../db/test-db';
import { LONG_FAILURE_MS, PendingPages, SLOW_RETRY_MS, retryDelay } from './pending';
import { STORAGE_TEXTS } from '../db/write';
import { Publisher } from './publisher';
import { PublishQueue } from './queue';
import type { Clock } from '../clock';
import type { Renderer } from './render';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A clock the test moves: timers fire only when it says so. */
function fakeTimers() {
  let now = 1_000_000;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let nextId = 1;
  const api: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  return {
    api,
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.fn();
        }
      }
    },
    get pendingTimers() {
      return timers.size;
    },
  };
}

/** A site whose /news cannot be written (a full disk) while `news.broken`; the other pages can. */
function newsOnAFullDisk() {
  const db = createTestDb();
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-pending-'));
  dirs.push(siteDir);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const news = { broken: true };
  const render: Renderer = async (url) => {
    if (news.broken && url === '/news') throw new Error('ENOSPC: no space left on device');
    return { status: 200, headers: {}, body: Buffer.from(`<h1>${url}</h1>`) };
  };
  return { db, siteDir, render, news };
}

describe('pending pages', () => {
  it('back off from 1 s to at most half a minute', () => {
    expect([1, 2, 3, 6, 20].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });

  it('a page whose render has failed for ten minutes is tried every five; a full disk still every half minute', () => {
    /** The waits after each of 40 failures of one page with this error, and when the failures were. */
    const db = createTestDb();
    const tries = (error: string) => {
      let now = 0;
      const pages = new PendingPages(() => db, () => now);
      const waits: { at: number; wait: number }[] = [];
      for (let i = 0; i < 40; i++) {
        pages.failed([{ url: '/news', error }]);
        const next = pages.nextAttemptAt()!;
        waits.push({ at: now, wait: next - now });
        now = next;
      }
      return waits;
    };
    const render = tries('status 500');
    expect(render.slice(0, 6).map((t) => t.wait)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000]);
    for (const { at, wait } of render) expect(wait).toBe(at < LONG_FAILURE_MS ? Math.min(wait, 30_000) : SLOW_RETRY_MS);
    expect(render.filter((t) => t.wait === SLOW_RETRY_MS).length).toBeGreaterThan(10);
    // the errors as the publisher records them (publisher.ts, job-end.ts, render-pool.ts)
    const machine = [
      "ENOSPC: no space left on device, write '/srv/site/.news.html.tmp'",
      `cache version: ${STORAGE_TEXTS.full}`,
      `cache version: ${STORAGE_TEXTS.busy}`,
      'cache version: database is locked',
      'could not read news; not published',
      'render process exited (signal SIGKILL)',
      'render timeout after 20000 ms',
      'render processes cannot start: spawn ENOMEM',
      'stopped before it was published',
    ];
    for (const error of machine) expect(Math.max(...tries(error).map((t) => t.wait)), error).toBe(30_000);
    expect(Math.max(...tries('Input buffer has corrupt header: glib: XML parse error').map((t) => t.wait))).toBe(SLOW_RETRY_MS);
  });

  it('survive a restart in the database and are gone once published', () => {
    const db = createTestDb();
    const first = new PendingPages(() => db, () => 5000);
    first.failed([{ url: '/news', error: 'ENOSPC' }]);
    expect(db.select().from(publishPending).all()).toMatchObject([{ url: '/news', attempts: 1, nextAttemptAt: 6000, lastError: 'ENOSPC' }]);
    const second = new PendingPages(() => db, () => 5000);
    second.load();
    expect(second.urls()).toEqual(['/news']);
    second.published(['/news']);
    expect(second.count).toBe(0);
    expect(db.select().from(publishPending).all()).toEqual([]);
  });

  it('a page whose write fails is retried automatically until it is published, and the version is raised then', async () => {
    const { db, siteDir, render, news } = newsOnAFullDisk();
    const clock = fakeTimers();
    const pending = new PendingPages(() => db, clock.api.now);
    const queue = new PublishQueue(new Publisher({ db: () => db, siteDir, render, pending, log: console }), clock.api);
    const reports: number[] = [];
    queue.listeners.add((report) => reports.push(report.pending));

    const first = await queue.enqueue({ urls: ['/', '/news'] });
    expect(first.failed.map((f) => f.url)).toEqual(['/news']);
    expect(first.pending).toBe(1);
    expect(fs.existsSync(path.join(siteDir, 'news', 'index.html'))).toBe(false);

    // still failing: tried again after 1 s, then after 2 s more
    clock.advance(1000);
    await queue.idle();
    expect(pending.count).toBe(1);
    news.broken = false;
    clock.advance(1000);
    await queue.idle();
    expect(pending.count).toBe(1);
    clock.advance(1000);
    await queue.idle();
    expect(pending.count).toBe(0);
    expect(fs.readFileSync(path.join(siteDir, 'news', 'index.html'), 'utf8')).toBe('<h1>/news</h1>');
    expect(JSON.parse(fs.readFileSync(path.join(siteDir, 'cache-version.json'), 'utf8')).version).toBe(2);
    expect(reports).toEqual([1, 1, 0]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('a clock that goes back an hour after a page failed: the page is tried again after its second, not after the hour', async () => {
    const { db, siteDir, render, news } = newsOnAFullDisk();
    // one clock, as the server's: its time is the wall clock's, its timers count elapsed time (as Node's do)
    let wall = Date.UTC(2026, 11, 7, 6, 0, 0);
    const timers = fakeTimers();
    const pending = new PendingPages(() => db, () => wall);
    const queue = new PublishQueue(new Publisher({ db: () => db, siteDir, render, pending, log: console }), { ...timers.api, now: () => wall });
    expect((await queue.enqueue({ urls: ['/news'] })).pending).toBe(1);
    // NTP sets the clock back an hour (a server started before its time was synchronised)
    wall -= 60 * 60_000;
    expect(pending.due()).toEqual(['/news']);
    expect(pending.nextAttemptAt()).toBe(wall);
    news.broken = false;
    timers.advance(1000);
    wall += 1000;
    await queue.idle();
    expect(pending.count).toBe(0);
    expect(fs.readFileSync(path.join(siteDir, 'news', 'index.html'), 'utf8')).toBe('<h1>/news</h1>');
    // a wait that is its own is kept: a page failing now waits its second
    news.broken = true;
    await queue.enqueue({ urls: ['/news'] });
    expect(pending.due()).toEqual([]);
    expect(pending.nextAttemptAt()).toBe(wall + 1000);
  });

  it('a full publish includes the pending pages, and a closed queue retries nothing', async () => {
    const db = createTestDb();
    const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-pending-'));
    dirs.push(siteDir);
    const clock = fakeTimers();
    const pending = new PendingPages(() => db, clock.api.now);
    pending.failed([{ url: '/news/gone', error: 'render' }]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const rendered: string[] = [];
    let releaseY!: () => void;
    const yHeld = new Promise<void>((resolve) => (releaseY = resolve));
    const render: Renderer = async (url) => {
      rendered.push(url);
      if (url === '/x') throw new Error('ENOSPC: no space left on device');
      if (url === '/y') {
        await yHeld;
        throw new Error('ENOSPC: no space left on device');
      }
      return { status: 404, headers: {}, body: Buffer.from('') };
    };
    const queue = new PublishQueue(new Publisher({ db: () => db, siteDir, render, pending, log: console }), clock.api);
    await queue.enqueue('all');
    expect(rendered).toContain('/news/gone');
    expect(pending.urls()).toEqual([]);
    // a page that failed in a job has its retry set; the stop takes it back
    await queue.enqueue({ urls: ['/x'] });
    expect(clock.pendingTimers).toBe(1);
    // a job that fails while the stop comes sets none after it
    const running = queue.enqueue({ urls: ['/y'] });
    await vi.waitFor(() => expect(rendered).toContain('/y'));
    queue.close();
    expect(clock.pendingTimers).toBe(0);
    releaseY();
    await running;
    await queue.idle();
    expect(clock.pendingTimers).toBe(0);
    clock.advance(120_000);
    await queue.idle();
    expect(rendered.filter((url) => url === '/x' || url === '/y')).toEqual(['/x', '/y']);
    expect(pending.urls().sort()).toEqual(['/x', '/y']);
  });

  it('a stop ends a job between pages: what was rendered is written, the rest is pending in the database', async () => {
    const db = createTestDb();
    const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-pending-'));
    dirs.push(siteDir);
    const pending = new PendingPages(() => db, () => 5000);
    let publisher!: Publisher;
    const rendered: string[] = [];
    const render: Renderer = async (url) => {
      rendered.push(url);
      // the stop comes while the third page renders
      if (rendered.length === 3) publisher.stop();
      await new Promise((r) => setTimeout(r, 5));
      return { status: 200, headers: {}, body: Buffer.from(`<html>${url}</html>`) };
    };
    publisher = new Publisher({ db: () => db, siteDir, render, pending, concurrency: 1 });
    const urls = ['/a', '/b', '/c', '/d', '/e'];
    const report = await publisher.publishUrls(urls);
    expect(report.written).toEqual(['/a', '/b', '/c']);
    expect(fs.readFileSync(path.join(siteDir, 'c', 'index.html'), 'utf8')).toBe('<html>/c</html>');
    expect(fs.existsSync(path.join(siteDir, 'd', 'index.html'))).toBe(false);
    expect(db.select({ url: publishPending.url }).from(publishPending).all().map((r) => r.url).sort()).toEqual(['/d', '/e']);
  });
});
