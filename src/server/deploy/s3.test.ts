// The S3 target against a bucket that refuses to delete some objects (it answers 200 and names them,
// as S3 does for a batch delete), its address parsing, and the parallel puts after a failure.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { S3Target, parseS3Url } from './s3';
import { inParallel } from './target';
import { listSiteTree, type LocalFile, type SiteDirs } from './tree';

let root: string;
let dirs: SiteDirs;
let server: http.Server;
let endpoint: string;
/** the keys of each batch delete the bucket received */
let deletes: string[][];

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-s3-'));
  dirs = { clientDir: path.join(root, 'client'), siteDir: path.join(root, 'site'), uploadsDir: path.join(root, 'uploads') };
  for (const page of ['index.html', 'news/a/index.html']) {
    fs.mkdirSync(path.dirname(path.join(dirs.siteDir, page)), { recursive: true });
    fs.writeFileSync(path.join(dirs.siteDir, page), `<h1>${page}</h1>`);
  }
  deletes = [];
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url?.includes('delete')) {
        const keys = [...body.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]);
        deletes.push(keys);
        // the bucket's policy forbids deleting: 200, with each key in an <Error>
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><DeleteResult>${keys.map((k) => `<Error><Key>${k}</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`).join('')}</DeleteResult>`);
        return;
      }
      res.writeHead(200, { etag: '"x"' });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

describe('S3 target', () => {
  it('a batch delete the bucket refused fails the deploy and is tried again by the next one, never forgotten', async () => {
    const target = new S3Target(parseS3Url(`s3://schluessel:geheim@verein?endpoint=${encodeURIComponent(endpoint)}`), path.join(root, 'deploy'));
    await target.deploy(listSiteTree(dirs));
    // the article is taken off: its page goes
    fs.rmSync(path.join(dirs.siteDir, 'news'), { recursive: true });
    await expect(target.deploy(listSiteTree(dirs))).rejects.toThrow(/1 Dateien nicht gelöscht \(AccessDenied: news\/a\/index.html\)/);
    await expect(target.deploy(listSiteTree(dirs))).rejects.toThrow(/nicht gelöscht/);
    expect(deletes).toEqual([['news/a/index.html'], ['news/a/index.html']]);
  });

  it('a stop ends the puts under way: refused as stopped, what arrived recorded, the rest goes next time', async () => {
    // a bucket that takes the index page and holds the article's put for ever (a host that hangs)
    const held: http.ServerResponse[] = [];
    server.removeAllListeners('request');
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      req.resume();
      req.on('end', () => {
        if (req.url?.includes('news')) return void held.push(res);
        res.writeHead(200, { etag: '"x"' });
        res.end();
      });
    });
    const target = new S3Target(parseS3Url(`s3://schluessel:geheim@verein?endpoint=${encodeURIComponent(endpoint)}`), path.join(root, 'deploy'));
    // which puts the client has seen through (the bucket's answer read): under a busy CI a stop that came a
    // fixed time after the bucket answered still came first, and the index page went again next time
    const arrived: string[] = [];
    const withPut = target as unknown as { put: (file: LocalFile, signal?: AbortSignal) => Promise<void> };
    const put = withPut.put.bind(target);
    vi.spyOn(withPut, 'put').mockImplementation(async (file, signal) => {
      await put(file, signal);
      arrived.push(file.key);
    });
    const halt = new AbortController();
    const deploy = target.deploy(listSiteTree(dirs), { signal: halt.signal });
    // the article's put is held and the index page's has arrived: then the stop comes
    for (const end = Date.now() + 10_000; (held.length === 0 || !arrived.includes('index.html')) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
    expect(held).toHaveLength(1);
    expect(arrived).toContain('index.html');
    const stopped = Date.now();
    halt.abort();
    await expect(deploy).rejects.toThrow('abgebrochen, der Server wurde beendet');
    expect(Date.now() - stopped).toBeLessThan(1_000);
    // the next run puts only what did not arrive
    server.removeAllListeners('request');
    const puts: string[] = [];
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      puts.push(`${req.method} ${req.url?.split('?')[0]}`);
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { etag: '"x"' });
        res.end();
      });
    });
    await target.deploy(listSiteTree(dirs));
    expect(puts).toEqual(['PUT /verein/news/a/index.html']);
    for (const res of held) res.destroy();
  });

  it('killed while a new page was put: the next start knows the page is there, and deletes it once the site dropped it', async () => {
    // a bucket that holds the article's put (the process is killed while it is under way) and deletes what it is asked to
    const held: http.ServerResponse[] = [];
    server.removeAllListeners('request');
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (req.method === 'POST' && req.url?.includes('delete')) {
          deletes.push([...body.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]));
          res.writeHead(200, { 'content-type': 'application/xml' });
          return void res.end('<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
        }
        if (req.url?.includes('news')) return void held.push(res);
        res.writeHead(200, { etag: '"x"' });
        res.end();
      });
    });
    const address = parseS3Url(`s3://schluessel:geheim@verein?endpoint=${encodeURIComponent(endpoint)}`);
    const halt = new AbortController();
    const killed = new S3Target(address, path.join(root, 'deploy')).deploy(listSiteTree(dirs), { signal: halt.signal });
    for (const end = Date.now() + 5_000; held.length === 0 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
    expect(held).toHaveLength(1);
    // the next start reads the record as the killed process left it, and its lock (target-lock.ts), whose
    // process is gone; the article was taken off meanwhile
    const restarted = new S3Target(address, path.join(root, 'deploy'));
    fs.writeFileSync(path.join(root, 'deploy', `${restarted.id}.json.lock`), '2147483646\n');
    fs.rmSync(path.join(dirs.siteDir, 'news'), { recursive: true });
    await restarted.deploy(listSiteTree(dirs));
    expect(deletes).toEqual([['news/a/index.html']]);
    halt.abort();
    await expect(killed).rejects.toThrow();
    for (const res of held) res.destroy();
  });

  it("a bucket whose record has the same name as another's (punctuation aside) is not taken as delivered", async () => {
    const deployDir = path.join(root, 'deploy');
    const at = (where: string) => new S3Target(parseS3Url(`s3://schluessel:geheim@${where}?endpoint=${encodeURIComponent(endpoint)}`), deployDir);
    const prefixed = at('verein/www');
    const ownBucket = at('verein-www');
    // one record's name for both
    expect(ownBucket.id).toBe(prefixed.id);
    const tree = listSiteTree(dirs);
    expect((await prefixed.deploy(tree)).delivered).toBe(2);
    // the club moves its site to a bucket of its own: it gets every file, not none
    expect((await ownBucket.deploy(tree)).delivered).toBe(2);
    expect((await ownBucket.deploy(tree)).delivered).toBe(0);
    // a record written before records named their destination is taken, and names it from then on
    const record = path.join(deployDir, `${ownBucket.id}.json`);
    const older = JSON.parse(fs.readFileSync(record, 'utf8')) as Record<string, string>;
    delete older['/destination'];
    fs.writeFileSync(record, JSON.stringify(older));
    expect((await at('verein-www').deploy(tree)).delivered).toBe(0);
    fs.writeFileSync(path.join(dirs.siteDir, 'index.html'), '<h1>neu</h1>');
    expect((await at('verein-www').deploy(listSiteTree(dirs))).delivered).toBe(1);
    expect(JSON.parse(fs.readFileSync(record, 'utf8'))['/destination']).toBe(`${endpoint} verein-www`);
  });

  it('an address that cannot be read is refused without the secret in the message', () => {
    expect(() => parseS3Url('s3://SCHLUESSEL:ab/cd+ef@verein')).toThrow(/keine gültige Adresse/);
    try {
      parseS3Url('s3://SCHLUESSEL:ab/cd+ef@verein');
    } catch (error) {
      expect(String(error)).not.toContain('cd+ef');
      expect(JSON.stringify(error)).not.toContain('cd+ef');
    }
    // written as the message says, it is read
    expect(parseS3Url('s3://SCHLUESSEL:ab%2Fcd+ef@verein').client.credentials).toEqual({ accessKeyId: 'SCHLUESSEL', secretAccessKey: 'ab/cd+ef' });
  });
});

describe('inParallel', () => {
  it('starts nothing after a failure, ends once what runs has ended, and throws the failure', async () => {
    const started: number[] = [];
    const items = Array.from({ length: 40 }, (_, i) => i);
    await expect(
      inParallel(items, 8, async (item) => {
        started.push(item);
        // the host refuses the fourth file at once; the others take their time
        if (item === 3) throw new Error('Ziel nicht erreichbar');
        await new Promise((r) => setTimeout(r, 20));
      }),
    ).rejects.toThrow('Ziel nicht erreichbar');
    // the eight under way when item 3 failed, and none after (nor later: the call waited for them)
    await new Promise((r) => setTimeout(r, 100));
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
