// What an admin does in the media library: give an image its alt text (the
// pages that show it are republished: their <img alt> changes), and delete an
// image that nothing uses any more (its file, its WebP copies and its row).
import { eq, inArray } from 'drizzle-orm';
import { config } from '../config';
import { getDb, type Db } from '../db/client';
import { media, players } from '../db/schema';
import { RefusedWrite, write } from '../db/write';
import type { Change } from '../publish/routes';
import { MEDIA_TEXTS } from '../../lib/schemas/media';
import { removeImageFiles } from './inventory';
import { changesOf, describeUses, whereUsed } from './usage';
import { isPhotoNotShown, playerPhotosNotShown } from './photos-not-shown';
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
      // a child's photo no page shows any more (consent withdrawn) does not keep its file public for good
      const notShown = playerPhotosNotShown(tx, uses);
      const shown = uses.filter((use) => !isPhotoNotShown(use, notShown));
      if (shown.length > 0) throw new RefusedWrite(MEDIA_TEXTS.stillUsed(describeUses(shown)));
      const row = tx.delete(media).where(eq(media.url, url)).returning({ url: media.url }).get();
      if (!row) throw new RefusedWrite(MEDIA_TEXTS.notFound, 'NOT_FOUND');
      if (notShown.size > 0) tx.update(players).set({ image_url: null }).where(inArray(players.id, [...notShown])).run();
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
