// Watching the writes of a deploy as the static hosts receive them (issue 12:
// "checked by the order of writes"): a recording proxy in front of the S3
// server that logs each PUT and each deleted key when it reaches the server
// and when the server answered it, and a stand-in for ssh that runs the
// receiving rsync on this machine with its own log of every file it wrote or
// deleted. `expectDeployOrder` checks each deploy: build assets and uploads
// before pages, pages before deletions, cache-version.json last.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect } from '@playwright/test';

/** One write on a host: `start`/`end` are positions on one counter, `end` null while unanswered or when it failed. */
export type ObservedWrite = {
  op: 'put' | 'delete';
  key: string;
  start: number;
  end: number | null;
  /** when the host's answer to it ended (ms, this machine's clock); null while unanswered, when it failed, or not known (rsync's log) */
  answeredAt?: number | null;
};

export const VERSION_KEY = 'cache-version.json';

export type RecordingProxy = {
  /** the endpoint for DEPLOY_S3_URL */
  url: string;
  /** the writes that reached the S3 server, in arrival order */
  writes: ObservedWrite[];
  /** requests wait here until `release()` (a slow host) */
  hold: () => void;
  release: () => void;
  close: () => Promise<void>;
};

/** A proxy in front of an S3 server: passes every request on unchanged (the signature stays valid) and logs the writes under `bucket/prefix`. */
export async function startRecordingProxy(upstream: string, bucket: string, prefix: string): Promise<RecordingProxy> {
  const target = new URL(upstream);
  const writes: ObservedWrite[] = [];
  let counter = 0;
  let waiting: (() => void)[] | null = null;
  const keyOf = (objectKey: string) => objectKey.slice(prefix.length + 1);

  const forward = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const mine: ObservedWrite[] = [];
    if (req.method === 'PUT' && url.pathname.startsWith(`/${bucket}/${prefix}/`)) {
      mine.push({ op: 'put', key: keyOf(decodeURIComponent(url.pathname.slice(bucket.length + 2))), start: 0, end: null });
    } else if (req.method === 'POST' && url.searchParams.has('delete')) {
      for (const [, key] of body.toString('utf8').matchAll(/<Key>([^<]+)<\/Key>/g)) mine.push({ op: 'delete', key: keyOf(key), start: 0, end: null });
    }
    for (const write of mine) write.start = ++counter;
    writes.push(...mine);
    // the SDK's 'Expect: 100-continue' is not signed; the body is here already
    const headers = { ...req.headers };
    delete headers.expect;
    const outgoing = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('end', () => {
        const end = ++counter;
        if ((answer.statusCode ?? 500) < 300) for (const write of mine) Object.assign(write, { end, answeredAt: Date.now() });
      });
    });
    // the S3 server is down: the client sees its connection drop, as it would without the proxy
    outgoing.on('error', () => res.destroy());
    outgoing.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const go = () => forward(req, Buffer.concat(chunks), res);
      if (waiting) waiting.push(go);
      else go();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    writes,
    hold: () => void (waiting ??= []),
    release: () => {
      const queued = waiting ?? [];
      waiting = null;
      for (const go of queued) go();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type RsyncShell = {
  /** DEPLOY_RSYNC_RSH */
  rsh: string;
  /** the receiving rsync's writes, in the order it logged them */
  writes: () => ObservedWrite[];
};

/**
 * A stand-in for ssh (DEPLOY_RSYNC_RSH): it runs the command rsync asks the
 * "remote" host for here, adding a log file to the receiving rsync, which then
 * records every file it wrote ('recv') and deleted ('del.') in that order.
 */
export function rsyncShell(dir: string): RsyncShell {
  const log = path.join(dir, 'receiver.log');
  const rsh = path.join(dir, 'ssh');
  fs.writeFileSync(
    rsh,
    [
      '#!/bin/sh',
      '# ssh [-l user] host rsync --server ARGS…: run the remote part here',
      'while [ "$#" -gt 0 ] && [ "$1" != rsync ]; do shift; done',
      'shift 2',
      `exec rsync --server '--log-file=${log}' '--log-file-format=%o %n' "$@"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  return {
    rsh,
    writes: () => {
      if (!fs.existsSync(log)) return [];
      const writes: ObservedWrite[] = [];
      for (const line of fs.readFileSync(log, 'utf8').split('\n')) {
        const match = /\] (recv|del\.) (.+)$/.exec(line);
        // directories ('news/alt/') are not files of the site
        if (!match || match[2].endsWith('/')) continue;
        const at = writes.length + 1;
        writes.push({ op: match[1] === 'recv' ? 'put' : 'delete', key: match[2], start: at, end: at });
      }
      return writes;
    },
  };
}

export type DeployWrites = { assets: ObservedWrite[]; pages: ObservedWrite[]; deletions: ObservedWrite[]; version: ObservedWrite };

const show = (writes: ObservedWrite[]) => writes.map((w) => `${w.op} ${w.key} [${w.start}–${w.end}]`);

/**
 * Splits the answered writes into deploys (each ends with its version file) and
 * checks each: every asset or upload answered before the first page arrived,
 * every page answered before the first deletion, and everything answered before
 * the version file arrived. `isAsset` tells the build's files and the uploads from
 * the published pages.
 */
export function expectDeployOrder(all: ObservedWrite[], isAsset: (key: string) => boolean, where: string): DeployWrites[] {
  const answered = all.filter((w) => w.end !== null);
  const deploys: DeployWrites[] = [];
  let current: ObservedWrite[] = [];
  for (const write of answered) {
    if (write.op === 'put' && write.key === VERSION_KEY) {
      const others = current;
      current = [];
      const group = {
        assets: others.filter((w) => w.op === 'put' && isAsset(w.key)),
        pages: others.filter((w) => w.op === 'put' && !isAsset(w.key)),
        deletions: others.filter((w) => w.op === 'delete'),
        version: write,
      };
      const lastEnd = (writes: ObservedWrite[]) => Math.max(...writes.map((w) => w.end!));
      const firstStart = (writes: ObservedWrite[]) => Math.min(...writes.map((w) => w.start));
      const context = `${where}, deploy ${deploys.length + 1}:\n${show([...others, write]).join('\n')}`;
      if (group.assets.length && group.pages.length) expect(lastEnd(group.assets), `${context}\nassets and uploads before pages`).toBeLessThan(firstStart(group.pages));
      const beforeDeletions = [...group.assets, ...group.pages];
      if (beforeDeletions.length && group.deletions.length) expect(lastEnd(beforeDeletions), `${context}\nnew files before deletions`).toBeLessThan(firstStart(group.deletions));
      if (others.length) expect(lastEnd(others), `${context}\nthe version file last`).toBeLessThan(write.start);
      deploys.push(group);
    } else {
      current.push(write);
    }
  }
  // nothing after the last version file: a deploy that wrote files always ends with it
  expect(show(current), `${where}: writes after the last version file`).toEqual([]);
  return deploys;
}
