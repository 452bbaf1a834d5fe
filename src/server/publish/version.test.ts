import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pagesChangedSince, pagesRemovedSince } from '../../lib/pwa-cache-policy';
import { CACHE_VERSION_FILE, PAGES_LISTED_MAX, VERSIONS_LISTED_MAX, pagesChangedAfter, writeCacheVersionFile } from './version';

// cache-version.json names the pages of the last publishes (decision 056): what a service worker forgets
const dirs: string[] = [];
const siteDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-version-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const read = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, CACHE_VERSION_FILE), 'utf8')) as Record<string, unknown>;

describe('the pages cache-version.json lists as changed', () => {
  it('continues the list of the version before, naming only pages (no calendars, share images, or duplicates)', () => {
    const site = siteDir();
    writeCacheVersionFile(site, 1, {}, ['/news/3', '/news', '/']);
    writeCacheVersionFile(site, 2, {}, ['/spiel/5', '/spielplan', '/spielplan.ics', '/teilen/spiel/5.png', '/spiel/5']);
    const file = read(site);
    expect(file).toMatchObject({
      version: 2,
      pagesChangedSince: 0,
      pagesChanged: [
        { version: 1, pages: ['/news/3', '/news', '/'] },
        { version: 2, pages: ['/spiel/5', '/spielplan'] },
      ],
    });
    // what a worker that knew version 1 forgets, and one that knew nothing yet
    expect(pagesChangedSince(file, 1)).toEqual(new Set(['/spiel/5', '/spielplan']));
    expect(pagesChangedSince(read(site), 0)).toEqual(new Set(['/news/3', '/news', '/', '/spiel/5', '/spielplan']));
  });

  it('names the pages a job removed again under removed: a worker deletes its copy instead of keeping it aside (decision 006)', () => {
    const site = siteDir();
    writeCacheVersionFile(site, 1, {}, ['/news/3', '/news', '/'], ['/news/3']);
    writeCacheVersionFile(site, 2, {}, ['/spielplan'], []);
    const file = read(site);
    expect(file).toMatchObject({ pagesChanged: [{ version: 1, pages: ['/news/3', '/news', '/'], removed: ['/news/3'] }, { version: 2, pages: ['/spielplan'] }] });
    expect((file as { pagesChanged: object[] }).pagesChanged[1]).not.toHaveProperty('removed');
    expect(pagesRemovedSince(file, 0)).toEqual(new Set(['/news/3']));
    expect(pagesRemovedSince(file, 1)).toEqual(new Set());
    // a worker that does not know `removed` forgets the page as before
    expect(pagesChangedSince(file, 0)).toEqual(new Set(['/news/3', '/news', '/', '/spielplan']));
  });

  it('a full republish names no pages, but the ones it removed, and keeps them for a worker that knows a version before (decision 006)', () => {
    const site = siteDir();
    writeCacheVersionFile(site, 1, {}, ['/news/3', '/news'], ['/news/3']);
    // a full republish that removed a page whose row was deleted while the server was down
    writeCacheVersionFile(site, 2, {}, undefined, ['/news/7', '/og/news-7.png']);
    expect(read(site)).toMatchObject({ pagesChangedSince: 2, pagesChanged: [], pagesRemovedUpTo: ['/news/3', '/news/7'] });
    expect(pagesChangedSince(read(site), 0)).toBe('all');
    expect(pagesRemovedSince(read(site), 0)).toEqual(new Set(['/news/3', '/news/7']));
    // still named after the next jobs, for a worker that slept through the republish; not for one that saw it
    writeCacheVersionFile(site, 3, {}, ['/spielplan'], []);
    expect(pagesRemovedSince(read(site), 1)).toEqual(new Set(['/news/3', '/news/7']));
    expect(pagesRemovedSince(read(site), 2)).toEqual(new Set());
    // a job that goes out of the list takes its removed pages there, newest last, at most a hundred
    let list: unknown = read(site);
    for (let version = 4; version <= 4 + VERSIONS_LISTED_MAX; version++) list = { version, ...pagesChangedAfter(list, version, [`/news/${version}`], [`/news/${version}`]) };
    const upTo = (list as { pagesRemovedUpTo: string[] }).pagesRemovedUpTo;
    expect(upTo.slice(0, 3)).toEqual(['/news/3', '/news/7', '/news/4']);
    for (let version = 100; version < 250; version++) list = { version, ...pagesChangedAfter(list, version, undefined, [`/spieler/${version}`]) };
    expect((list as { pagesRemovedUpTo: string[] }).pagesRemovedUpTo).toHaveLength(PAGES_LISTED_MAX);
    expect((list as { pagesRemovedUpTo: string[] }).pagesRemovedUpTo.at(-1)).toBe('/spieler/249');
  });

  it('the removed pages outlast a version whose file was not written, leave the list when written again, and count for a worker of a later version (a restored backup)', () => {
    const site = siteDir();
    writeCacheVersionFile(site, 10, {}, undefined, ['/spieler/5']);
    writeCacheVersionFile(site, 11, {}, ['/news/4', '/news'], ['/news/4']);
    // version 12's file could not be written: the list starts again at 13, the pages removed before are kept
    writeCacheVersionFile(site, 13, {}, ['/spielplan']);
    expect(read(site)).toMatchObject({ pagesChangedSince: 12, pagesRemovedUpTo: ['/spieler/5', '/news/4'] });
    expect(pagesRemovedSince(read(site), 9)).toEqual(new Set(['/spieler/5', '/news/4']));
    // the player gives his consent again: his page is written, and is no longer one removed
    writeCacheVersionFile(site, 14, {}, ['/spieler/5', '/spieler']);
    expect(read(site)).toMatchObject({ pagesRemovedUpTo: ['/news/4'] });
    // a worker that knew version 50 of the server before the backup was restored: what the file names as removed goes
    writeCacheVersionFile(site, 15, {}, ['/news/8', '/news'], ['/news/8']);
    expect(pagesRemovedSince(read(site), 50)).toEqual(new Set(['/news/4', '/news/8']));
    expect(pagesChangedSince(read(site), 50)).toBe('all');

    // a page removed and written again by a later version does not come back when the entries go out of the list
    let list: unknown = { version: 20, pagesChangedSince: 20, pagesChanged: [] };
    list = { version: 21, ...pagesChangedAfter(list, 21, ['/news/9'], ['/news/9']) };
    list = { version: 22, ...pagesChangedAfter(list, 22, ['/news/9', '/news']) };
    for (let version = 23; version <= 23 + VERSIONS_LISTED_MAX; version++) list = { version, ...pagesChangedAfter(list, version, ['/spielplan']) };
    expect((list as { pagesRemovedUpTo?: string[] }).pagesRemovedUpTo ?? []).not.toContain('/news/9');
    // nor after a full republish that starts the list again
    list = { version: 30, pagesChangedSince: 30, pagesChanged: [] };
    list = { version: 31, ...pagesChangedAfter(list, 31, ['/news/9'], ['/news/9']) };
    list = { version: 32, ...pagesChangedAfter(list, 32, ['/news/9', '/news']) };
    expect(pagesChangedAfter(list, 33, undefined)).not.toHaveProperty('pagesRemovedUpTo');
  });

  it("a damaged file's removed pages that are no pages are not carried on (a worker would delete what they name)", () => {
    const site = siteDir();
    fs.writeFileSync(
      path.join(site, CACHE_VERSION_FILE),
      JSON.stringify({ version: 3, pagesChangedSince: 1, pagesRemovedUpTo: ['', '/sw.js', '/_astro/a.js', 'news/1', 7, '/news/2'], pagesChanged: [{ version: 9, removed: ['/manifest.webmanifest', '/spieler/3'] }] }),
    );
    writeCacheVersionFile(site, 4, {}, ['/']);
    expect(read(site)).toMatchObject({ pagesChangedSince: 3, pagesRemovedUpTo: ['/news/2', '/spieler/3'] });
  });

  it('names every page after a job it cannot list, and after a version whose file was not written', () => {
    const site = siteDir();
    writeCacheVersionFile(site, 4, {}, ['/news/3']);
    // a full republish of a normal club: more pages than the file lists
    const many = Array.from({ length: PAGES_LISTED_MAX + 1 }, (_, i) => `/news/${i}`);
    writeCacheVersionFile(site, 5, {}, many);
    expect(read(site)).toMatchObject({ version: 5, pagesChangedSince: 5, pagesChanged: [] });
    expect(pagesChangedSince(read(site), 4)).toBe('all');
    writeCacheVersionFile(site, 6, {}, ['/news/1']);
    expect(pagesChangedSince(read(site), 5)).toEqual(new Set(['/news/1']));
    // version 7's file could not be written: the list starts again at 8
    writeCacheVersionFile(site, 8, {}, ['/news/2']);
    expect(read(site)).toMatchObject({ pagesChangedSince: 7, pagesChanged: [{ version: 8, pages: ['/news/2'] }] });
    expect(pagesChangedSince(read(site), 6)).toBe('all');
    // no pages given (an older caller): every page
    writeCacheVersionFile(site, 9);
    expect(pagesChangedSince(read(site), 8)).toBe('all');
  });

  it('a damaged previous file starts the list again', () => {
    const site = siteDir();
    fs.writeFileSync(path.join(site, CACHE_VERSION_FILE), '{"version": 3, "pagesChangedSince": 1, "pagesChanged": [{"version": 9}]}');
    writeCacheVersionFile(site, 4, {}, ['/']);
    expect(read(site)).toMatchObject({ pagesChangedSince: 3, pagesChanged: [{ version: 4, pages: ['/'] }] });
  });

  it('stays small: the oldest versions go first, past a hundred pages or thirty versions', () => {
    let list: unknown = { version: 0, pagesChangedSince: 0, pagesChanged: [] };
    for (let version = 1; version <= 40; version++) list = { version, ...pagesChangedAfter(list, version, [`/spiel/${version}`, '/spielplan']) };
    const kept = list as { pagesChangedSince: number; pagesChanged: { version: number }[] };
    expect(kept.pagesChanged).toHaveLength(VERSIONS_LISTED_MAX);
    expect(kept.pagesChangedSince).toBe(40 - VERSIONS_LISTED_MAX);
    expect(kept.pagesChanged[0].version).toBe(40 - VERSIONS_LISTED_MAX + 1);

    const pages = (from: number) => Array.from({ length: 30 }, (_, i) => `/spieler/${from + i}`);
    let big: unknown = null;
    for (let version = 1; version <= 4; version++) big = { version, ...pagesChangedAfter(big, version, pages(version * 100)) };
    // 4 × 30 pages: the first version went, and a worker that knew it forgets every page
    expect(big).toMatchObject({ pagesChangedSince: 1 });
    expect(pagesChangedSince(big, 0)).toBe('all');
    expect((pagesChangedSince(big, 1) as Set<string>).size).toBe(90);
  });
});
