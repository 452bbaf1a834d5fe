import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { expect, test } from '@playwright/test';
import { makeNews } from '../../fixtures/factories';
import { plainJpeg } from '../../fixtures/images';
import { startSite, type Site } from '../../fixtures/site';
import { startS3Host, type S3Host } from '../../fixtures/static-hosts';
import { printFigures } from '../../faults/figures';

// `npm run deploy` (issue 12, docs/decisions/022): the full sync a host runs for
// a first deploy or after a static host was changed by hand. Here against a real
// S3 API server and a local folder (rsync): once into hosts that hold old,
// stray and wrong files, and again after objects and files were removed,
// altered and added by hand. Each time the hosts hold exactly the published
// site, byte for byte; what the site does not have is gone (a dotfile such as
// .htaccess in the folder stays).
let site: Site;
let s3: S3Host;
let work: string;
let folder: string;
let bucket: S3Client;
test.beforeAll(async () => {
  s3 = await startS3Host();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-deploy-cli-'));
  folder = path.join(work, 'www');
  fs.mkdirSync(folder);
  // an upload, as the admin's image field leaves it
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(path.join(dataDir, 'uploads', 'news'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads', 'news', 'derby.jpg'), await plainJpeg(640, 480));
  // a server without deploy targets publishes the site into DATA_DIR; `npm run deploy` sends it
  site = await startSite({ dataDir, seed: (db) => void makeNews(db, { title: 'Derbysieg', image_url: '/uploads/news/derby.jpg' }) });
  await expect.poll(() => fs.existsSync(path.join(dataDir, 'site', 'cache-version.json')), { timeout: 20_000 }).toBe(true);
  bucket = new S3Client({
    region: 'us-east-1',
    endpoint: s3.url,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
});
test.afterAll(async () => {
  await site?.stop();
  bucket?.destroy();
  await s3?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** `npm run deploy`, as a host runs it, with the two targets; `seen` gets its output so far as it comes. */
function npmRunDeploy(seen?: (out: string) => void): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: site.dataDir, DEPLOY_S3_URL: s3.deployUrl, DEPLOY_RSYNC_TARGET: folder, NODE_ENV: 'production' };
    for (const name of ['DEPLOY_PURGE_URL', 'DEPLOY_RSYNC_RSH']) delete env[name];
    const child = spawn('npm', ['run', '--silent', 'deploy'], { env });
    let out = '';
    const add = (d: Buffer) => {
      out += d;
      seen?.(out);
    };
    child.stdout.on('data', add);
    child.stderr.on('data', add);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** Every file below `root` by its path from there, without dotfiles and temp files. */
function filesBelow(root: string, prefix = ''): Map<string, string> {
  const files = new Map<string, string>();
  if (!fs.existsSync(root)) return files;
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name.endsWith('.tmp')) continue;
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, abs] of filesBelow(path.join(root, entry.name), key)) files.set(k, abs);
    else if (entry.isFile()) files.set(key, path.join(root, entry.name));
  }
  return files;
}

/** The site as a static host serves it: the build's files, the published pages, the uploads under uploads/. */
function publishedSite(): Map<string, string> {
  return new Map([...filesBelow(path.join('dist', 'client')), ...filesBelow(path.join(site.dataDir, 'uploads'), 'uploads'), ...filesBelow(path.join(site.dataDir, 'site'))]);
}

async function expectHostsHoldTheSite(): Promise<number> {
  const published = publishedSite();
  // the bucket: each file once (text as its gzip copy with Content-Encoding), nothing else
  const objects = [...published.keys()].filter((key) => !/\.(br|gz)$/.test(key)).sort();
  expect(await s3.keys()).toEqual(objects);
  for (const key of objects) {
    const object = await s3.get(key);
    expect(object?.body.equals(fs.readFileSync(published.get(key)!)), `bucket: ${key}`).toBe(true);
  }
  // the folder: every file with its precompressed copies, nothing else
  const inFolder = filesBelow(folder);
  expect([...inFolder.keys()].sort()).toEqual([...published.keys()].sort());
  for (const [key, abs] of published) expect(fs.readFileSync(inFolder.get(key)!).equals(fs.readFileSync(abs)), `folder: ${key}`).toBe(true);
  return objects.length;
}

const put = (key: string, body: string) => bucket.send(new PutObjectCommand({ Bucket: 'verein', Key: `www/${key}`, Body: body, ContentType: 'text/html' }));
const writeInFolder = (key: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(folder, key)), { recursive: true });
  fs.writeFileSync(path.join(folder, key), text);
};

