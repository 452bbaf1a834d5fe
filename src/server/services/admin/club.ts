// 'Verein' (issue 13): the club's names, crest, colours and home ground, one row
// written by superadmins. A change republishes every page (the header, the
// theme), the app icons, the manifest and the share images. The setting
// 'Minderjährige schützen' (issue 14) is saved with it, kept in site_settings.
import sharp from 'sharp';
import { CLUB_TEXTS, type ClubSettingsData } from '../../../lib/schemas/club';
import { contrastNote } from '../../../lib/club-contrast';
import { getDb, type Db } from '../../db/client';
import { clubSettings, siteSettings } from '../../db/schema';
import { PROTECT_MINORS_KEY, readProtectMinors } from '../../content/consent-setting';
import { RefusedWrite, write } from '../../db/write';
import { CLUB_ROW_ID, DEFAULT_CLUB_SETTINGS, storedClubSettings, type ClubSettingsRow } from '../../content/club';
import type { Change } from '../../publish/routes';
import { conflictSince } from '../../revisions';
import { storeUpload, UploadError } from '../uploads';
import { IMAGE_WORK_SECONDS, ImageWorkBusy, withImageSlot } from '../image-work';
import { UPLOAD_TEXTS } from '../../../lib/schemas/upload';
import { drawSvgInOwnProcess, SvgDrawingTimedOut } from './svg-drawing';

export const CLUB_CHANGE: Change = { table: 'club_settings' };

/** What the tab shows: the stored settings, or the built-in club marked as such. */
export type ClubSettingsView = ClubSettingsRow & { protect_minors: boolean };

export function loadClubSettings(db: Db = getDb()): ClubSettingsView & { isDefault: boolean } {
  const stored = storedClubSettings(db);
  const protect_minors = readProtectMinors(db);
  return stored ? { ...stored, protect_minors, isDefault: false } : { ...DEFAULT_CLUB_SETTINGS, protect_minors, isDefault: true };
}

/** The club form's fields: what a save's `read` is compared by (empty texts as ''). */
const FORM_FIELDS = ['short_name', 'long_name', 'crest_url', 'primary_color', 'secondary_color', 'home_ground', 'protect_minors'] as const;

/**
 * Refuses a save when the club was changed since its form was filled with `read` (another
 * superadmin's save; decision 032), naming who saved it last.
 */
export function assertClubAsRead(read: Record<string, string | boolean | null>, db: Db = getDb()): void {
  const now = loadClubSettings(db) as Record<string, unknown>;
  const same = FORM_FIELDS.every((field) => (now[field] ?? '') === (read[field] ?? ''));
  if (same) return;
  const latest = db.$client
    .prepare(`SELECT user_name, created_at FROM revisions WHERE entity = 'club_settings' ORDER BY id DESC LIMIT 1`)
    .get() as { user_name: string | null; created_at: number } | undefined;
  throw conflictSince(latest?.user_name ?? null, latest?.created_at ?? Date.now());
}

/**
 * Saves the club; what to republish comes with it: every page (the club), and
 * every page that shows players when the protection of minors changed.
 */
export function saveClubSettings(input: ClubSettingsData, db: Db = getDb()): { settings: ClubSettingsView; changes: Change[] } {
  const { protect_minors, ...club } = input;
  const values = { ...club, updated_at: new Date().toISOString() };
  const protectChanged = write('club.save', (tx) => {
    tx.insert(clubSettings).values({ id: CLUB_ROW_ID, ...values }).onConflictDoUpdate({ target: clubSettings.id, set: values }).run();
    if (protect_minors === undefined || protect_minors === readProtectMinors(tx as Db)) return false;
    const value = protect_minors ? 'on' : 'off';
    tx.insert(siteSettings).values({ key: PROTECT_MINORS_KEY, value }).onConflictDoUpdate({ target: siteSettings.key, set: { value } }).run();
    return true;
  }, db);
  const changes: Change[] = protectChanged ? [CLUB_CHANGE, { table: 'players' }] : [CLUB_CHANGE];
  return { settings: { ...storedClubSettings(db)!, protect_minors: readProtectMinors(db) }, changes };
}

/** The admin's warnings for colours the pages use in a darker variant, naming it (lib/club-contrast.ts). */
export function contrastWarnings(input: Pick<ClubSettingsData, 'primary_color' | 'secondary_color'>): string[] {
  const notes = [contrastNote('primary', input.primary_color), contrastNote('secondary', input.secondary_color)];
  return notes.flatMap((note) => (note && !note.ok ? [note.text] : []));
}

