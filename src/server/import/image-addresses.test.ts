// The old data's image addresses are the old data's writer's (decision 020, from a security review): without
// --storage-url the import fetches an address as it stands, so one into our own network, to this machine, or
// redirected elsewhere is refused before anything is asked of it; a path out of the bucket is not read, and a
// file under --storage-dir is looked at before it is read (no endless read of a pipe, no 3 GB file in memory).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { oldClub } from '../../../tests/fixtures/old-club';
import { useImportRun } from '../../../tests/fixtures/import-run';
import { runImport } from './command';

const run = useImportRun();
const { lines, log, rows, options } = run;

let server: http.Server;
let port = 0;
const asked: string[] = [];
beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1e40af' } }).jpeg().toBuffer();
  server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url?.startsWith('/weiter/')) return res.writeHead(302, { location: req.url.replace('/weiter/', '/storage/') }).end();
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  asked.length = 0;
  delete process.env.IMPORT_ALLOW_LOOPBACK;
});

const refusedLine = (url: string) => lines.find((line) => line.includes(`Bild nicht übernommen (${url})`));

it('an address into our own network or to this machine is not asked, however it is written; a redirect is not followed; the rows come without the image and say why', async () => {
  const club = oldClub();
  const stored = `/storage/v1/object/public/club-images`;
  const attacks = {
    teams: `http://localhost:${port}${stored}/teams/kampf.jpg`,
    players: `http://[::ffff:7f00:1]:${port}${stored}/players/lukas.png`,
    news: `http://127.0.0.1:${port}${stored}/news/derby.jpg`,
    sponsors: `http://169.254.169.254/latest/meta-data/club-images/sponsors/autohaus.png`,
  };
  club.teams[0].image_url = attacks.teams;
  club.players[0].image_url = attacks.players;
  club.news[0].image_url = attacks.news;
  club.sponsors[0].logo_url = attacks.sponsors;
  fs.writeFileSync(run.current().exportFile, JSON.stringify(club));
  expect((await runImport(run.current().db, options({ storageDir: undefined }), log)).ok).toBe(true);
  expect(asked).toEqual([]);
  for (const url of Object.values(attacks)) {
    expect(refusedLine(url), url).toContain('Die Adresse führt ins eigene Netz oder zu diesem Rechner; sie wird nicht abgerufen.');
  }
  expect(rows('SELECT image_url FROM news')).toEqual([{ image_url: null }]);
  const refusedFirst = Object.values(attacks).filter((url) => refusedLine(url)).length;

  // where loopback is allowed (the tests' own servers), a redirect is still not followed
  process.env.IMPORT_ALLOW_LOOPBACK = '1';
  club.players[0].image_url = 'players/lukas.png';
  const redirected = `http://127.0.0.1:${port}/weiter/v1/object/public/club-images/news/derby.jpg`;
  const direct = `http://127.0.0.1:${port}${stored}/teams/kampf.jpg`;
  // a user name and password in the address would be sent to its server
  const withPassword = `http://verein:geheim@127.0.0.1:${port}${stored}/sponsors/autohaus.png`;
  club.news[0].image_url = redirected;
  club.teams[0].image_url = direct;
  club.sponsors[0].logo_url = withPassword;
  fs.writeFileSync(run.current().exportFile, JSON.stringify(club));
  lines.length = 0;
  expect((await runImport(run.current().db, options({ storageDir: undefined }), log)).ok).toBe(true);
  expect(asked.sort()).toEqual([`${stored}/teams/kampf.jpg`, '/weiter/v1/object/public/club-images/news/derby.jpg']);
  expect(refusedLine(withPassword)).toContain('Adressen mit Benutzername oder Passwort werden nicht abgerufen.');
  expect(refusedLine(redirected)).toContain('Die Adresse leitet weiter; Weiterleitungen werden nicht verfolgt (den alten Speicher mit --storage-url angeben).');
  expect(rows('SELECT image_url FROM teams WHERE image_url IS NOT NULL')).toEqual([{ image_url: expect.stringMatching(/^\/uploads\/teams\//) }]);
  const refused = refusedFirst + (refusedLine(redirected) ? 1 : 0) + (refusedLine(withPassword) ? 1 : 0);
  // what reached a server: the allowed image and the redirect's first answer, nothing it pointed to
  const beyond = asked.filter((url) => url !== `${stored}/teams/kampf.jpg` && !url.startsWith('/weiter/')).length;
  console.info(`[import] image addresses: ${Object.keys(attacks).length + 2} tried, ${refused} refused, ${beyond} fetched beyond them`);
});

it("a path that climbs out of the bucket with '..' is not read, from the storage or from the folder", async () => {
  const club = oldClub();
  const climbing = 'https://altes-projekt.supabase.co/storage/v1/object/public/club-images/../privat/ausweis.jpg';
  const encoded = 'https://altes-projekt.supabase.co/storage/v1/object/public/club-images/%2e%2e/privat/ausweis.jpg';
  club.news[0].image_url = climbing;
  club.teams[0].image_url = encoded;
  fs.writeFileSync(run.current().exportFile, JSON.stringify(club));
  const storageUrl = `http://127.0.0.1:${port}/storage/v1/object/public`;
  expect((await runImport(run.current().db, options({ storageDir: undefined, storageUrl }), log)).ok).toBe(true);
  expect(asked.filter((url) => url.includes('privat'))).toEqual([]);
  for (const url of [climbing, encoded]) expect(refusedLine(url), url).toContain("Der Pfad verlässt den Ordner der Bilder ('..'); er wird nicht gelesen.");
});

it('a file under --storage-dir is looked at before it is read: a pipe is not waited on, a file over the limit is not read into memory, a link out of the folder is not followed', async () => {
  const bucket = path.join(run.current().dir, 'bucket');
  // the hidden photo's file is a pipe nobody writes to; the news picture a sparse file of 3 GB
  fs.rmSync(path.join(bucket, 'gallery/kantine.png'));
  execFileSync('mkfifo', [path.join(bucket, 'gallery/kantine.png')]);
  fs.rmSync(path.join(bucket, 'news/derby.jpg'));
  fs.writeFileSync(path.join(bucket, 'news/derby.jpg'), '');
  fs.truncateSync(path.join(bucket, 'news/derby.jpg'), 3 * 1024 ** 3);
  // the player's picture a link to an image outside the folder (a copied bucket may hold one): not read
  fs.renameSync(path.join(bucket, 'players/lukas.png'), path.join(run.current().dir, 'ausserhalb.png'));
  fs.symlinkSync(path.join(run.current().dir, 'ausserhalb.png'), path.join(bucket, 'players/lukas.png'));
  // a link inside the folder is read as its target
  fs.renameSync(path.join(bucket, 'teams/kampf.jpg'), path.join(bucket, 'teams/kampf-2019.jpg'));
  fs.symlinkSync('kampf-2019.jpg', path.join(bucket, 'teams/kampf.jpg'));
  expect((await runImport(run.current().db, options(), log)).ok).toBe(true);
  expect(lines.some((line) => line.includes('/club-images/players/lukas.png): Die Datei verweist aus dem Ordner der Bilder hinaus; sie wird nicht gelesen.'))).toBe(true);
  expect(rows('SELECT image_url FROM players')).toEqual([{ image_url: null }]);
  expect(lines.some((line) => line.includes('Bild nicht übernommen') && line.includes('news/derby.jpg): Datei ist zu groß. Maximum 5MB erlaubt.'))).toBe(true);
  expect(lines.some((line) => line.includes('Bild nicht gefunden oder kein Bild (gallery/kantine.png)'))).toBe(true);
  // the other images came over as before, the team's through its link inside the folder
  expect(rows('SELECT count(*) AS n FROM teams WHERE image_url LIKE ?', '/uploads/%')[0].n).toBe(1);
}, 20_000);
