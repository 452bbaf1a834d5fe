import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClock } from '../../../tests/fixtures/fake-clock';
import { Deployer } from './deployer';
import { DeliveredManifest, SAVE_EVERY_MS } from './manifest';
import { DeployError, type DeployTarget } from './target';
import { VERSION_KEY, listSiteTree, urlsOfKey, type LocalFile, type SiteDirs } from './tree';

const quiet = { info: () => undefined, error: () => undefined };
let root: string;
let dirs: SiteDirs;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-deploy-'));
  dirs = { clientDir: path.join(root, 'client'), siteDir: path.join(root, 'site'), uploadsDir: path.join(root, 'uploads') };
  write(path.join(dirs.clientDir, '_astro', 'app.1234.js'), 'console.log(1)');
  write(path.join(dirs.clientDir, 'sw.js'), 'self');
  write(path.join(dirs.siteDir, 'index.html'), '<h1>Start</h1>');
  write(path.join(dirs.siteDir, 'index.html.gz'), 'gz');
  write(path.join(dirs.siteDir, 'index.html.br'), 'br');
  write(path.join(dirs.siteDir, 'news', 'sieg', 'index.html'), '<h1>Sieg</h1>');
  write(path.join(dirs.siteDir, '.index.html.123.tmp'), 'half');
  write(path.join(dirs.siteDir, VERSION_KEY), '{"version":3}');
  write(path.join(dirs.uploadsDir, 'news', 'foto.webp'), 'RIFF');
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the site as a static host holds it', () => {
  it('merges build files, pages and uploads under their keys, with our cache policy, without temp files or variants', () => {
    const tree = listSiteTree(dirs);
    expect([...tree.keys()].sort()).toEqual(['_astro/app.1234.js', VERSION_KEY, 'index.html', 'news/sieg/index.html', 'sw.js', 'uploads/news/foto.webp']);
    expect(tree.get('_astro/app.1234.js')!.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(tree.get('sw.js')!.cacheControl).toBe('no-cache');
    expect(tree.get(VERSION_KEY)!.cacheControl).toBe('no-cache');
    expect(tree.get('index.html')!).toMatchObject({ contentType: 'text/html; charset=utf-8', cacheControl: 'public, max-age=0, must-revalidate' });
    expect(tree.get('index.html')!.gzip).toBe(path.join(dirs.siteDir, 'index.html.gz'));
    expect(tree.get('uploads/news/foto.webp')!.area).toBe('upload');
    expect(urlsOfKey('news/sieg/index.html')).toEqual(['/news/sieg', '/news/sieg/', '/news/sieg/index.html']);
    expect(urlsOfKey('index.html')).toEqual(['/', '/index.html']);
    expect(urlsOfKey('news/feed.xml')).toEqual(['/news/feed.xml']);
  });

  it('plans assets and uploads first, then pages, then removals, the version file last; a second plan is empty', () => {
    const manifest = new DeliveredManifest(path.join(root, 'deploy', 'ziel.json'));
    const plan = manifest.plan(listSiteTree(dirs));
    expect(plan.assets.map((f) => f.key).sort()).toEqual(['_astro/app.1234.js', 'sw.js', 'uploads/news/foto.webp']);
    expect(plan.pages.map((f) => f.key).sort()).toEqual(['index.html', 'news/sieg/index.html']);
    expect(plan.version?.key).toBe(VERSION_KEY);
    manifest.record([...plan.assets, ...plan.pages, plan.version!]);
    manifest.flush();
    // kept on disk: a new process knows what the target holds
    const again = new DeliveredManifest(path.join(root, 'deploy', 'ziel.json'));
    fs.rmSync(path.join(dirs.siteDir, 'news'), { recursive: true });
    const next = again.plan(listSiteTree(dirs));
    expect(next).toEqual({ assets: [], pages: [], removed: ['news/sieg/index.html'], version: null });
  });

  it('writes the record of what a target holds once per deploy, and meanwhile every 10 s during a long one', () => {
    const file = path.join(root, 'deploy', 'ziel.json');
    // each write ends in the rename over the record (whole-file.ts)
    const writes = vi.spyOn(fs, 'renameSync');
    const written = () => writes.mock.calls.filter(([, to]) => to === file).length;
    const manifest = new DeliveredManifest(file);
    const tree = listSiteTree(dirs);
    const [asset, upload, page] = ['sw.js', 'uploads/news/foto.webp', 'index.html'].map((key) => tree.get(key)!);
    // a save's deploy: its steps, then the end
    manifest.record([asset]);
    manifest.record([page]);
    manifest.forget([]);
    expect(written()).toBe(0);
    manifest.flush();
    expect(written()).toBe(1);
    manifest.flush();
    expect(written()).toBe(1);
    // a first deploy of a big club takes minutes: what arrived is on disk every SAVE_EVERY_MS meanwhile
    const later = Date.now() + SAVE_EVERY_MS;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    manifest.record([upload]);
    expect(written()).toBe(2);
    expect(new DeliveredManifest(file).plan(new Map([[upload.key, upload]])).assets).toEqual([]);
  });
});

