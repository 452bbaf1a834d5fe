// The rsync target's remote shell: ssh never asks and never hangs on a host that does not answer;
// a stop ends an rsync under way with its remote shell (a real rsync, a shell that never answers); and a
// save's deploy leaves out the pass of the assets when they are those sent last.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEPLOY_TEXTS as T } from '../../lib/deploy-texts';
import { Deployer } from './deployer';
import { RsyncTarget, remoteShell } from './rsync';
import { listSiteTree } from './tree';

describe('rsync over ssh', () => {
  it('never lets ssh ask or hang: batch mode and a connect timeout before the host options; a folder needs no shell', () => {
    expect(remoteShell('web@verein.example:/var/www', null)).toBe('ssh -o BatchMode=yes -o ConnectTimeout=10');
    expect(remoteShell('web@verein.example:/var/www', 'ssh -i /etc/anstoss/deploy_key -p 2222')).toBe('ssh -o BatchMode=yes -o ConnectTimeout=10 -i /etc/anstoss/deploy_key -p 2222');
    expect(remoteShell('/srv/www/verein', null)).toBeNull();
    // another remote shell the host chose is left as it is
    expect(remoteShell('web@verein.example:/var/www', 'sshpass -f datei ssh')).toBe('sshpass -f datei ssh');
  });
});

/** The processes whose command line names `marker` (a test's own folder). */
function processesNaming(marker: string): string[] {
  const found: string[] = [];
  if (marker.length < 8) throw new Error(`no marker: ${JSON.stringify(marker)}`);
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmdline.includes(marker) && Number(pid) !== process.pid) found.push(`${pid}: ${cmdline}`);
    } catch {
      // ended while listed
    }
  }
  return found;
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (check()) return true;
  return check();
}

let root = '';
afterEach(() => {
  if (!root) return;
  for (const line of processesNaming(root)) process.kill(Number(line.split(':')[0]), 'SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
  root = '';
});

/** A site of one page in a test folder (`root`), and a remote shell that takes the connection and never answers (a hung ssh). */
function siteAndHungHost(prefix: string) {
  root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dirs = { clientDir: path.join(root, 'client'), siteDir: path.join(root, 'site'), uploadsDir: path.join(root, 'uploads') };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dirs.siteDir, 'index.html'), '<h1>Start</h1>');
  const shell = path.join(root, 'never-answers.sh');
  fs.writeFileSync(shell, '#!/bin/sh\nwhile :; do sleep 0.1; done\n', { mode: 0o755 });
  return { dirs, shell };
}

describe('a stop while rsync runs', () => {
  it('ends the rsync and its remote shell instead of leaving them to write after the server is gone', async () => {
    const { dirs, shell } = siteAndHungHost('anstoss-rsync-stop-');
    const logged: string[] = [];
    const deployer = new Deployer([new RsyncTarget('verein.example:/var/www', dirs, shell)], dirs, undefined, {
      info: (line: string) => logged.push(line),
      error: (line: string) => logged.push(line),
    });
    deployer.request();
    expect(await until(() => processesNaming(shell).length > 0, 5_000)).toBe(true);

    const started = Date.now();
    await deployer.stop(300, 3_000);
    const took = Date.now() - started;
    const left = await until(() => processesNaming(root).length === 0, 2_000);
    console.info(`[rsync stop] stop took ${took} ms; processes left: ${processesNaming(root).length}`);
    expect(left).toBe(true);
    expect(took).toBeLessThan(3_000);
    expect(deployer.state.targets[0]).toMatchObject({ status: 'failed', message: T.failed('rsync verein.example:/var/www', T.stopped) });
    expect(logged.some((line) => line.includes('beim Beenden abgebrochen'))).toBe(true);
  });

  it("ends an rsync under way when the server exits without a stop (a second Ctrl-C, the stop's time limit)", async () => {
    const { dirs, shell } = siteAndHungHost('anstoss-rsync-exit-');
    // a server that starts a deploy and exits at once, as process.exit does on a second signal
    const server = path.join(root, 'server.ts');
    fs.writeFileSync(
      server,
      `import { RsyncTarget } from ${JSON.stringify(path.resolve('src/server/deploy/rsync.ts'))};\n` +
        `void new RsyncTarget('verein.example:/var/www', ${JSON.stringify(dirs)}, ${JSON.stringify(shell)}).deploy(new Map()).catch(() => undefined);\n` +
        // (4 s: rsync and its remote shell have started by then on a busy machine, and the test has seen them)
        `setTimeout(() => process.exit(0), 4000);\n`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', server], { stdio: 'ignore' });
    expect(await until(() => processesNaming(shell).length > 0, 10_000)).toBe(true);
    await new Promise((resolve) => child.on('exit', resolve));
    const left = await until(() => processesNaming(root).length === 0, 3_000);
    console.info(`[rsync exit] processes left after the server exited: ${processesNaming(root).length}`);
    expect(left).toBe(true);
  });
});

/** A site in folders, a folder to deploy to, and the real rsync with each run written down (a pass is an rsync of its own). */
function folderCase() {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-rsync-passes-'));
  const dirs = { clientDir: path.join(root, 'client'), siteDir: path.join(root, 'site'), uploadsDir: path.join(root, 'uploads') };
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  };
  write(path.join(dirs.clientDir, '_astro', 'app.js'), 'console.log(1)');
  write(path.join(dirs.siteDir, 'index.html'), '<h1>Start</h1>');
  write(path.join(dirs.uploadsDir, 'news', 'a.webp'), 'bild-a');
  // over ssh, each run is a connection of its own
  const log = path.join(root, 'rsync-runs.log');
  const bin = path.join(root, 'bin');
  const realRsync = spawnSync('sh', ['-c', 'command -v rsync'], { encoding: 'utf8' }).stdout.trim();
  write(path.join(bin, 'rsync'), `#!/bin/sh\necho run >> '${log}'\nexec '${realRsync}' "$@"\n`);
  fs.chmodSync(path.join(bin, 'rsync'), 0o755);
  const runs = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0);
  const pathBefore = process.env.PATH;
  process.env.PATH = `${bin}:${pathBefore}`;
  const restorePath = () => (process.env.PATH = pathBefore);
  return { dirs, write, runs, www: path.join(root, 'www'), restorePath };
}

