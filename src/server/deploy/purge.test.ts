// The CDN purge: changed and removed pages, and uploads deleted or replaced under their name (a CDN
// keeps an upload a year); a new upload is only recorded, since no CDN holds it yet.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { siteUrl } from '../config';
import { PurgeTarget } from './purge';
import { listSiteTree, type SiteDirs } from './tree';

let root: string;
let dirs: SiteDirs;
let server: http.Server;
let calls: string[][];

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  // a new signature even within the same millisecond
  const at = new Date(Date.now() + Math.floor(Math.random() * 1e6));
  fs.utimesSync(file, at, at);
}

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-purge-'));
  dirs = { clientDir: path.join(root, 'client'), siteDir: path.join(root, 'site'), uploadsDir: path.join(root, 'uploads') };
  write(path.join(dirs.clientDir, '_astro', 'app.1234.js'), 'console.log(1)');
  write(path.join(dirs.siteDir, 'index.html'), '<h1>Start</h1>');
  write(path.join(dirs.uploadsDir, 'spieler', 'huber.jpg'), 'JPEG');
  calls = [];
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => {
      calls.push((JSON.parse(body) as { urls: string[] }).urls);
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

it('purges a deleted or replaced upload, not a new one', async () => {
  const target = new PurgeTarget(`http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`, path.join(root, 'deploy'));
  const url = (p: string) => new URL(p, siteUrl()).href;
  // the first deploy: the page; the upload is recorded, not purged
  await target.deploy(listSiteTree(dirs));
  expect(calls.flat()).toEqual([url('/'), url('/index.html')]);

  // a new upload: nothing to purge; the same upload replaced under its name, and one deleted: both purged
  calls = [];
  write(path.join(dirs.uploadsDir, 'spieler', 'gruber.jpg'), 'JPEG');
  await target.deploy(listSiteTree(dirs));
  expect(calls).toEqual([]);
  write(path.join(dirs.uploadsDir, 'spieler', 'gruber.jpg'), 'JPEG, neu zugeschnitten');
  fs.rmSync(path.join(dirs.uploadsDir, 'spieler', 'huber.jpg'));
  await target.deploy(listSiteTree(dirs));
  expect(calls.flat().sort()).toEqual([url('/uploads/spieler/gruber.jpg'), url('/uploads/spieler/huber.jpg')]);
  // told once: the next deploy has nothing to purge
  calls = [];
  await target.deploy(listSiteTree(dirs));
  expect(calls).toEqual([]);
});

it("purges the build's files with fixed names an app update replaced, never the ones named by their content", async () => {
  const target = new PurgeTarget(`http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`, path.join(root, 'deploy'));
  const url = (p: string) => new URL(p, siteUrl()).href;
  write(path.join(dirs.clientDir, 'sw.js'), 'self.version = 1');
  write(path.join(dirs.clientDir, 'manifest.webmanifest'), '{"name":"SV"}');
  await target.deploy(listSiteTree(dirs));
  expect(calls.flat()).toEqual([url('/'), url('/index.html')]);

  // the app is updated: a new worker and new content-named assets; the manifest stays
  calls = [];
  write(path.join(dirs.clientDir, 'sw.js'), 'self.version = 2');
  fs.rmSync(path.join(dirs.clientDir, '_astro', 'app.1234.js'));
  write(path.join(dirs.clientDir, '_astro', 'app.5678.js'), 'console.log(2)');
  await target.deploy(listSiteTree(dirs));
  expect(calls.flat()).toEqual([url('/sw.js')]);
});

it('purges each address a CDN may keep a page under: a static host redirects /news/7 to /news/7/', async () => {
  const target = new PurgeTarget(`http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`, path.join(root, 'deploy'));
  const url = (p: string) => new URL(p, siteUrl()).href;
  write(path.join(dirs.siteDir, 'spieler', '5', 'index.html'), '<h1>Lukas Gruber</h1>');
  await target.deploy(listSiteTree(dirs));
  calls = [];
  // the player withdrew consent: the page goes, from every address the CDN may keep it under
  fs.rmSync(path.join(dirs.siteDir, 'spieler', '5'), { recursive: true });
  await target.deploy(listSiteTree(dirs));
  expect(calls.flat().sort()).toEqual([url('/spieler/5'), url('/spieler/5/'), url('/spieler/5/index.html')]);
});
