import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDemoClub } from './demo-data';
import { demoCrestSvg, demoImagePlan, renderDemoImage, sceneForNews, storeDemoImages, type DemoRows } from './demo-images';
import { sponsorLogoSvg } from './demo-scenes';
import { seeded } from './demo-art';

const club = buildDemoClub(new Date('2026-11-22T10:00:00Z'));
const rows: DemoRows = {
  teams: club.teams.map((t) => ({ id: t.id!, name: t.name, category: t.category ?? null })),
  players: club.players.map((p) => ({ id: p.id!, team_id: p.team_id, position: p.position ?? null, jersey_number: p.jersey_number ?? null })),
  news: club.news.map((x) => ({ id: x.id!, title: x.title, published: x.published ?? null })),
  sponsors: club.sponsors.map((s) => ({ id: s.id!, name: s.name })),
  pages: [{ id: 'demo-page-startseite-sommerfest', section_key: 'sommerfest' }],
  nextMatch: 'SV Kirchberg an der Raab vs. USV St. Ruprecht an der Raab',
  hero: true,
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

// what a sanitiser for uploaded crests can keep as it is: shapes and text, no links, scripts, styles or images
const SAFE_ELEMENTS = new Set(['svg', 'title', 'path', 'circle', 'polygon', 'text']);
const SAFE_ATTRIBUTES = new Set([
  'xmlns', 'viewBox', 'width', 'height', 'role', 'd', 'fill', 'stroke', 'stroke-width', 'stroke-linecap', 'cx', 'cy', 'r',
  'points', 'x', 'y', 'text-anchor', 'font-family', 'font-weight', 'font-size', 'letter-spacing',
]);

describe('the demo crest', () => {
  const crest = demoCrestSvg();

  it('is an SVG of plain shapes and text a sanitiser keeps unchanged', () => {
    const elements = [...crest.matchAll(/<([a-zA-Z][\w:-]*)/g)].map((m) => m[1]);
    expect(elements.filter((e) => !SAFE_ELEMENTS.has(e))).toEqual([]);
    const attributes = [...crest.matchAll(/\s([a-zA-Z][\w:-]*)="/g)].map((m) => m[1]);
    expect(attributes.filter((a) => !SAFE_ATTRIBUTES.has(a))).toEqual([]);
    expect(crest).not.toMatch(/script|href|url\(|style|on\w+=|<!|<\?/i);
    expect(crest).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 200 240"/);
  });

  it('shows the club in blue and gold, and renders sharply at favicon and page size', async () => {
    expect(crest).toContain('#1e40af');
    expect(crest).toContain('#facc15');
    expect(crest).toContain('<title>SV Kirchberg an der Raab</title>');
    for (const width of [32, 512]) {
      const png = await sharp(Buffer.from(crest)).resize({ width }).png().toBuffer();
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([width, Math.round((width * 240) / 200)]);
      // the field is blue, the band with the letters gold
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => {
        const i = (Math.round((y / 240) * info.height) * info.width + Math.round((x / 200) * info.width)) * info.channels;
        return [...data.subarray(i, i + 3)];
      };
      expect(at(60, 110)).toEqual([0x1e, 0x40, 0xaf]);
      expect(at(100, 30)).toEqual([0xfa, 0xcc, 0x15]);
    }
    expect(demoCrestSvg()).toBe(crest);
  });
});

describe('the demo pictures', () => {
  const plan = demoImagePlan(rows);

  it('give every team, player, published news item and sponsor its own picture', () => {
    const of = (table: string) => plan.filter((p) => p.table === table).map((p) => p.id);
    expect(of('teams')).toEqual(rows.teams.map((t) => t.id));
    expect(of('players')).toEqual(rows.players.map((p) => p.id));
    expect(of('news')).toEqual(rows.news.filter((x) => x.published).map((x) => x.id));
    expect(of('sponsors')).toEqual(rows.sponsors.map((s) => s.id));
    expect(plan.filter((p) => p.table === 'homepage').map((p) => `${p.id}.${p.field}`)).toEqual([
      'hero_background.image_url',
      'next_match.image_url',
      'next_match.button_text',
    ]);
    // the club's own crest beside its name in the next match
    expect(plan.find((p) => p.id === 'next_match' && p.field === 'image_url')!.svg).toBe(demoCrestSvg());
    // no two pictures alike: each is drawn from its own row
    expect(new Set(plan.map((p) => p.svg)).size).toBe(plan.length);
  });

  it('are the same for the same rows, byte for byte', async () => {
    expect(demoImagePlan(rows)).toEqual(plan);
    const sample = [plan.find((p) => p.table === 'teams')!, plan.find((p) => p.table === 'sponsors')!];
    for (const image of sample) expect((await renderDemoImage(image)).equals(await renderDemoImage(image))).toBe(true);
    // stored twice (under two random names), the files hold the same bytes
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-demo-images-'));
    dirs.push(dir);
    const [a, b] = [await storeDemoImages(sample, dir), await storeDemoImages(sample, dir)];
    for (let i = 0; i < sample.length; i++) {
      expect(a[i].url).not.toBe(b[i].url);
      expect(fs.readFileSync(path.join(dir, a[i].url.slice(9)))).toEqual(fs.readFileSync(path.join(dir, b[i].url.slice(9))));
    }
  });

  it('show the scene that fits each news item', () => {
    const scenes = rows.news.filter((x) => x.published).map((x) => sceneForNews(x.title));
    expect(scenes).toEqual(['clubhouse', 'trophy', 'floodlights', 'training', 'match', 'stadium', 'festival']);
    expect(sceneForNews('Etwas ganz anderes')).toBe('stadium');
  });

  it('vary skin, hair and kit between players, and keep numbers on the shirts', () => {
    const portraits = plan.filter((p) => p.table === 'players');
    const fills = (svg: string) => [...svg.matchAll(/<ellipse cx="400" cy="350" rx="112" ry="136" fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]);
    expect(new Set(portraits.flatMap((p) => fills(p.svg))).size).toBeGreaterThanOrEqual(4);
    const nine = rows.players.find((p) => p.jersey_number === 9)!;
    expect(portraits.find((p) => p.id === nine.id)!.svg).toMatch(/>9<\/text>/);
  });

  it('write a sponsor name as text, whatever it holds', async () => {
    const svg = sponsorLogoSvg(seeded('x'), { name: '<script>alert(1)</script> & Söhne GmbH', emblem: 'bolt' });
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect([meta.width, meta.height]).toEqual([480, 240]);
  });
});