test('npm run deploy brings hosts with old and hand-changed files to exactly the published site', async () => {
  // hosts that held an older site: a page since removed, a wrong start page, the host's own .htaccess
  await put('news/alter-bericht/index.html', '<h1>Alter Bericht</h1>');
  await put('index.html', '<h1>Alte Startseite</h1>');
  writeInFolder('news/alter-bericht/index.html', '<h1>Alter Bericht</h1>');
  writeInFolder('index.html', '<h1>Alte Startseite</h1>');
  writeInFolder('.htaccess', 'Options -Indexes\n');

  const first = await npmRunDeploy();
  expect(first.code, first.out).toBe(0);
  expect(first.out).toContain('[deploy] vollständige Übertragung auf S3 verein/www, rsync ');
  expect(first.out).toMatch(/\[deploy\] fertig: \d+ Dateien übertragen, [1-9]\d* entfernt/);
  const objects = await expectHostsHoldTheSite();
  expect(objects).toBeGreaterThan(20);
  expect(await s3.keys()).toEqual(expect.arrayContaining(['uploads/news/derby.jpg', 'index.html', 'cache-version.json']));

  // by hand on the hosts: a page deleted, one altered, the photo replaced, stray files added
  const news = [...publishedSite().keys()].find((key) => /^news\/[0-9a-f-]{36}\/index\.html$/.test(key))!;
  await bucket.send(new DeleteObjectCommand({ Bucket: 'verein', Key: `www/${news}` }));
  await put('index.html', '<h1>Von Hand geändert</h1>');
  await put('uploads/news/derby.jpg', 'kein Bild');
  await put('probe/test.html', '<p>Test</p>');
  fs.rmSync(path.join(folder, news));
  writeInFolder('index.html', '<h1>Von Hand geändert</h1>');
  writeInFolder('uploads/news/derby.jpg', 'kein Bild');
  writeInFolder('probe/test.html', '<p>Test</p>');

  const again = await npmRunDeploy();
  expect(again.code, again.out).toBe(0);
  await expectHostsHoldTheSite();
  expect(fs.readFileSync(path.join(folder, '.htaccess'), 'utf8')).toBe('Options -Indexes\n');
  expect(fs.existsSync(path.join(folder, 'probe'))).toBe(false);
  printFigures('deploy: npm run deploy', { objects, firstRun: first.out.match(/fertig: .*/)?.[0] ?? '', afterHandEdits: again.out.match(/fertig: .*/)?.[0] ?? '' });
});

test('npm run deploy with a host that is down says why in German and fails', async () => {
  await s3.down();
  try {
    const run = await npmRunDeploy();
    expect(run.code).toBe(1);
    expect(run.out).toContain('[deploy] fehlgeschlagen: Ziel nicht erreichbar');
  } finally {
    await s3.up();
  }
});

test('npm run deploy while another process deploys to the bucket waits for it, then delivers the site as it is then', async () => {
  // the other process (the server's deploy after a publish) holds the bucket's lock until the command waits
  const record = fs.readdirSync(path.join(site.dataDir, 'deploy')).find((name) => /^s3-.*\.json$/.test(name))!;
  const other = spawn('sleep', ['120']);
  fs.writeFileSync(path.join(site.dataDir, 'deploy', `${record}.lock`), `${other.pid}\n`);
  const waiting = `[deploy] eine andere Übertragung auf dieses Ziel läuft gerade (Prozess ${other.pid}): warte bis zu 2 Minuten…`;
  let toldWaiting = false;
  const running = npmRunDeploy((out) => {
    if (toldWaiting || !out.includes(waiting)) return;
    toldWaiting = true;
    // meanwhile a page is published (the server's job while its deploy held the bucket: its page, then the
    // version file): the command sends the site as it is when it gets the bucket, not as it was when it began to wait
    fs.mkdirSync(path.join(site.dataDir, 'site', 'waehrenddessen'), { recursive: true });
    fs.writeFileSync(path.join(site.dataDir, 'site', 'waehrenddessen', 'index.html'), '<!DOCTYPE html><html lang="de"><title>Während des Wartens</title></html>\n');
    const versionFile = path.join(site.dataDir, 'site', 'cache-version.json');
    const version = JSON.parse(fs.readFileSync(versionFile, 'utf8')) as { version: number };
    fs.writeFileSync(versionFile, JSON.stringify({ ...version, version: version.version + 1 }));
    // it waits: the other process ends (killed, its lock left behind, stale)
    other.kill();
  });
  const run = await running;
  other.kill();
  expect(toldWaiting, run.out).toBe(true);
  expect(run.code, run.out).toBe(0);
  expect(run.out).toMatch(/\[deploy\] fertig: \d+ Dateien übertragen/);
  await expectHostsHoldTheSite();
  expect(await s3.keys()).toContain('waehrenddessen/index.html');
  // its own lock given back, the stale one gone with it
  expect(fs.readdirSync(path.join(site.dataDir, 'deploy')).filter((name) => name.endsWith('.lock'))).toEqual([]);
});
