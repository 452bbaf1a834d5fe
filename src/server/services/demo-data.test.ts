import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestDb, seed } from '../db/test-db';
import { contactInfo, homepageContent, matches, news, pageContent, players, siteSettings, sponsors, teams, youthTeams } from '../db/schema';
import { HISTORY_DEFAULTS, PLAYER_GROUP_ORDER, SPONSOR_TIER_ORDER } from '../content/defaults';
import { VARIANT_WIDTHS, variantUrl } from '../content/image-variants';
import { uploadSrcset } from '../content/responsive-images';
import { DEMO_MARKER_KEY, buildDemoClub, seedDemoClub, type SeedOutcome } from './demo-data';
import { DEMO_PICTURES_KEY, addDemoPictures } from './demo-images';
import { isValidIban } from '../../lib/epc';

const NOW = new Date('2026-11-22T10:00:00Z');
const SEED_SECONDS = 240;
const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `anstoss-demo-${name}-`));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

// one demo club with its pictures for the tests that only look (drawing them all takes a while)
let db: Db;
let outcome: SeedOutcome;
let added: number;
let uploadsDir: string;
beforeAll(async () => {
  uploadsDir = tmp('uploads');
  dirs.push(uploadsDir);
  db = createTestDb();
  outcome = seedDemoClub(db, NOW);
  added = await addDemoPictures(db, uploadsDir);
}, SEED_SECONDS * 1000);

