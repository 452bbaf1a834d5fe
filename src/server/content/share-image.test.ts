import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-share-'));
vi.stubEnv('DATA_DIR', dataDir);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { defaultShareIdentity, shareImagePng, shareImageSvg, wrapTitle } = await import('./share-image');
const { sectionShareImage } = await import('./share');
const { appIcon } = await import('./club-assets');
const { DEFAULT_CLUB_SETTINGS, identityOf } = await import('./club');

const club = defaultShareIdentity('www.sv-kirchberg.at');

describe('share images', () => {
  it('wrap a title into lines, at most three, the last cut with an ellipsis', () => {
    expect(wrapTitle('Derbysieg gegen Gleisdorf', 22, 3)).toEqual(['Derbysieg gegen', 'Gleisdorf']);
    const long = wrapTitle('Ein sehr langer Titel über die Generalversammlung und die Wahl des neuen Vorstands im Frühjahr', 22, 3);
    expect(long).toHaveLength(3);
    expect(long[2].endsWith('…')).toBe(true);
    expect(long.every((line) => line.length <= 22)).toBe(true);
  });

  it("keeps a long club name left of the stripe, whole, on up to two lines; an emoji cut at a line's end leaves no half", async () => {
    // the name's <text>s: at the foot (y past 500), in the bold face; a character is about 0.63 em wide
    const nameTexts = (svg: string) =>
      [...svg.matchAll(/<text x="72" y="(\d+)"[^>]*font-size="(\d+)" font-weight="bold"[^>]*>([^<]*)<\/text>/g)]
        .filter((m) => Number(m[1]) > 500)
        .map((m) => ({ size: Number(m[2]), text: m[3] }));
    const long = 'USV Raiffeisen Sankt Johann im Saggautal Sektion Fußball 1925';
    const lines = nameTexts(shareImageSvg({ kicker: 'News', title: 'Derbysieg' }, { ...club, name: long }));
    expect(lines.map((l) => l.text).join(' ')).toBe(long);
    for (const line of lines) expect(72 + 0.63 * line.size * line.text.length, line.text).toBeLessThanOrEqual(780);
    // a short name stays as it was: one line of 34 px
    expect(nameTexts(shareImageSvg({ kicker: 'News', title: 'Derbysieg' }, { ...club, name: 'SV Kirchberg' }))).toEqual([{ size: 34, text: 'SV Kirchberg' }]);
    // a title word cut at its line's end
    expect(wrapTitle(`${'x'.repeat(20)}🎉🎉`, 22, 3)[0]).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('is a 1200×630 PNG, rendered once and then taken from the cache', async () => {
    const content = { kicker: 'News', title: 'Derbysieg gegen Gleisdorf' };
    const png = await shareImagePng(content, club);
    const meta = await sharp(png).metadata();
    // opaque: no alpha channel to store (a sixth of the bytes)
    expect([meta.format, meta.width, meta.height, meta.channels, meta.hasAlpha]).toEqual(['png', 1200, 630, 3, false]);
    const cached = fs.readdirSync(path.join(dataDir, 'cache', 'share'));
    expect(cached).toHaveLength(1);
    expect((await shareImagePng(content, club)).equals(png)).toBe(true);
    expect(fs.readdirSync(path.join(dataDir, 'cache', 'share'))).toEqual(cached);
    // another title is another picture
    expect((await shareImagePng({ ...content, title: 'Niederlage in Gnas' }, club)).equals(png)).toBe(false);
  });

  it('draws its translucent stripes and texts as a whole-element opacity would, without a layer each', async () => {
    const svg = shareImageSvg({ kicker: 'News · 24. November 2026', title: 'Derbysieg gegen Gleisdorf' }, club);
    expect(svg.match(/ fill-opacity="/g)).toHaveLength(4);
    // what the same picture looks like with each element drawn on a layer of its own (the slower way)
    const layered = svg.replace(/ fill-opacity="/g, ' opacity="');
    const [fast, slow] = await Promise.all([svg, layered].map((s) => sharp(Buffer.from(s)).raw().toBuffer()));
    expect(fast.length).toBe(slow.length);
    let largest = 0;
    for (let i = 0; i < fast.length; i++) largest = Math.max(largest, Math.abs(fast[i] - slow[i]));
    // rounding of the blend at most: the same picture to the eye
    expect(largest).toBeLessThanOrEqual(1);
  });

  it('draws hostile titles as text', async () => {
    const svg = shareImageSvg({ kicker: '<b>', title: '</text><script>alert(1)</script> & "Sieg"' }, club);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect(meta.width).toBe(1200);
  });

  it('draws titles, club names and initials with control characters XML forbids (a Word soft line break, a calendar\'s stray byte)', async () => {
    // librsvg refused the whole SVG for one such character: no picture, and its page retried for ever
    const odd = { ...club, name: 'SV Kirchberg\u000Ban der Raab', initials: '\u0001SVK' };
    const png = await shareImagePng({ kicker: 'News \u0002', title: 'Sieg\u0001 im Derby\uFFFF' }, odd);
    expect((await sharp(png).metadata()).width).toBe(1200);
    const icon = await appIcon({ ...identityOf(DEFAULT_CLUB_SETTINGS), initials: 'SV\u0001' }, 192);
    expect((await sharp(icon).metadata()).width).toBe(192);
  });

  it('every section has its image; team pages share the teams section, unknown paths the home page', () => {
    expect(sectionShareImage('/')).toBe('/teilen/startseite.png');
    expect(sectionShareImage('/spielplan/team-usv-gnas')).toBe('/teilen/spielplan.png');
    expect(sectionShareImage('/team/abc')).toBe('/teilen/mannschaften.png');
    expect(sectionShareImage('/gibt-es-nicht')).toBe('/teilen/startseite.png');
  });
});

describe('the newest-100 line of article share images', () => {
  it('after one news change, the articles just inside and just outside the line are published again', async () => {
    const { createTestDb, seed } = await import('../db/test-db');
    const { news } = await import('../db/schema');
    const { newsShareBoundaryUrls, recentNewsWithoutPhotoIn, SHARE_NEWS_LIMIT } = await import('./share');
    const db = createTestDb();
    const base = Date.UTC(2026, 0, 1);
    seed(db, () => {
      for (let i = 0; i < SHARE_NEWS_LIMIT + 3; i++) {
        db.$client
          .prepare('insert into news (id, title, content, published, created_at) values (?, ?, ?, 1, ?)')
          .run(`n${i}`, `Artikel ${i}`, 'Text', new Date(base + i * 60_000).toISOString());
      }
      db.$client.prepare("insert into news (id, title, content, published, image_url) values ('foto', 'Mit Foto', 'x', 1, '/uploads/a.jpg')").run();
    });
    // newest first: n102 … n3 are the 100 with their own image; n2 is the first outside
    const ranked = recentNewsWithoutPhotoIn(db, SHARE_NEWS_LIMIT + 1);
    expect(ranked[SHARE_NEWS_LIMIT - 1]).toBe('n3');
    expect(ranked[SHARE_NEWS_LIMIT]).toBe('n2');
    expect(newsShareBoundaryUrls(db, 1)).toEqual(['/news/n3', '/teilen/news/n3.png', '/news/n2', '/teilen/news/n2.png']);
    expect(newsShareBoundaryUrls(db, 0)).toEqual([]);
    expect(db.select().from(news).all()).toHaveLength(SHARE_NEWS_LIMIT + 4);
  });
});
