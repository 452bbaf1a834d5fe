// The imprint for the admin (admin-area.md §2 Impressum): the stored sections of
// page 'imprint' and the built-in texts of the four fixed sections, which
// /impressum shows while nothing (or nothing active) is stored.
import { getDb, type Db } from '../../db/client';
import { IMPRINT_SECTIONS } from '../../content/defaults';
import { imprintDefaultsFor, renamedClubIn, storedClubAddress } from '../../content/club-facts';
import { listPageContent } from './pageContent';

export const IMPRINT_PAGE = 'imprint';

export function imprintOverview(db: Db = getDb()) {
  // the texts the page falls back to for this club (a renamed one's own name and address: decision 055)
  const club = renamedClubIn(db);
  const address = storedClubAddress(db);
  const defaults = imprintDefaultsFor(club, address);
  return {
    sections: listPageContent(IMPRINT_PAGE, db),
    /** a renamed club's built-in publisher line has no address to give */
    addressMissing: club !== null && !address?.lines.length,
    fixed: IMPRINT_SECTIONS.map((key) => ({ key, ...defaults[key] })),
  };
}
