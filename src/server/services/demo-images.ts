// The demo club's pictures (issue 13): team photos, player portraits, news
// photos, sponsor logos, the home page's background and the crests of the next
// match, all drawn here as SVG (demo-art.ts, demo-scenes.ts), rendered by sharp
// and stored through the admin's own upload path (storeUpload: re-encoded, the
// WebP copies beside), so that they are uploads like any other. Each picture is
// seeded by its row's id: the same rows give the same pictures, byte for byte.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, getTableColumns, isNull, like } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { homepageContent, news, pageContent, players, siteSettings, sponsors, teams } from '../db/schema';
import { VARIANT_WIDTHS, variantUrl } from '../content/image-variants';
import { config } from '../config';
import { COACH_KIT, COLOURS, HOME_KIT, KEEPER_KITS, crestSvg, demoCrestSvg, lookFor, pick, portraitSvg, seeded, type Kit } from './demo-art';
import { EMBLEM_KINDS, sceneSvg, sponsorLogoSvg, teamPhotoSvg, type Scene, type TeamMember } from './demo-scenes';
import { storeUpload } from './uploads';
import { DEMO_MARKER_KEY } from './demo-data';

export { demoCrestSvg };

/** Set once the demo's pictures are in: a picture an admin removes later is not put back. */
export const DEMO_PICTURES_KEY = 'demo_pictures_at';

const TABLES = { teams, players, news, sponsors, pages: pageContent } as const;

/** One picture of the demo and the row (and field) that shows it. */
export type DemoImage = {
  table: keyof typeof TABLES | 'homepage';
  /** the row's id; for the home page its section_key */
  id: string;
  field: 'image_url' | 'logo_url' | 'button_text';
  folder: string;
  format: 'jpeg' | 'png';
  /** width of the rendered picture */
  width: number;
  svg: string;
};

/** The demo rows that get pictures, as they are in the database. */
export type DemoRows = {
  teams: { id: string; name: string; category: string | null }[];
  players: { id: string; team_id: string; position: string | null; jersey_number: number | null }[];
  news: { id: string; title: string; published: boolean | null }[];
  sponsors: { id: string; name: string }[];
  pages: { id: string; section_key: string }[];
  /** the home page's next match, 'Heim vs. Gast' */
  nextMatch: string | null;
  /** whether the home page needs its background picture */
  hero: boolean;
};

const isCoach = (position: string | null) => /trainer/i.test(position ?? '');
const isYouth = (team?: { category: string | null; name: string }) => /jugend|^u\d/i.test(`${team?.category ?? ''} ${team?.name ?? ''}`.trim());

function kitFor(p: DemoRows['players'][number]): Kit {
  if (isCoach(p.position)) return COACH_KIT;
  if (/torwart/i.test(p.position ?? '')) return pick(seeded(p.team_id), KEEPER_KITS);
  return HOME_KIT;
}

/** A player's face and hair, the same in the portrait and in the team photo. */
function lookOf(p: { id: string }, team?: DemoRows['teams'][number]) {
  return lookFor(seeded(`${p.id}:look`), { long: team?.category === 'damen', adult: !isYouth(team) });
}

function teamMembers(team: DemoRows['teams'][number], roster: DemoRows['players']): TeamMember[] {
  const coaches = roster.filter((p) => isCoach(p.position));
  const squad = roster.filter((p) => !isCoach(p.position));
  const members: TeamMember[] = squad.map((p) => ({ kit: kitFor(p), look: lookOf(p, team), number: p.jersey_number }));
  // a demo roster lists a few players; a team photo shows a squad
  const taken = new Set(members.map((m) => m.number));
  for (let k = 0, number = 2; members.length < 13; k++, number++) {
    if (taken.has(number)) continue;
    members.push({ kit: HOME_KIT, look: lookOf({ id: `${team.id}:extra-${k}` }, team), number });
  }
  return [...coaches.slice(0, 2).map((p) => ({ kit: COACH_KIT, look: lookOf(p, team), number: null })), ...members];
}

/** Which scene a news item shows, from its title. */
export function sceneForNews(title: string): Scene {
  const rules: [RegExp, Scene][] = [
    [/weihnacht|vereinsheim|versammlung/i, 'clubhouse'],
    [/flutlicht|abend/i, 'floodlights'],
    [/nachwuchs|schnupper|training|kinder/i, 'training'],
    [/meister|pokal|cup|titel/i, 'trophy'],
    [/fest|feier/i, 'festival'],
    [/derby|sieg|spiel/i, 'match'],
  ];
  return rules.find(([re]) => re.test(title))?.[1] ?? 'stadium';
}