/** A target that records what it was asked, and fails while `down` is set (while `taken`, as one another process deploys to). */
function recordingTarget(id: string, log: string[], options: { afterOthers?: boolean } = {}) {
  const target: DeployTarget & { down: boolean; taken: boolean } = {
    id,
    label: `Ziel ${id}`,
    afterOthers: options.afterOthers,
    down: false,
    taken: false,
    deploy: async (tree: Map<string, LocalFile>) => {
      await new Promise((r) => setImmediate(r));
      if (target.down) throw new DeployError('Ziel nicht erreichbar');
      if (target.taken) throw new DeployError('eine andere Übertragung auf dieses Ziel läuft gerade (Prozess 4711)', { busy: true });
      log.push(`${id}:${tree.size}`);
      return { delivered: tree.size, removed: 0 };
    },
  };
  return target;
}

describe('the deployer', () => {
  it('tells the CDN only after every host has the files; a failed host is retried with back-off and reported in German', async () => {
    const { clock, advance } = fakeClock();
    const log: string[] = [];
    const s3 = recordingTarget('s3', log);
    const rsync = recordingTarget('rsync', log);
    const cdn = recordingTarget('cdn', log, { afterOthers: true });
    const deployer = new Deployer([cdn, s3, rsync], dirs, clock, quiet);
    expect(deployer.state.status).toBe('running');

    deployer.request();
    await deployer.idle();
    expect(log).toEqual(['s3:6', 'rsync:6', 'cdn:6']);
    expect(deployer.state.status).toBe('live');

    s3.down = true;
    log.length = 0;
    deployer.request();
    await deployer.idle();
    expect(log).toEqual(['rsync:6']);
    const failed = deployer.state;
    expect(failed.status).toBe('failed');
    expect(failed.targets.find((t) => t.id === 's3')!.message).toBe('Übertragung auf Ziel s3 fehlgeschlagen: Ziel nicht erreichbar');
    expect(failed.targets.find((t) => t.id === 'cdn')!.status).toBe('waiting');
    expect(failed.retryAt).toBe(clock.now() + 2_000);

    // still down at the first retry: the next waits twice as long
    await advance(2_000, () => deployer.idle());
    expect(deployer.state.retryAt).toBe(clock.now() + 4_000);
    // back: the retry delivers, and the CDN is told
    s3.down = false;
    log.length = 0;
    await advance(4_000, () => deployer.idle());
    expect(log).toEqual(['s3:6', 'rsync:6', 'cdn:6']);
    expect(deployer.state).toMatchObject({ status: 'live', retryAt: null });
  });

  it("changes during a deploy make exactly one more; a superadmin's retry runs at once", async () => {
    const { clock } = fakeClock();
    const log: string[] = [];
    const s3 = recordingTarget('s3', log);
    const deployer = new Deployer([s3], dirs, clock, quiet);
    deployer.request();
    deployer.request();
    deployer.request();
    await deployer.idle();
    expect(log).toHaveLength(2);
    s3.down = true;
    deployer.request();
    await deployer.idle();
    s3.down = false;
    deployer.retryNow();
    await deployer.idle();
    expect(log).toHaveLength(3);
    expect(deployer.state.status).toBe('live');
  });

  it('a page a publish removes while the folders are read is left out; a run that fails outside a target is retried, and the server lives on', async () => {
    const gone = path.join(dirs.siteDir, 'news', 'sieg', 'index.html');
    const statSync = fs.statSync;
    let failing: string | null = null;
    vi.spyOn(fs, 'statSync').mockImplementation(((file: fs.PathLike, options?: fs.StatSyncOptions) => {
      // removed between the folder's listing and this look at it (a deleted article)
      if (file === gone) return statSync(`${gone}.entfernt`, options);
      if (file === failing) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      return statSync(file, options);
    }) as typeof fs.statSync);
    expect([...listSiteTree(dirs).keys()]).not.toContain('news/sieg/index.html');

    const { clock, advance } = fakeClock();
    const log: string[] = [];
    const deployer = new Deployer([recordingTarget('s3', log)], dirs, clock, quiet);
    failing = path.join(dirs.siteDir, 'index.html');
    deployer.request();
    await deployer.idle();
    expect(log).toEqual([]);
    expect(deployer.state).toMatchObject({ status: 'failed', retryAt: clock.now() + 2_000 });
    failing = null;
    await advance(2_000, () => deployer.idle());
    expect(log).toEqual(['s3:5']);
    expect(deployer.state.status).toBe('live');
  });

  it('a slow host does not hold back the others: they deliver each publish at once; the CDN is told what all hosts have, as soon as they have it', async () => {
    const { clock } = fakeClock();
    const log: string[] = [];
    const s3 = recordingTarget('s3', log);
    const cdn = recordingTarget('cdn', log, { afterOthers: true });
    // a host on a slow line: its first deploy hangs until released
    let release = () => undefined as void;
    let slowRuns = 0;
    const slow: DeployTarget = {
      id: 'rsync',
      label: 'Ziel rsync',
      deploy: async (tree) => {
        slowRuns += 1;
        if (slowRuns === 1) await new Promise<void>((resolve) => (release = resolve));
        log.push(`rsync:${tree.size}`);
        return { delivered: tree.size, removed: 0 };
      },
    };
    const deployer = new Deployer([cdn, slow, s3], dirs, clock, quiet);
    deployer.request();
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(['s3:6']);
    // two more publishes while the slow host is still on the first: s3 delivers each, nobody purges yet
    write(path.join(dirs.siteDir, 'news', 'neu', 'index.html'), '<h1>Neu</h1>');
    deployer.request();
    await new Promise((r) => setTimeout(r, 20));
    deployer.request();
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(['s3:6', 's3:7', 's3:7']);
    expect(deployer.state.targets.map((t) => [t.id, t.status])).toEqual([['cdn', 'waiting'], ['rsync', 'running'], ['s3', 'live']]);
    // released: the CDN is told about the first publish as soon as the slow host has it (on match day
    // that host may never be idle), and about the latest after the one more deploy it makes for the two it missed
    release();
    await deployer.idle();
    expect(log).toEqual(['s3:6', 's3:7', 's3:7', 'rsync:6', 'rsync:7', 'cdn:6', 'cdn:7']);
    expect(deployer.state).toMatchObject({ status: 'live', retryAt: null });
  });

  it('a host that is down is shown as failed while another is still busy', async () => {
    const { clock } = fakeClock();
    const log: string[] = [];
    const s3 = recordingTarget('s3', log);
    let release = () => undefined as void;
    const slow: DeployTarget = {
      id: 'rsync',
      label: 'Ziel rsync',
      deploy: async (tree) => {
        await new Promise<void>((resolve) => (release = resolve));
        return { delivered: tree.size, removed: 0 };
      },
    };
    const deployer = new Deployer([slow, s3], dirs, clock, quiet);
    s3.down = true;
    deployer.request();
    await new Promise((r) => setTimeout(r, 20));
    expect(deployer.state).toMatchObject({ status: 'failed', retryAt: clock.now() + 2_000 });
    expect(deployer.state.targets.map((t) => t.status)).toEqual(['running', 'failed']);
    release();
    await deployer.idle();
    expect(deployer.state.status).toBe('failed');
  });

  it('a target another process deploys to waits, is tried again every 2 s (not after ever longer waits), and says why', async () => {
    const { clock, advance } = fakeClock();
    const log: string[] = [];
    const s3 = recordingTarget('s3', log);
    const deployer = new Deployer([s3], dirs, clock, quiet);
    s3.taken = true;
    deployer.request();
    await deployer.idle();
    // nothing failed: the header shows it as under way, with the reason it waits
    expect(deployer.state).toMatchObject({
      status: 'running',
      targets: [{ status: 'waiting', message: 'Übertragung auf Ziel s3 wartet: eine andere Übertragung auf dieses Ziel läuft gerade (Prozess 4711)' }],
    });
    for (let retry = 0; retry < 4; retry++) {
      expect(deployer.state.retryAt).toBe(clock.now() + 2_000);
      await advance(2_000, () => deployer.idle());
    }
    // the command has ended: the next retry delivers
    s3.taken = false;
    await advance(2_000, () => deployer.idle());
    expect(log).toEqual(['s3:6']);
    expect(deployer.state).toMatchObject({ status: 'live', retryAt: null });
  });

  it('without targets it reports none and does nothing', async () => {
    const deployer = new Deployer([], dirs, fakeClock().clock, quiet);
    deployer.request();
    await deployer.idle();
    expect(deployer.state).toEqual({ status: 'none', targets: [], retryAt: null });
  });
});
