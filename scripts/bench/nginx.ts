// nginx for the side-by-side comparison: the Debian package, started by the
// benchmark as a child on a loopback port with the repo's own config
// (deploy/nginx.conf.template via scripts/nginx-config.ts), serving the same
// published folder as our Node server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { hasBrotliModule, renderNginxConfig } from '../nginx-config';
import { stopChild } from './stop-child';

function has(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).error === undefined;
}

/**
 * Installs what the benchmark needs from Debian when it is missing (nginx, its
 * brotli_static module, wrk, stress-ng for the loaded serving run). Needs root;
 * returns what is still missing.
 */
export function ensureTools(log: (line: string) => void): { missing: string[] } {
  const wanted: string[] = [];
  if (!has('nginx', ['-v'])) wanted.push('nginx');
  if (!hasBrotliModule()) wanted.push('libnginx-mod-http-brotli-static');
  if (!has('wrk', ['--version'])) wanted.push('wrk');
  if (!has('stress-ng', ['--version'])) wanted.push('stress-ng');
  if (wanted.length > 0 && process.getuid?.() === 0 && has('apt-get', ['--version'])) {
    log(`[bench] apt-get install ${wanted.join(' ')} …`);
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
    spawnSync('apt-get', ['install', '-y', '-qq', ...wanted], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  const missing: string[] = [];
  if (!has('nginx', ['-v'])) missing.push('nginx');
  if (!hasBrotliModule()) missing.push('libnginx-mod-http-brotli-static');
  if (!has('wrk', ['--version'])) missing.push('wrk');
  if (!has('stress-ng', ['--version'])) missing.push('stress-ng');
  return { missing };
}

export type RunningNginx = { url: string; process: ChildProcess; stop: () => Promise<void>; version: string };

export async function startNginx(o: {
  port: number;
  upstreamPort: number;
  siteDir: string;
  clientDir: string;
  uploadsDir: string;
  runDir: string;
}): Promise<RunningNginx> {
  fs.mkdirSync(o.runDir, { recursive: true });
  const conf = path.join(o.runDir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    renderNginxConfig({
      listen: `127.0.0.1:${o.port}`,
      upstream: `127.0.0.1:${o.upstreamPort}`,
      siteDir: o.siteDir,
      clientDir: o.clientDir,
      uploadsDir: o.uploadsDir,
      runDir: o.runDir,
      // the config as shipped: one worker per core
      workers: 'auto',
      user: process.getuid?.() === 0 ? 'root' : undefined,
    }),
  );
  const version = (spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr ?? '').trim().replace(/^nginx version: /, '');
  const child = spawn('nginx', ['-c', conf, '-p', o.runDir, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${o.port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      await fetch(`${url}/robots.txt`);
      return {
        url,
        process: child,
        version,
        // SIGQUIT: nginx's graceful stop
        stop: () => stopChild(child, 'SIGQUIT', 3000),
      };
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not start: ${stderr}`);
}