/** An opponent's crest: its letters in one of a few colour pairs. */
function opponentCrest(name: string): string {
  const words = name.split(/\s+/).filter((w) => !/^(an|der|die|am|im|bei|1b|st\.)$/i.test(w));
  const letters = (/^[A-Z]{2,3}$|^TuS$/.test(words[0]) ? words[0] + (words[1]?.[0] ?? '') : words.map((w) => w[0]).join('')).slice(0, 4).toUpperCase();
  const [field, accent] = pick(seeded(name), [['#b91c1c', '#ffffff'], ['#166534', '#ffffff'], ['#111827', '#facc15'], ['#7c3aed', '#ffffff'], ['#0e7490', '#fde68a']] as const);
  return crestSvg({ field, accent, ink: COLOURS.ink, letters, title: name });
}

/** Every picture the demo rows get, in a fixed order. */
export function demoImagePlan(rows: DemoRows): DemoImage[] {
  const teamById = new Map(rows.teams.map((t) => [t.id, t]));
  const plan: DemoImage[] = [];
  const scene = (table: DemoImage['table'], id: string, field: DemoImage['field'], folder: string, s: Scene) =>
    plan.push({ table, id, field, folder, format: 'jpeg', width: 1600, svg: sceneSvg(seeded(id), s) });
  for (const team of rows.teams) {
    const members = teamMembers(team, rows.players.filter((p) => p.team_id === team.id));
    plan.push({ table: 'teams', id: team.id, field: 'image_url', folder: 'teams', format: 'jpeg', width: 1600, svg: teamPhotoSvg(seeded(team.id), { team: team.name, members, youth: isYouth(team) }) });
  }
  for (const p of rows.players) {
    const svg = portraitSvg(seeded(p.id), { kit: kitFor(p), number: isCoach(p.position) ? null : p.jersey_number, look: lookOf(p, teamById.get(p.team_id)) });
    plan.push({ table: 'players', id: p.id, field: 'image_url', folder: 'players', format: 'jpeg', width: 640, svg });
  }
  for (const item of rows.news.filter((x) => x.published)) scene('news', item.id, 'image_url', 'news', sceneForNews(item.title));
  rows.sponsors.forEach((s, i) =>
    plan.push({ table: 'sponsors', id: s.id, field: 'logo_url', folder: 'sponsors', format: 'png', width: 480, svg: sponsorLogoSvg(seeded(s.id), { name: s.name, emblem: EMBLEM_KINDS[i % EMBLEM_KINDS.length] }) }),
  );
  for (const page of rows.pages) scene('pages', page.id, 'image_url', 'startseite', sceneForNews(page.section_key));
  if (rows.hero) scene('homepage', 'hero_background', 'image_url', 'hero', 'stadium');
  if (rows.nextMatch) {
    const [home, away] = rows.nextMatch.split(' vs. ');
    const crest = (name: string) => (/kirchberg an der raab$/i.test(name.trim()) ? demoCrestSvg() : opponentCrest(name.trim()));
    const logo = (field: DemoImage['field'], name: string) => plan.push({ table: 'homepage', id: 'next_match', field, folder: 'logos', format: 'png', width: 400, svg: crest(name) });
    if (home) logo('image_url', home);
    if (away) logo('button_text', away);
  }
  return plan;
}

/** The picture as a file an admin could upload: JPEG (high quality, re-encoded on storing) or PNG. */
export async function renderDemoImage(image: Pick<DemoImage, 'svg' | 'format' | 'width'>): Promise<Buffer> {
  const drawn = sharp(Buffer.from(image.svg)).resize({ width: image.width });
  return image.format === 'png' ? drawn.png({ compressionLevel: 9, palette: true }).toBuffer() : drawn.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
}