const fileOf = (url: string) => path.join(uploadsDir, url.replace(/^\/uploads\//, ''));
const sha = (url: string) => crypto.createHash('sha256').update(fs.readFileSync(fileOf(url))).digest('hex');
const filesIn = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesIn(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/** Every picture reference of the demo rows, with the size and format it should have. */
function pictures() {
  const of = <T extends { id: string }>(rows: T[], url: (r: T) => string | null, folder: string, format: string, size: [number, number]) =>
    rows.map((r) => ({ id: r.id, url: url(r), folder, format, size }));
  const home = (key: string) => db.select().from(homepageContent).where(eq(homepageContent.section_key, key)).get()!;
  return [
    ...of(db.select().from(teams).all(), (t) => t.image_url, 'teams', 'jpeg', [1600, 900]),
    ...of(db.select().from(players).all(), (p) => p.image_url, 'players', 'jpeg', [640, 640]),
    ...of(db.select().from(news).where(eq(news.published, true)).all(), (x) => x.image_url, 'news', 'jpeg', [1600, 900]),
    ...of(db.select().from(sponsors).all(), (s) => s.logo_url, 'sponsors', 'png', [480, 240]),
    ...of(db.select().from(pageContent).where(eq(pageContent.page_key, 'startseite')).all(), (p) => p.image_url, 'startseite', 'jpeg', [1600, 900]),
    { id: 'hero', url: home('hero_background').image_url, folder: 'hero', format: 'jpeg', size: [1600, 900] },
    { id: 'home-logo', url: home('next_match').image_url, folder: 'logos', format: 'png', size: [400, 480] },
    { id: 'away-logo', url: home('next_match').button_text, folder: 'logos', format: 'png', size: [400, 480] },
  ];
}

describe('the demo club', () => {
  it('fills an empty database with every kind of content', () => {
    expect(outcome.status).toBe('seeded');

    const kampf = db.select().from(teams).where(eq(teams.name, 'Kampfmannschaft')).get()!;
    const positions = new Set(db.select().from(players).where(eq(players.team_id, kampf.id)).all().map((p) => p.position));
    expect([...positions].sort()).toEqual([...PLAYER_GROUP_ORDER].sort());

    const all = db.select().from(matches).all();
    expect(all.length).toBeGreaterThanOrEqual(22);
    const played = all.filter((m) => m.match_date < '2026-11-22' && m.status === 'finished');
    expect(played.length).toBeGreaterThanOrEqual(11);
    for (const m of played) expect(m.home_score != null && m.away_score != null, m.match_date).toBe(true);
    expect(all.some((m) => m.match_date > '2026-11-22' && m.status === 'scheduled')).toBe(true);
    expect(new Set(all.map((m) => m.status))).toEqual(new Set(['finished', 'scheduled', 'postponed', 'cancelled']));
    expect(new Set(all.map((m) => m.match_type))).toEqual(new Set(['league', 'cup', 'friendly']));

    expect(new Set(db.select().from(sponsors).all().map((s) => s.tier))).toEqual(new Set(SPONSOR_TIER_ORDER));
    const published = db.select().from(news).where(eq(news.published, true)).all();
    expect(published.length).toBeGreaterThanOrEqual(7);
    expect(published.every((n) => n.content.includes('\n'))).toBe(true);

    const roles = db.select().from(contactInfo).all().map((c) => c.role);
    expect(roles).toContain('Vereinsadresse');
    expect(roles.filter((r) => r === 'Funktionär').length).toBeGreaterThanOrEqual(2);
    const youth = db.select().from(youthTeams).all();
    expect(youth.filter((y) => y.is_active && y.contact_info_id).length).toBeGreaterThanOrEqual(4);

    const history = db.select().from(pageContent).where(eq(pageContent.page_key, 'vereinsgeschichte')).get()!;
    for (const heading of HISTORY_DEFAULTS.headings) expect(history.content).toContain(`\n\n${heading}\n`);
    expect(history.meta_title).toBeTruthy();
    const membership = db.select().from(pageContent).where(eq(pageContent.page_key, 'mitglied')).all();
    expect(membership.map((s) => s.section_key).sort()).toEqual(
      ['bank', 'bank_info', 'description', 'form_description', 'form_title', 'header', 'iban', 'quote', 'thanks', 'verwendungszweck'].sort(),
    );
    expect(isValidIban(membership.find((s) => s.section_key === 'iban')!.content!)).toBe(true);
    const social = db.select().from(pageContent).where(eq(pageContent.page_key, 'social_media')).all();
    expect(social.filter((s) => s.is_active && s.button_link).length).toBeGreaterThanOrEqual(2);
  });

  it('gives every team, player, published news item and sponsor a picture stored as an upload, with its WebP copies', () => {
    const all = pictures();
    expect(added).toBe(all.length);
    expect(all.length).toBe(4 + 32 + 7 + 8 + 1 + 3);
    for (const p of all) {
      // named as storeUpload names an upload: a random name in the admin's folder
      expect(p.url, p.id).toMatch(new RegExp(`^/uploads/${p.folder}/[0-9a-f]{32}\\.${p.format === 'png' ? 'png' : 'jpg'}$`));
      expect(fs.existsSync(fileOf(p.url!)), p.url!).toBe(true);
      for (const width of VARIANT_WIDTHS) expect(fs.existsSync(fileOf(variantUrl(p.url!, width))), `${p.url} ${width}`).toBe(true);
      // and the pages find them as uploads: srcset with the WebP copies
      expect(uploadSrcset(p.url, uploadsDir)).toContain(variantUrl(p.url!, 480));
    }
    // nothing else was left in the uploads folder
    expect(filesIn(uploadsDir)).toHaveLength(all.length * (1 + VARIANT_WIDTHS.length));
  });

  it('stores valid images of sensible size, small in bytes', async () => {
    let total = 0;
    for (const p of pictures()) {
      const meta = await sharp(fileOf(p.url!)).metadata();
      expect([meta.format, meta.width, meta.height], p.id).toEqual([p.format, ...p.size]);
      expect(meta.exif, p.id).toBeUndefined();
      for (const width of VARIANT_WIDTHS) {
        const variant = await sharp(fileOf(variantUrl(p.url!, width))).metadata();
        expect([variant.format, variant.width], `${p.id} ${width}`).toEqual(['webp', Math.min(width, p.size[0])]);
      }
      const bytes = [p.url!, ...VARIANT_WIDTHS.map((w) => variantUrl(p.url!, w))].map((u) => fs.statSync(fileOf(u)).size);
      expect(bytes[0], p.id).toBeLessThan(150_000);
      total += bytes.reduce((a, b) => a + b, 0);
    }
    console.info(`[demo] ${pictures().length} pictures, ${filesIn(uploadsDir).length} files, ${total} bytes`);
    expect(total).toBeLessThan(5_000_000);
  });

  it('runs only once: a second run changes nothing', async () => {
    const before = { news: db.select().from(news).all(), files: filesIn(uploadsDir).sort() };
    const again = seedDemoClub(db, new Date('2026-12-01T10:00:00Z'));
    expect(again).toEqual({ status: 'already-seeded', at: NOW.toISOString() });
    expect(await addDemoPictures(db, uploadsDir)).toBe(0);
    expect(db.select().from(news).all()).toEqual(before.news);
    expect(filesIn(uploadsDir).sort()).toEqual(before.files);
  });

  it('gives a demo seeded before there were pictures the same pictures, and keeps an admin\'s own', async () => {
    const hashes = new Map(pictures().filter((p) => ['teams', 'sponsors'].includes(p.folder)).map((p) => [p.id, sha(p.url!)]));
    const old = pictures().filter((p) => hashes.has(p.id)).map((p) => p.url!);
    const kampf = 'demo-team-kampf';
    seed(db, (tx) => {
      tx.update(teams).set({ image_url: null }).run();
      tx.update(sponsors).set({ logo_url: null }).run();
      tx.update(teams).set({ image_url: '/uploads/teams/eigenes.jpg' }).where(eq(teams.id, kampf)).run();
      tx.delete(siteSettings).where(eq(siteSettings.key, DEMO_PICTURES_KEY)).run();
    });
    for (const url of old) fs.rmSync(fileOf(url));
    const portraits = db.select({ url: players.image_url }).from(players).all();

    expect(seedDemoClub(db, NOW).status).toBe('already-seeded');
    expect(await addDemoPictures(db, uploadsDir)).toBe(3 + 8);
    expect(db.select().from(teams).where(eq(teams.id, kampf)).get()!.image_url).toBe('/uploads/teams/eigenes.jpg');
    expect(db.select({ url: players.image_url }).from(players).all()).toEqual(portraits);
    // drawn from the same rows, the new uploads hold the same bytes under new names
    const redrawn = pictures().filter((p) => hashes.has(p.id) && p.id !== kampf);
    expect(redrawn).toHaveLength(11);
    for (const p of redrawn) {
      expect(old).not.toContain(p.url);
      expect(sha(p.url!), p.id).toBe(hashes.get(p.id));
    }
    expect(db.select().from(sponsors).where(inArray(sponsors.logo_url, old)).all()).toEqual([]);
  }, SEED_SECONDS * 1000);

  it('leaves a database with content of its own alone, and draws it no pictures', async () => {
    const own = createTestDb();
    const dir = tmp('own');
    dirs.push(dir);
    seed(own, () => own.insert(news).values({ title: 'Echte Nachricht', content: 'Echt.' }).run());
    expect(seedDemoClub(own, NOW)).toEqual({ status: 'not-empty', tables: ['news'] });
    expect(await addDemoPictures(own, dir)).toBe(0);
    expect(own.select().from(homepageContent).all()).toEqual([]);
    expect(own.select().from(news).all()).toHaveLength(1);
    expect(own.select().from(siteSettings).where(eq(siteSettings.key, DEMO_MARKER_KEY)).get()).toBeUndefined();
    expect(filesIn(dir)).toEqual([]);
  });

  it('builds the same rows for the same day, and a season around any date', () => {
    expect(buildDemoClub(NOW)).toEqual(buildDemoClub(NOW));
    const spring = buildDemoClub(new Date('2027-05-01T10:00:00Z'));
    expect(spring.matches.every((m) => m.season === '2026/27')).toBe(true);
    const summer = buildDemoClub(new Date('2027-07-20T10:00:00Z'));
    expect(summer.matches.every((m) => m.season === '2027/28')).toBe(true);
    // the home page's next match is the first upcoming one
    const next = spring.homepage.find((h) => h.section_key === 'next_match')!;
    const upcoming = spring.matches.find((m) => m.match_date >= '2027-05-01' && m.status === 'scheduled')!;
    expect(next.content).toBe(`${upcoming.home_team} vs. ${upcoming.away_team}`);
    expect(next.match_date).toBe(upcoming.match_date);
  });
});
