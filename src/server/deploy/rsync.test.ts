// The rsync target's remote shell: ssh never asks and never hangs on a host that does not answer;
// and a stop ends an rsync under way with its remote shell (a real rsync, a shell that never answers).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEPLOY_TEXTS as T } from '../../lib/deploy-texts';
import { Deployer } from './deployer';
import { RsyncTarget, remoteShell } from './rsync';

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
