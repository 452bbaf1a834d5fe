// What an admin does in the media library: give an image its alt text (the
// pages that show it are republished: their <img alt> changes), and delete an
// image that nothing uses any more (its file, its WebP copies and its row).
import { eq } from 'drizzle-orm';
import { config } from '../config';
import { getDb, type Db } from '../db/client';
import { media } from '../db/schema';
import { RefusedWrite, write } from '../db/write';
import type { Change } from '../publish/routes';
import { MEDIA_TEXTS } from '../../lib/schemas/media';
import { removeImageFiles } from './inventory';
import { changesOf, describeUses, whereUsed } from './usage';
import { recordAudit } from '../audit/audit-log';
import { getDeployer } from '../deploy/deployer';

/**
 * Stores the alt text of one image. Returns the changes of every row that
 * shows it, for publishChanges: the registry then republishes exactly the
 * pages with that image, whatever table they read it from.
 */
export function setMediaAlt(url: string, alt: string, db: Db = getDb()): { url: string; alt: string; changes: Change[] } {
  return write(
    'media.setAlt',
    (tx) => {
      const row = tx.update(media).set({ alt }).where(eq(media.url, url)).returning({ url: media.url }).get();
      if (!row) throw new RefusedWrite(MEDIA_TEXTS.notFound, 'NOT_FOUND');
      return { url, alt, changes: changesOf(whereUsed(tx, url)) };
    },
    db,
  );
}

/**
 * Deletes an image that nothing uses: refused with the places that still show
 * it otherwise. The row goes first (in the transaction that checked the uses
 * once more), then the files; a file that cannot be removed is logged and
 * comes back into the library the next time it is listed, to be deleted again.
 */
export async function deleteMedia(url: string, db: Db = getDb(), uploadsDir: string = config.uploadsDir): Promise<{ url: string }> {
  write(
    'media.delete',
    (tx) => {
      const uses = whereUsed(tx, url);
      if (uses.length > 0) throw new RefusedWrite(MEDIA_TEXTS.stillUsed(describeUses(uses)));
      const row = tx.delete(media).where(eq(media.url, url)).returning({ url: media.url }).get();
      if (!row) throw new RefusedWrite(MEDIA_TEXTS.notFound, 'NOT_FOUND');
      recordAudit(tx, { action: 'media.delete', entity: 'media', rowId: url });
    },
    db,
  );
  removeImageFiles(url, uploadsDir);
  // no page changes, so no publish tells the static hosts: the image would stay public there until a
  // later save changed some page (a photo deleted because a player withdrew consent, say)
  getDeployer()?.request();
  return { url };
}
