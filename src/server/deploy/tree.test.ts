import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClock } from '../../../tests/fixtures/fake-clock';
import { onFileChanged, removePublishedFile, writePublishedFile } from '../publish/files';
import { Deployer } from './deployer';
import type { DeployTarget } from './target';
import { FULL_WALK_EVERY_MS, SiteTreeReader, listSiteTree, type LocalFile, type SiteDirs } from './tree';

let root: string;
let dirs: SiteDirs;
const page = (key: string) => path.join(dirs.siteDir, ...key.split('/'));
const html = (text: string) => Buffer.from(`<!doctype html><h1>${text}</h1>${'<p>Bericht</p>'.repeat(60)}`);

function byHand(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-tree-'));
  dirs = { clientDir: path.join(root, 'client'), siteDir: path.join(root, 'site'), uploadsDir: path.join(root, 'uploads') };
  byHand(path.join(dirs.clientDir, '_astro', 'app.1234.js'), 'console.log(1)');
  byHand(path.join(dirs.uploadsDir, 'news', 'foto.webp'), 'RIFF');
  fs.mkdirSync(path.join(dirs.siteDir, 'news', 'sieg'), { recursive: true });
  await writePublishedFile(page('index.html'), html('Start'));
  await writePublishedFile(page('news/sieg/index.html'), html('Sieg'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const keysOf = (tree: Map<string, LocalFile>) => [...tree.keys()].sort();

describe("a deploy's tree of the site, kept between deploys", () => {
  it('reads again what the publisher replaced or removed, and ends the same as a walk of the whole site', async () => {
    const clock = fakeClock();
    const reader = new SiteTreeReader(dirs, clock.clock.now, onFileChanged);
    try {
      const first = reader.read();
      expect(first).toEqual(listSiteTree(dirs));
      const before = first.get('news/sieg/index.html')!.signature;

      fs.mkdirSync(path.join(dirs.siteDir, 'news', 'niederlage'), { recursive: true });
      await writePublishedFile(page('news/sieg/index.html'), html('Sieg nach Verlängerung, 3:2 in der 118. Minute'));
      await writePublishedFile(page('news/niederlage/index.html'), html('Niederlage'));
      await removePublishedFile(page('index.html'), dirs.siteDir);
      // a gzip copy from before decision 042 beside a page: its page is read again with it
      await writePublishedFile(page('news/niederlage/index.html.gz'), Buffer.from('gz'), { changed: true });
      const second = reader.read();

      expect(keysOf(second)).toEqual(['_astro/app.1234.js', 'news/niederlage/index.html', 'news/sieg/index.html', 'uploads/news/foto.webp']);
      expect(second.get('news/sieg/index.html')!.signature).not.toBe(before);
      expect(second.get('news/niederlage/index.html')!.gzip).toBe(`${page('news/niederlage/index.html')}.gz`);
      expect(second).toEqual(listSiteTree(dirs));
      // the tree a deploy sent stays as it was
      expect(first.has('index.html')).toBe(true);
    } finally {
      reader.close();
    }
  });

  it('lists the uploads each time and reads only new names, and reads everything whole again when asked or after an hour', async () => {
    const clock = fakeClock();
    const reader = new SiteTreeReader(dirs, clock.clock.now, onFileChanged);
    const photo = path.join(dirs.uploadsDir, 'news', 'foto.webp');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(photo, anHourAgo, anHourAgo);
    try {
      const first = reader.read();
      // uploads have other writers than the publisher: listed each time
      byHand(path.join(dirs.uploadsDir, 'verein', 'neu.webp'), 'RIFF2');
      fs.rmSync(path.join(dirs.clientDir, '_astro', 'app.1234.js'));
      // a name seen before is not read again (uploads are written once under new names): a file
      // rewritten by hand under its old name is found by the next whole walk, as a page put there by hand
      fs.writeFileSync(photo, 'RIFF, by hand and longer');
      fs.utimesSync(photo, anHourAgo, anHourAgo);
      byHand(page('impressum/index.html'), '<h1>Impressum</h1>');
      const next = reader.read();
      expect(keysOf(next)).toEqual(['news/sieg/index.html', 'index.html', 'uploads/news/foto.webp', 'uploads/verein/neu.webp'].sort());
      expect(next.get('uploads/news/foto.webp')).toEqual(first.get('uploads/news/foto.webp'));
      expect(next.get('uploads/verein/neu.webp')!.signature).toMatch(/^5:/);

      reader.forget();
      const whole = reader.read();
      expect(whole.has('impressum/index.html')).toBe(true);
      expect(whole.get('uploads/news/foto.webp')!.signature).toMatch(/^24:/);

      byHand(page('kontakt/index.html'), '<h1>Kontakt</h1>');
      await clock.advance(FULL_WALK_EVERY_MS - 1);
      expect(reader.read().has('kontakt/index.html')).toBe(false);
      await clock.advance(1);
      expect(reader.read()).toEqual(listSiteTree(dirs));
    } finally {
      reader.close();
    }
  });

  it('reads an upload again while it is young: one listed while it was being written gets its last size', async () => {
    const reader = new SiteTreeReader(dirs, fakeClock().clock.now, onFileChanged);
    const photo = path.join(dirs.uploadsDir, 'verein', 'mannschaft.webp');
    try {
      // the first part written when a deploy lists the folder
      byHand(photo, 'RIFF');
      expect(reader.read().get('uploads/verein/mannschaft.webp')!.signature).toMatch(/^4:/);
      fs.appendFileSync(photo, ' und der Rest des Bildes');
      expect(reader.read().get('uploads/verein/mannschaft.webp')!.signature).toMatch(/^28:/);
    } finally {
      reader.close();
    }
  });

  it('a walk that fails part way is not kept: the next read walks again and has every page (none taken as removed)', async () => {
    await writePublishedFile(page('verein/index.html'), html('Verein'));
    const reader = new SiteTreeReader(dirs, Date.now, onFileChanged);
    try {
      const all = keysOf(reader.read());
      reader.forget();
      // one look at the home page fails (EIO on a network volume): the walk stops there
      const statSync = fs.statSync;
      let failing: string | null = page('index.html');
      vi.spyOn(fs, 'statSync').mockImplementation(((file: fs.PathLike, options?: fs.StatSyncOptions) => {
        if (file === failing) throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
        return statSync(file, options);
      }) as typeof fs.statSync);
      expect(() => reader.read()).toThrow('EIO');
      failing = null;
      expect(keysOf(reader.read())).toEqual(all);
      expect(all).toEqual(expect.arrayContaining(['index.html', 'news/sieg/index.html', 'verein/index.html']));
    } finally {
      vi.restoreAllMocks();
      reader.close();
    }
  });

  it("a folder that cannot be read fails the read (its pages are not gone); one that is not there has none", async () => {
    const readdirSync = fs.readdirSync;
    let failing: { dir: string; code: string } | null = { dir: path.join(dirs.siteDir, 'news'), code: 'EACCES' };
    vi.spyOn(fs, 'readdirSync').mockImplementation(((dir: fs.PathLike, options?: unknown) => {
      if (failing && dir === failing.dir) throw Object.assign(new Error(`${failing.code}: failed`), { code: failing.code });
      return (readdirSync as (d: fs.PathLike, o?: unknown) => unknown)(dir, options);
    }) as typeof fs.readdirSync);
    try {
      expect(() => listSiteTree(dirs)).toThrow('EACCES');
      failing = { dir: path.join(dirs.uploadsDir, 'news'), code: 'EMFILE' };
      expect(() => listSiteTree(dirs)).toThrow('EMFILE');
      // removed between the listing of its parent and its own (a deleted article's folder)
      failing = { dir: path.join(dirs.siteDir, 'news'), code: 'ENOENT' };
      expect(keysOf(listSiteTree(dirs))).toEqual(['_astro/app.1234.js', 'index.html', 'uploads/news/foto.webp']);
    } finally {
      vi.restoreAllMocks();
    }
    // no uploads folder yet (a new club)
    fs.rmSync(dirs.uploadsDir, { recursive: true });
    expect(keysOf(listSiteTree(dirs))).toEqual(['_astro/app.1234.js', 'index.html', 'news/sieg/index.html']);
  });

  it('walks every time when no announcements are given, and takes none after it is closed', async () => {
    const walking = new SiteTreeReader(dirs, Date.now);
    walking.read();
    byHand(page('impressum/index.html'), '<h1>Impressum</h1>');
    expect(walking.read().has('impressum/index.html')).toBe(true);

    const reader = new SiteTreeReader(dirs, Date.now, onFileChanged);
    reader.read();
    reader.close();
    await writePublishedFile(page('verein/index.html'), html('Verein'));
    expect(reader.read().has('verein/index.html')).toBe(false);
  });

  it("a deployer given the announcements delivers a save's page, and 'Erneut übertragen' finds a page put there by hand", async () => {
    const sent: string[][] = [];
    const target: DeployTarget = {
      id: 'ziel',
      label: 'Ziel',
      deploy: async (tree) => {
        sent.push(keysOf(tree));
        return { delivered: tree.size, removed: 0 };
      },
    };
    const deployer = new Deployer([target], dirs, fakeClock().clock, { info: () => undefined, error: () => undefined }, onFileChanged);
    try {
      deployer.request();
      await deployer.idle();
      await writePublishedFile(page('news/neu/index.html'), html('Neu'));
      byHand(page('impressum/index.html'), '<h1>Impressum</h1>');
      deployer.request();
      await deployer.idle();
      expect(sent[1]).toContain('news/neu/index.html');
      expect(sent[1]).not.toContain('impressum/index.html');
      deployer.retryNow();
      await deployer.idle();
      expect(sent[2]).toContain('impressum/index.html');
    } finally {
      await deployer.stop();
    }
  });
});
