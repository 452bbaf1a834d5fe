// Our server as the benchmark runs it: a child started as in production
// (the compiled `scripts/serve.ts`, which publishes the whole site on start), on a loopback
// port behind which nginx proxies the dynamic paths.
import { spawn, type ChildProcess } from 'node:child_process';
import { ownerEntry } from '../build-if-needed.mjs';
import { stopChild } from './stop-child';


export type OurServer = { child: ChildProcess; stop: () => Promise<void>; startupLog: () => string };

export async function startOurServer(o: { root: string; dataDir: string; port: number; siteUrl: string }): Promise<OurServer> {
  const child = spawn(process.execPath, ['--max-semi-space-size=4', ownerEntry()], {
    cwd: o.root,
    // as behind nginx in production: loopback only, nginx's forwarded headers trusted; glibc's
    // arenas capped as `npm start` caps them (package.json)
    env: { MALLOC_ARENA_MAX: '2', ...process.env, DATA_DIR: o.dataDir, PORT: String(o.port), HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1,::1', SITE_URL: o.siteUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  // 'läuft auf' comes when its start-up publish is over: minutes for the big club on two cores
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`our server exited early:\n${output}`);
    if (output.includes('läuft auf')) {
      try {
        if ((await fetch(`http://127.0.0.1:${o.port}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`our server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    startupLog: () => output,
    stop: () => stopChild(child, 'SIGTERM', 5000),
  };
}