/** Removes stored uploads with their WebP copies (pictures that were not used after all). */
export async function removeDemoUploads(urls: string[], uploadsDir: string = config.uploadsDir): Promise<void> {
  const files = urls.flatMap((url) => [url, ...VARIANT_WIDTHS.map((w) => variantUrl(url, w))]);
  await Promise.all(files.map((url) => fs.rm(path.join(uploadsDir, url.replace(/^\/uploads\//, '')), { force: true })));
}

/** Renders and stores each picture of the plan, one after the other (as uploads are: one image at a time). */
export async function storeDemoImages(plan: DemoImage[], uploadsDir: string = config.uploadsDir): Promise<{ image: DemoImage; url: string }[]> {
  const stored: { image: DemoImage; url: string }[] = [];
  try {
    for (const image of plan) {
      const bytes = await renderDemoImage(image);
      const { url } = await storeUpload({ bytes, name: `${image.id}.${image.format === 'png' ? 'png' : 'jpg'}`, folder: image.folder }, uploadsDir);
      stored.push({ image, url });
    }
  } catch (error) {
    await removeDemoUploads(stored.map((s) => s.url), uploadsDir);
    throw error;
  }
  return stored;
}

/** The demo's rows (ids 'demo-…') that have no picture yet. */
export function demoRowsWithoutPictures(db: Db): DemoRows {
  const demo = <T extends (typeof TABLES)[keyof typeof TABLES]>(table: T) => like(table.id, 'demo-%');
  const home = (key: string) => db.select().from(homepageContent).where(eq(homepageContent.section_key, key)).get();
  const next = home('next_match');
  return {
    teams: db.select().from(teams).where(and(demo(teams), isNull(teams.image_url))).all(),
    // the team photos need every player, with or without a portrait
    players: db.select().from(players).where(demo(players)).all(),
    news: db.select().from(news).where(and(demo(news), isNull(news.image_url))).all(),
    sponsors: db.select().from(sponsors).where(and(demo(sponsors), isNull(sponsors.logo_url))).all(),
    pages: db.select().from(pageContent).where(and(demo(pageContent), eq(pageContent.page_key, 'startseite'), isNull(pageContent.image_url))).all(),
    nextMatch: next && !next.image_url && !next.button_text ? next.content : null,
    hero: !home('hero_background')?.image_url,
  };
}

/**
 * Puts stored pictures into their rows, inside the caller's transaction. A row
 * that has a picture by now (an admin was quicker) keeps it. Returns the
 * addresses put in; the others can go.
 */
export function attachDemoImages(tx: Db, stored: { image: DemoImage; url: string }[]): string[] {
  const used: string[] = [];
  for (const { image, url } of stored) {
    const table = image.table === 'homepage' ? homepageContent : TABLES[image.table];
    const column = (getTableColumns(table) as Record<string, SQLiteColumn>)[image.field];
    const key = image.table === 'homepage' ? homepageContent.section_key : table.id;
    const set = { [image.field]: url } as Partial<typeof homepageContent.$inferInsert>;
    let changes = tx.update(table).set(set).where(and(eq(key, image.id), isNull(column))).run().changes;
    // the home page's background has no row until someone sets it
    if (image.table === 'homepage' && !tx.select().from(homepageContent).where(eq(homepageContent.section_key, image.id)).get()) {
      changes = tx.insert(homepageContent).values({ section_key: image.id, ...set }).run().changes;
    }
    if (changes > 0) used.push(url);
  }
  return used;
}

/**
 * Draws, stores and puts in the demo rows' pictures, once, after seedDemoClub():
 * the rows without a picture get one (a demo seeded before there were pictures
 * too); after that, a picture an admin removes stays removed. A database the
 * demo was not seeded into gets none. Returns how many were put in.
 */
export async function addDemoPictures(db: Db, uploadsDir: string = config.uploadsDir): Promise<number> {
  const setting = (key: string) => db.select().from(siteSettings).where(eq(siteSettings.key, key)).get();
  const done = () => !setting(DEMO_MARKER_KEY) || !!setting(DEMO_PICTURES_KEY);
  if (done()) return 0;
  const stored = await storeDemoImages(demoImagePlan(demoRowsWithoutPictures(db)), uploadsDir);
  let used: string[] = [];
  try {
    used = write(
      'demo.pictures',
      (tx) => {
        if (done()) return [];
        const attached = attachDemoImages(tx, stored);
        tx.insert(siteSettings).values({ key: DEMO_PICTURES_KEY, value: new Date().toISOString() }).run();
        return attached;
      },
      db,
    );
  } finally {
    await removeDemoUploads(stored.map((s) => s.url).filter((url) => !used.includes(url)), uploadsDir);
  }
  return used.length;
}
