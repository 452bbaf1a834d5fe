// The import against a real PostgreSQL holding the old backend's tables, run as
// a host runs it (`npm run import`, twice), with the images served over HTTP.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildIfNeeded } from '../../../scripts/build-if-needed.mjs';
import { OLD, XSS, oldClub, writeBucket } from '../../../tests/fixtures/old-club';
import { OLD_SCHEMA, fillOldTables, startPostgres, type Postgres } from '../../../tests/fixtures/postgres';
import { openDatabase } from '../db/client';
import { LOCK_FILE } from '../data-lock';
import { IMPORT_TEXTS } from './texts';

let postgres: Postgres;
let storage: http.Server;
let storageUrl: string;
let dir: string;
let requests = 0;
beforeAll(async () => {
  buildIfNeeded({ quiet: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-pg-import-'));
  await writeBucket(path.join(dir, 'bucket'));
  // the old storage: public URLs of the bucket 'club-images'
  storage = http.createServer((req, res) => {
    requests++;
    const name = decodeURIComponent((req.url ?? '').replace('/storage/v1/object/public/club-images/', ''));
    const file = path.join(dir, 'bucket', name);
    if (!file.startsWith(path.join(dir, 'bucket')) || !fs.existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
  storageUrl = `http://127.0.0.1:${(storage.address() as { port: number }).port}/storage/v1/object/public/club-images`;
  postgres = await startPostgres();
  await postgres.query(OLD_SCHEMA);
  await fillOldTables(postgres, oldClub());
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
  await new Promise((resolve) => storage?.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm run import` in a process of its own (this one keeps serving the old storage meanwhile). */
function npmRunImport(dataDir: string, ...args: string[]): Promise<{ code: number | null; out: string }> {
  return npmRunImportWith({}, dataDir, ...args);
}

function npmRunImportWith(env: Record<string, string>, dataDir: string, ...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', ...args], { env: { ...process.env, ...env, DATA_DIR: dataDir, NODE_ENV: 'production' } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** The content as a visitor sees it, without our own ids. */
function content(dataDir: string) {
  const db = openDatabase(path.join(dataDir, 'club.db'));
  const q = (sql: string) => db.$client.prepare(sql).all();
  const out = {
    teams: q('SELECT name, category, description, achievements FROM teams ORDER BY name'),
    players: q('SELECT p.name, p.position, p.jersey_number, t.name AS team FROM players p JOIN teams t ON t.id = p.team_id'),
    matches: q('SELECT home_team, away_team, match_date, match_time, home_score, away_score, status FROM matches ORDER BY match_date'),
    news: q('SELECT title, content, created_at FROM news'),
    pages: q('SELECT page_key, section_key, content FROM page_content ORDER BY page_key'),
    users: q('SELECT u.email, r.role FROM users u JOIN user_roles r ON r.user_id = u.id ORDER BY u.email'),
    gallery: q('SELECT title, description, display_order, is_active, created_at FROM gallery ORDER BY display_order'),
  };
  db.$client.close();
  return out;
}

/** The gallery's images as stored: their addresses and files. */
function galleryImages(dataDir: string) {
  const db = openDatabase(path.join(dataDir, 'club.db'));
  const urls = db.$client.prepare('SELECT image_url FROM gallery ORDER BY display_order').all() as { image_url: string }[];
  db.$client.close();
  return urls.map(({ image_url: url }) => ({ url, file: path.join(dataDir, 'uploads', url.replace(/^\/uploads\//, '')) }));
}

it('npm run import from PostgreSQL twice: everything comes over, the second run changes nothing, the site is published', async () => {
  const dataDir = path.join(dir, 'data-pg');
  const first = await npmRunImport(dataDir, '--from', postgres.url, '--storage-url', storageUrl);
  expect(first.code, first.out).toBe(0);
  expect(first.out).toContain('[import] 6 Bilder: 6 übernommen, 0 nicht gefunden');
  expect(first.out).toContain('[import] gallery: 2 neu, 0 geändert, 0 unverändert, 0 übersprungen');
  expect(first.out).toContain('[import] players: 1 neu, 0 geändert, 0 unverändert, 0 übersprungen');
  expect(first.out).toMatch(/\[import\] Website veröffentlicht: \d+ Seiten/);
  const imported = content(dataDir);
  expect(imported.matches).toEqual([
    expect.objectContaining({ match_date: '2026-11-01', match_time: '15:00', home_score: 1, away_score: 3, status: 'finished' }),
    expect.objectContaining({ match_date: '2026-12-05', match_time: '14:30', status: 'scheduled' }),
  ]);
  expect(JSON.parse(String((imported.teams[0] as { achievements: string }).achievements))).toEqual(['Meister 2019', 'Cupsieger 2021']);
  expect(imported.users).toEqual([{ email: 'obmann@sv-altdorf.at', role: 'superadmin' }, { email: 'schriftfuehrerin@sv-altdorf.at', role: 'admin' }]);
  expect(imported.gallery).toEqual([
    { title: null, description: null, display_order: 1, is_active: 0, created_at: '2025-09-15T18:30:00.000Z' },
    { title: `Aufstiegsfeier ${XSS}`, description: 'Die Mannschaft mit dem Pokal', display_order: 2, is_active: 1, created_at: '2025-09-14T18:30:00.000Z' },
  ]);
  // the gallery's photos, fetched from the old storage, are stored like uploads: re-encoded without metadata, with WebP copies
  const photos = galleryImages(dataDir);
  expect(photos.map((p) => p.url)).toEqual([expect.stringMatching(/^\/uploads\/galerie\/[0-9a-f]{32}\.png$/), expect.stringMatching(/^\/uploads\/galerie\/[0-9a-f]{32}\.jpg$/)]);
  for (const photo of photos) {
    expect((await sharp(photo.file).metadata()).exif, photo.url).toBeUndefined();
    expect((await sharp(photo.file.replace(/\.\w+$/, '-480.webp')).metadata()).format, photo.url).toBe('webp');
  }
  // the published page shows the imported article
  const article = fs.readdirSync(path.join(dataDir, 'site', 'news')).find((f) => fs.statSync(path.join(dataDir, 'site', 'news', f)).isDirectory())!;
  expect(fs.readFileSync(path.join(dataDir, 'site', 'news', article, 'index.html'), 'utf8')).toContain('Derbysieg in Kirchberg');

  const fetchedBefore = requests;
  const second = await npmRunImport(dataDir, '--from', postgres.url, '--storage-url', storageUrl);
  expect(second.code, second.out).toBe(0);
  for (const table of ['teams', 'players', 'news', 'matches', 'page_content']) expect(second.out).toMatch(new RegExp(`\\[import\\] ${table}: 0 neu, 0 geändert, \\d+ unverändert`));
  expect(requests).toBe(fetchedBefore);
  expect(content(dataDir)).toEqual(imported);
  // the second run found the photos it brought before: same files, nothing new in the uploads
  expect(galleryImages(dataDir)).toEqual(photos);

  // the same club as a JSON export imports to the same content
  const exportFile = path.join(dir, 'export.json');
  fs.writeFileSync(exportFile, JSON.stringify(oldClub()));
  const fromJson = path.join(dir, 'data-json');
  const json = await npmRunImport(fromJson, '--from', exportFile, '--storage-dir', path.join(dir, 'bucket'));
  expect(json.code, json.out).toBe(0);
  const viaJson = content(fromJson);
  // the export has its own random ids but the same rows: only the match times differ in form ('14:30:00' in both)
  expect(viaJson.teams).toEqual(imported.teams);
  expect(viaJson.players).toEqual(imported.players);
  expect(viaJson.pages).toEqual(imported.pages);
  expect(viaJson.users).toEqual(imported.users);
  expect(viaJson.gallery).toEqual(imported.gallery);
}, 240_000);

it('a row with a broken reference in PostgreSQL is reported and nothing is imported', async () => {
  await postgres.query('INSERT INTO players (id, team_id, name, position) VALUES ($1, $2, $3, $4)', [OLD.badPlayer, '11111111-1111-4111-8111-111111111111', 'Niemand', 'Torwart']);
  const dataDir = path.join(dir, 'data-broken');
  const run = await npmRunImport(dataDir, '--from', postgres.url, '--storage-url', storageUrl);
  expect(run.code).toBe(1);
  expect(run.out).toContain(`[import] abgebrochen, nichts übernommen: players ${OLD.badPlayer}: team_id verweist auf 11111111-1111-4111-8111-111111111111`);
  const db = openDatabase(path.join(dataDir, 'club.db'));
  for (const table of ['teams', 'players', 'news', 'users']) expect(db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get(), table).toEqual({ n: 0 });
  db.$client.close();
  await postgres.query('DELETE FROM players WHERE id = $1', [OLD.badPlayer]);
}, 120_000);

/**
 * The way to the old database, broken once the import has connected and asks for its tables: the connection
 * dropped ('drop') or the answers never coming ('silent').
 */
async function brokenWay(mode: 'drop' | 'silent'): Promise<{ url: string; close: () => Promise<void> }> {
  const upstreamPort = Number(new URL(postgres.url).port);
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let silent = false;
    client.on('data', (data) => {
      if (data.includes('information_schema')) {
        if (mode === 'drop') return void (client.destroy(), upstream.destroy());
        silent = true;
      }
      upstream.write(data);
    });
    upstream.on('data', (data) => void (silent || client.write(data)));
    client.on('error', () => undefined).on('close', () => upstream.destroy());
    upstream.on('error', () => undefined).on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = new URL(postgres.url);
  url.port = String((proxy.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    close: () => new Promise((resolve) => (sockets.forEach((s) => s.destroy()), proxy.close(() => resolve()))),
  };
}

it('a source that refuses, drops the connection, goes silent or speaks no SSL: a German reason, nothing imported, the data lock released', async () => {
  const dataDir = path.join(dir, 'data-unreachable');
  const closedPort = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
  const drop = await brokenWay('drop');
  const silent = await brokenWay('silent');
  const sources = [
    { from: `postgres://postgres@127.0.0.1:${closedPort}/postgres`, reason: IMPORT_TEXTS.refused },
    { from: drop.url, reason: IMPORT_TEXTS.connectionLost },
    { from: silent.url, reason: IMPORT_TEXTS.noAnswer(2) },
    { from: path.join(dir, 'gibt-es-nicht.json'), reason: IMPORT_TEXTS.notFound },
    // the address asks for SSL; this database (as one in the club's own network) speaks none
    { from: `${postgres.url}?sslmode=require`, reason: IMPORT_TEXTS.noSsl },
  ];
  let refused = 0;
  for (const source of sources) {
    const started = Date.now();
    const run = await npmRunImportWith({ IMPORT_TIMEOUT_SECONDS: '2' }, dataDir, '--from', source.from, '--storage-url', storageUrl);
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain(IMPORT_TEXTS.failed(IMPORT_TEXTS.sourceUnreadable(source.reason)));
    // no English stack trace, and the next command or the server may take the data
    expect(run.out).not.toMatch(/\n\s+at |Error:/);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(Date.now() - started).toBeLessThan(30_000);
    refused++;
  }
  await drop.close();
  await silent.close();
  const db = openDatabase(path.join(dataDir, 'club.db'));
  const stored = ['teams', 'players', 'news', 'users'].map((table) => (db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  db.$client.close();
  console.info(`[import] unreadable sources: ${sources.length} tried, ${refused} refused in German, ${stored.reduce((a, b) => a + b, 0)} rows stored`);
  expect(stored).toEqual([0, 0, 0, 0]);
}, 120_000);