/**
 * What makes an SVG unsafe to draw: scripts, events, links or embedded content of any kind, and declarations
 * (an entity, or an attribute list that gives every element a default link). A link or `url()` to a part of
 * the same file (`#…`, quoted or not) is the drawing itself, as a plain DOCTYPE is what drawing programs write.
 * No part may scan on past the next tag: `<use[^>]+href`, tried from each of 100,000 `<use ` in one upload, held
 * the server 24 s (every other part is linear in the file).
 */
export const UNSAFE_SVG =
  /<script|<foreignObject|<iframe|<embed|<object|<!(?:ENTITY|ATTLIST|ELEMENT|NOTATION)|<!DOCTYPE[^<>[]*\[|\son\w+\s*=|(?:xlink:)?href\s*=\s*(?:["'](?!#)|(?![\s"'#]))|url\(\s*(?:["'](?!#)|(?![\s"'#]))|<image/i;

/**
 * A picture by its first bytes: PNG, JPEG, GIF or WebP. Anything else that is not SVG text is refused before
 * sharp sees it: libvips also opens gzip-compressed SVG, which the check above cannot read (a 4 KB one with a
 * million elements took 19 s and 2.6 GB to draw), and formats nobody uploads as a crest.
 */
function isRasterPicture(bytes: Buffer): boolean {
  const ascii = (from: number, to: number) => bytes.subarray(from, to).toString('latin1');
  return (
    ascii(0, 8) === '\x89PNG\r\n\x1a\n' ||
    (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) ||
    ascii(0, 6) === 'GIF87a' ||
    ascii(0, 6) === 'GIF89a' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
  );
}

/** The crest as a square 512 px PNG: an SVG is checked and drawn, a picture fitted. */
export async function crestPng(bytes: Buffer): Promise<Buffer> {
  const head = bytes.subarray(0, 1024).toString('utf8').trimStart();
  const isSvg = head.startsWith('<') && /<svg[\s>]/i.test(bytes.toString('utf8'));
  if (isSvg && UNSAFE_SVG.test(bytes.toString('utf8'))) throw new RefusedWrite(CLUB_TEXTS.unsafeSvg);
  if (!isSvg && !isRasterPicture(bytes)) throw new RefusedWrite(CLUB_TEXTS.badCrest);
  try {
    // in line with every other upload, and stopped in time: an SVG of chained filters drew for minutes (decision
    // 017); an SVG in a process of its own, which is killed then (svg-drawing.ts: sharp's limit cannot stop librsvg)
    return await withImageSlot(() =>
      isSvg
        ? drawSvgInOwnProcess(bytes, 512, IMAGE_WORK_SECONDS)
        : sharp(bytes, { limitInputPixels: 40_000_000 })
            .timeout({ seconds: IMAGE_WORK_SECONDS })
            .resize(512, 512, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
            .png()
            .toBuffer(),
    );
  } catch (error) {
    if (error instanceof ImageWorkBusy) throw new RefusedWrite(UPLOAD_TEXTS.busy, 'STORAGE');
    if (error instanceof SvgDrawingTimedOut || /timeout/i.test(String((error as Error)?.message))) throw new RefusedWrite(UPLOAD_TEXTS.tooSlow);
    // the admin reads that the file is no crest; the log says why (a fault of the machine looks the same to them)
    console.warn(`[club] a crest was refused: ${error instanceof Error ? error.message : String(error)}`);
    throw new RefusedWrite(CLUB_TEXTS.badCrest);
  }
}

/** Stores an uploaded crest like any upload (re-encoded, WebP copies) and answers its address. */
export async function uploadCrest(base64: string, uploadsDir?: string): Promise<{ url: string }> {
  const bytes = Buffer.from(base64.replace(/^data:[^,]*,/, ''), 'base64');
  if (bytes.length === 0) throw new RefusedWrite(CLUB_TEXTS.badCrest);
  const png = await crestPng(bytes);
  try {
    const stored = await storeUpload({ bytes: png, name: 'wappen.png', folder: 'verein' }, uploadsDir);
    return { url: stored.url };
  } catch (error) {
    if (error instanceof UploadError) throw new RefusedWrite(error.message, error.status === 503 || error.status === 507 ? 'STORAGE' : 'BAD_REQUEST');
    throw error;
  }
}
