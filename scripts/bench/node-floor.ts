// Node's floor for serving (docs/decisions/038, update of 2026-11-28): a bare node:http cluster
// with as many workers as our server has static workers, which answers every request with one
// page's bytes and headers held in memory. No path is read, no file looked up, no cache asked.
// No Node server can do less per request, so what it reaches is the most any Node server reaches
// on this machine. Measured in the same pass as ours and nginx, it shows how much of the gap to
// nginx is our code and how much is Node's HTTP stack.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { stopChild } from './stop-child';

/** The server, plain JavaScript: written into the work folder and run with node (the harness is a bundle). */
const SERVER_SCRIPT = `import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
const [answerFile, port, workers] = process.argv.slice(2);
if (cluster.isPrimary) {
  // as our server's workers accept (src/server/cluster.ts): each from the one listening socket
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  for (let i = 0; i < Number(workers); i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    process.exit(0);
  });
} else {
  const answer = JSON.parse(fs.readFileSync(answerFile, 'utf8'));
  const body = Buffer.from(answer.body, 'base64');
  http
    .createServer((req, res) => {
      res.writeHead(200, answer.headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    })
    .listen(Number(port), '127.0.0.1');
}
`;

export type RawAnswer = { headers: Record<string, string>; body: Buffer };

/** Headers node:http sets itself on every answer: not copied. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** A URL's answer as a browser asking for brotli gets it: the bytes as sent (not decompressed) and the headers. */
export function rawAnswer(url: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined || CONNECTION_HEADERS.has(name)) continue;
          headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
  });
}

export type NodeFloor = { url: string; workers: number; child: ChildProcess; stop: () => Promise<void> };

/** Starts the floor server on the port, answering every path with `answer`; resolves once it answers. */
export async function startNodeFloor(o: { dir: string; port: number; workers: number; answer: RawAnswer }): Promise<NodeFloor> {
  fs.mkdirSync(o.dir, { recursive: true });
  const script = path.join(o.dir, 'node-floor.mjs');
  const answerFile = path.join(o.dir, 'node-floor-answer.json');
  fs.writeFileSync(script, SERVER_SCRIPT);
  fs.writeFileSync(answerFile, JSON.stringify({ headers: o.answer.headers, body: o.answer.body.toString('base64') }));
  const child = spawn(process.execPath, [script, answerFile, String(o.port), String(o.workers)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${o.port}`;
  const stop = () => stopChild(child, 'SIGTERM', 3000);
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`the node:http floor server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/`)).ok) return { url, workers: o.workers, child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`the node:http floor server did not start: ${stderr}`);
}
