// Photos copied into the uploads folder by hand and recorded before 2026-12-01 have the size their pixels
// lie in, not the one browsers show: a phone photo stored on its side with an EXIF orientation of 5-8
// (turned a quarter) got a landscape room and og:image size for a portrait. New ones are recorded upright
// (inventory.ts's describeFile); this pass records the old ones so, once, before the start's full
// publish writes the pages with their sizes. Uploads are turned upright when stored and carry no
// orientation: they are read and left as they are.
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media, siteSettings } from '../db/schema';
import { write } from '../db/write';
import { shownSize, uploadFile } from './inventory';

const DONE_KEY = 'media.turned_photos_recorded';
/** EXIF can be in these; PNG and GIF photos from a phone are rare and are left out */
const MAY_BE_TURNED = /\.(?:jpe?g|webp|tiff?)$/i;

/** Records the library's photos that are stored turned with the size browsers show; how many changed. */
export async function recordTurnedPhotosUpright(db: Db, uploadsDir: string): Promise<number> {
  if (db.select().from(siteSettings).where(eq(siteSettings.key, DONE_KEY)).get()) return 0;
  const rows = db
    .select({ url: media.url, width: media.width, height: media.height })
    .from(media)
    .where(and(isNotNull(media.width), isNotNull(media.height)))
    .all()
    .filter((row) => MAY_BE_TURNED.test(path.extname(row.url)));
  const upright: { url: string; width: number; height: number }[] = [];
  for (const row of rows) {
    const file = uploadFile(row.url, uploadsDir);
    if (!file) continue;
    const meta = await sharp(file, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!meta) continue;
    // only a row still recorded as the pixels lie, the other way round (one recorded upright already stays)
    const shown = shownSize(meta);
    if ((meta.orientation ?? 1) >= 5 && shown.width !== null && shown.height !== null && row.width === shown.height && row.height === shown.width) {
      upright.push({ url: row.url, width: shown.width, height: shown.height });
    }
  }
  write(
    'media.turned-photos',
    (tx) => {
      for (const row of upright) tx.update(media).set({ width: row.width, height: row.height }).where(eq(media.url, row.url)).run();
      tx.insert(siteSettings).values({ key: DONE_KEY, value: new Date().toISOString() }).onConflictDoNothing().run();
    },
    db,
  );
  return upright.length;
}
