// `npm run deploy` beside the server, both deploying to one bucket: one at a time, and each starts from the
// record the other wrote (target-lock.ts, the record's whileHeld() in manifest.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { S3Target, parseS3Url } from './s3';
import { listSiteTree, type SiteDirs } from './tree';

let root: string;
let dirs: SiteDirs;
let server: http.Server;
let address: ReturnType<typeof parseS3Url>;
/** what the bucket was asked: 'PUT key', 'DELETE key' */
let asked: string[];

const addPage = (page: string) => {
  fs.mkdirSync(path.dirname(path.join(dirs.siteDir, page)), { recursive: true });
  fs.writeFileSync(path.join(dirs.siteDir, page), `<h1>${page}</h1>`);
};

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-target-lock-'));
  dirs = { clientDir: path.join(root, 'client'), siteDir: path.join(root, 'site'), uploadsDir: path.join(root, 'uploads') };
  for (const page of ['index.html', 'news/a/index.html']) addPage(page);
  asked = [];
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url?.includes('delete')) {
        for (const [, key] of body.matchAll(/<Key>([^<]+)<\/Key>/g)) asked.push(`DELETE ${key}`);
        res.writeHead(200, { 'content-type': 'application/xml' });
        return void res.end('<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
      }
      if (req.method === 'PUT') asked.push(`PUT ${decodeURIComponent(req.url!.split('?')[0]).replace(/^\/verein\//, '')}`);
      res.writeHead(200, { etag: '"x"' });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  address = parseS3Url(`s3://schluessel:geheim@verein?endpoint=${encodeURIComponent(endpoint)}`);
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

it('a deploy while another process deploys to the same bucket is refused in German, naming it, and sends nothing', async () => {
  const target = new S3Target(address, path.join(root, 'deploy'));
  // the other process: `npm run deploy`, running
  const other = spawn('sleep', ['30']);
  try {
    fs.mkdirSync(path.join(root, 'deploy'));
    fs.writeFileSync(path.join(root, 'deploy', `${target.id}.json.lock`), `${other.pid}\n`);
    await expect(target.deploy(listSiteTree(dirs))).rejects.toThrow(`eine andere Übertragung auf dieses Ziel läuft gerade (Prozess ${other.pid})`);
    expect(asked).toEqual([]);
  } finally {
    other.kill();
    await new Promise((resolve) => other.once('exit', resolve));
  }
  // its process ended (killed: its lock stays behind, stale): the next deploy goes, and gives the lock back
  expect(await target.deploy(listSiteTree(dirs))).toMatchObject({ delivered: 2 });
  expect(asked.sort()).toEqual(['PUT index.html', 'PUT news/a/index.html']);
  expect(fs.readdirSync(path.join(root, 'deploy'))).toEqual([`${target.id}.json`]);
});

it("the server's deploy starts from the record `npm run deploy` wrote: nothing sent twice, and a page only the other put is deleted once the site dropped it", async () => {
  // the server's target reads the record when it starts; the command's deploys meanwhile
  const serverTarget = new S3Target(address, path.join(root, 'deploy'));
  addPage('news/b/index.html');
  const command = new S3Target(address, path.join(root, 'deploy'));
  await command.deploy(listSiteTree(dirs));
  expect(asked.sort()).toEqual(['PUT index.html', 'PUT news/a/index.html', 'PUT news/b/index.html']);
  // the article is taken off before the server's next deploy
  fs.rmSync(path.join(dirs.siteDir, 'news', 'b'), { recursive: true });
  asked = [];
  await serverTarget.deploy(listSiteTree(dirs));
  expect(asked).toEqual(['DELETE news/b/index.html']);
  const record = JSON.parse(fs.readFileSync(path.join(root, 'deploy', `${serverTarget.id}.json`), 'utf8')) as Record<string, string>;
  // the keys delivered, beside the destination the record is for
  expect(Object.keys(record).sort()).toEqual(['/destination', 'index.html', 'news/a/index.html']);
});
