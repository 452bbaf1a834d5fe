import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import type { Db } from '../db/client';
import { matches, news, teams } from '../db/schema';
import { announceStopping } from '../http/shutdown';
import { Publisher } from './publisher';
import type { Renderer } from './render';
import { sampleChanges, warmSavePath, WARM_ROUNDS } from './save-warmup';

let db: Db;
let siteDir: string;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const NOW = Date.parse('2026-05-10T12:00:00Z');

beforeEach(() => {
  db = createTestDb();
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-warm-'));
  seed(db, (tx) => {
    tx.insert(teams).values([{ id: 'erste', name: 'Kampfmannschaft' }, { id: 'reserve', name: 'Reserve' }]).run();
    const match = (id: string, team: string, date: string) => ({ id, team_id: team, home_team: 'SV', away_team: 'FC', match_date: date, match_time: '15:00' });
    tx.insert(matches)
      .values([
        match('alt-erste', 'erste', '2026-04-01'),
        match('letztes-erste', 'erste', '2026-05-03'),
        match('letztes-reserve', 'reserve', '2026-05-02'),
        // not played yet: no result to warm up
        match('naechstes-erste', 'erste', '2026-05-17'),
      ])
      .run();
    tx.insert(news)
      .values([
        { id: 'aelter', title: 'Alt', content: '<p>a</p>', created_at: '2026-05-01T10:00:00Z' },
        { id: 'neuest', title: 'Neu', content: '<p>b</p>', created_at: '2026-05-09T10:00:00Z' },
        { id: 'entwurf', title: 'Entwurf', content: '<p>c</p>', published: false, created_at: '2026-05-10T10:00:00Z' },
      ])
      .run();
  });
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

/** A renderer that records what it was asked, rendering in this thread (parallelism 1) as a save does. */
function recordingRenderer(): Renderer & { asked: string[] } {
  const asked: string[] = [];
  const render = Object.assign(async (url: string) => {
    asked.push(url);
    return { status: 200, headers: {}, body: Buffer.from(`<html>${url}</html>`) };
  }, { parallelism: 1, asked });
  return render;
}

const siteFiles = () => fs.readdirSync(siteDir, { recursive: true, encoding: 'utf8' }).sort();

describe('the save path warm-up (decision 043, update of 2026-11-29)', () => {
  it('samples an edit of the newest published article and a result of each team’s latest match played', () => {
    expect(sampleChanges(db, NOW)).toEqual([
      [{ table: 'news', key: 'neuest' }],
      [{ table: 'matches', key: 'letztes-erste' }],
      [{ table: 'matches', key: 'letztes-reserve' }],
    ]);
  });

  it('renders the pages of each sample job, the first two again, and writes nothing', async () => {
    const render = recordingRenderer();
    const rendered = await warmSavePath({ db, siteDir, now: NOW, renderFor: () => render, busy: () => false });
    expect(rendered).toBe(render.asked.length);
    // each sample's own page: the article, each result's match page, and the first two jobs WARM_ROUNDS times
    const count = (url: string) => render.asked.filter((u) => u === url).length;
    expect(count('/news/neuest')).toBe(WARM_ROUNDS);
    expect(count('/spiel/letztes-erste')).toBe(WARM_ROUNDS);
    expect(count('/spiel/letztes-reserve')).toBe(1);
    expect(render.asked).toContain('/spielplan');
    expect(render.asked.some((url) => url.endsWith('.png'))).toBe(false);
    // nothing written: not a page, not the cache version, not a change in the database
    expect(siteFiles()).toEqual([]);
    expect(db.$client.prepare('SELECT COUNT(*) AS n FROM matches WHERE status = ?').get('scheduled')).toEqual({ n: 4 });
  });

  it('ends at once when a real job starts, and when a job would no longer render in this thread (a stop)', async () => {
    const render = recordingRenderer();
    const busy = () => render.asked.length >= 3;
    await warmSavePath({ db, siteDir, now: NOW, renderFor: () => render, busy });
    expect(render.asked).toHaveLength(3);

    const elsewhere = recordingRenderer();
    await warmSavePath({ db, siteDir, now: NOW, renderFor: () => (elsewhere.asked.length < 2 ? elsewhere : null), busy: () => false });
    expect(elsewhere.asked).toHaveLength(2);
  });

  it('never asks for the job renderer where a job would render in render processes (asking could start them)', async () => {
    const render = recordingRenderer();
    const forJob: number[] = [];
    render.inThread = () => false;
    render.forJob = (pages) => {
      forJob.push(pages);
      return render;
    };
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet, clock: { now: () => NOW } });
    await publisher.prewarm();
    expect(forJob).toEqual([]);
    expect(render.asked).toEqual([]);
  });

  it('starts after the routes’ warm-up, however often an admin asks meanwhile', async () => {
    const render = recordingRenderer();
    let routesDone = () => {};
    const routes = new Promise<void>((resolve) => (routesDone = resolve));
    render.prewarm = () => routes;
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet, clock: { now: () => NOW } });
    const first = publisher.prewarm();
    const second = publisher.prewarm();
    await new Promise((r) => setTimeout(r, 20));
    expect(render.asked).toEqual([]);
    routesDone();
    await Promise.all([first, second]);
    expect(render.asked.filter((url) => url === '/news/neuest')).toHaveLength(WARM_ROUNDS);
  });

  it('runs once per publisher, after the routes’ own warm-up, when an admin is at work', async () => {
    const render = recordingRenderer();
    const warmed: string[] = [];
    render.prewarm = (urls) => {
      warmed.push(...urls());
    };
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet, clock: { now: () => NOW } });
    await publisher.prewarm();
    const first = render.asked.length;
    expect(warmed).toContain('/');
    expect(first).toBeGreaterThan(0);
    await publisher.prewarm();
    expect(render.asked).toHaveLength(first);
    expect(siteFiles()).toEqual([]);
  });

  // last: the stop is announced for the rest of this process
  it('does not start once the server was told to stop', async () => {
    announceStopping();
    const render = recordingRenderer();
    expect(await warmSavePath({ db, siteDir, now: NOW, renderFor: () => render, busy: () => false })).toBe(0);
    expect(render.asked).toEqual([]);
  });
});
