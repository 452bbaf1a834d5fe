// A player's photo that no public page shows: a protected child without recorded consent to photos
// (docs/decisions/028). The player keeps the address (the photo comes back if consent is given), so the image
// counted as used and could not be deleted, while its file stayed public at the address the pages had named
// before the consent was withdrawn (search engines, link previews). In the Mediathek such a use is marked, and
// deleting the image is allowed when it is the only kind of use left: the photo is taken off those players in
// the same write.
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { players } from '../db/schema';
import { publicPlayerView } from '../../lib/consent';
import { readProtectMinors } from '../content/consent-setting';
import type { Use } from './usage';

/** The ids of the players among `uses` whose photo (this image) the public pages do not show. */
export function playerPhotosNotShown(db: Db, uses: readonly Use[]): Set<string> {
  // a row in the trash (no change: no page shows it) is a use as long as it can come back
  const ids = [...new Set(uses.filter((use) => use.table === 'players' && use.change !== undefined).map((use) => use.id))];
  if (ids.length === 0) return new Set();
  const options = { protectMinors: readProtectMinors(db) };
  const rows = db.select().from(players).where(inArray(players.id, ids)).all();
  return new Set(rows.filter((row) => row.image_url && publicPlayerView(row, options).image_url === null).map((row) => row.id));
}

/** Whether this use is one of those photos. */
export const isPhotoNotShown = (use: Use, notShown: ReadonlySet<string>): boolean => use.table === 'players' && use.change !== undefined && notShown.has(use.id);