describe('a deploy to a folder', () => {
  it("leaves out the first pass while the assets and uploads are those it sent last: a save's pages go with two rsyncs, a new upload with three", async () => {
    const { dirs, write, runs, www, restorePath } = folderCase();
    try {
      const target = new RsyncTarget(www, dirs);
      await target.deploy(listSiteTree(dirs));
      expect(runs()).toBe(3);
      expect(fs.readFileSync(path.join(www, 'uploads', 'news', 'a.webp'), 'utf8')).toBe('bild-a');

      // a save: its pages change, nothing else
      write(path.join(dirs.siteDir, 'index.html'), '<h1>Neu</h1>');
      write(path.join(dirs.siteDir, 'news', 'b', 'index.html'), '<h1>B</h1>');
      expect(await target.deploy(listSiteTree(dirs))).toEqual({ delivered: 2, removed: 0 });
      expect(runs()).toBe(5);
      expect(fs.readFileSync(path.join(www, 'index.html'), 'utf8')).toBe('<h1>Neu</h1>');

      // a new upload goes before the page that shows it, even with a tree read before it was written (read for
      // another host, whose deploy started earlier): the target looks at the folders itself
      const readBefore = listSiteTree(dirs);
      write(path.join(dirs.uploadsDir, 'news', 'b.webp'), 'bild-b');
      await target.deploy(readBefore);
      expect(runs()).toBe(8);
      expect(fs.readFileSync(path.join(www, 'uploads', 'news', 'b.webp'), 'utf8')).toBe('bild-b');

      // a file removed there by hand comes back with the pages' pass
      fs.rmSync(path.join(www, '_astro', 'app.js'));
      await target.deploy(listSiteTree(dirs));
      expect(runs()).toBe(10);
      expect(fs.readFileSync(path.join(www, '_astro', 'app.js'), 'utf8')).toBe('console.log(1)');

      // 'Erneut übertragen' (the host may have been changed by hand) and `npm run deploy` check everything
      target.forget();
      await target.deploy(listSiteTree(dirs));
      expect(runs()).toBe(13);
      await target.deploy(listSiteTree(dirs), { full: true });
      expect(runs()).toBe(16);
      // without a folder for its record, a restarted server does not know what went: all three
      await new RsyncTarget(www, dirs).deploy(listSiteTree(dirs));
      expect(runs()).toBe(19);
    } finally {
      restorePath();
    }
  });

  it('keeps what the first pass sent in its state folder: after a restart a save goes with two rsyncs; a new upload, or a forget, brings the third back', async () => {
    const { dirs, write, runs, www, restorePath } = folderCase();
    const stateDir = path.join(root, 'deploy');
    const record = path.join(stateDir, `${new RsyncTarget(www, dirs).id}.assets-sent`);
    try {
      await new RsyncTarget(www, dirs, null, stateDir).deploy(listSiteTree(dirs));
      expect(runs()).toBe(3);
      // the destination, then the fingerprint of what was sent
      const [sentTo, sent] = fs.readFileSync(record, 'utf8').split('\n');
      expect(sentTo).toBe(www);
      expect(sent).toMatch(/^[0-9a-f]{64}$/);
      // another folder whose record has the same name (`www/` against `www-`): its first deploy sends the assets
      const other = `${www}-`;
      expect(new RsyncTarget(other, dirs).id).toBe(new RsyncTarget(`${www}/`, dirs).id);
      await new RsyncTarget(`${www}/`, dirs, null, stateDir).deploy(listSiteTree(dirs));
      await new RsyncTarget(other, dirs, null, stateDir).deploy(listSiteTree(dirs));
      expect(fs.readFileSync(path.join(other, 'uploads', 'news', 'a.webp'), 'utf8')).toBe('bild-a');
      expect(runs()).toBe(9);

      // the server restarted, then a save
      write(path.join(dirs.siteDir, 'index.html'), '<h1>Neu</h1>');
      expect(await new RsyncTarget(www, dirs, null, stateDir).deploy(listSiteTree(dirs))).toEqual({ delivered: 1, removed: 0 });
      expect(runs()).toBe(11);

      // an upload written while it was down goes first again
      write(path.join(dirs.uploadsDir, 'news', 'c.webp'), 'bild-c');
      await new RsyncTarget(www, dirs, null, stateDir).deploy(listSiteTree(dirs));
      expect(runs()).toBe(14);
      expect(fs.readFileSync(path.join(www, 'uploads', 'news', 'c.webp'), 'utf8')).toBe('bild-c');

      // 'Erneut übertragen' forgets it for the next start too
      new RsyncTarget(www, dirs, null, stateDir).forget();
      expect(fs.existsSync(record)).toBe(false);
      await new RsyncTarget(www, dirs, null, stateDir).deploy(listSiteTree(dirs));
      expect(runs()).toBe(17);
    } finally {
      restorePath();
    }
  });
});
