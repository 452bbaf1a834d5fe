// sponsors for the admin (admin-area.md §7): list, insert, update, delete
// {name, logo_url, website_url, description, tier}. / and /sponsoren show them.
import { eq } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { write } from '../../db/write';
import { sponsors } from '../../db/schema';
import type { Change } from '../../publish/routes';
import { SPONSOR_TIERS, type SponsorData } from '../../../lib/schemas/sponsor';
import { germanOrder } from '../../db/german-order';

export type SponsorRow = typeof sponsors.$inferSelect;

/** By tier (premium first), then name: the order the public grid uses. */
export function listSponsors(db: Db = getDb()): SponsorRow[] {
  const rank = (tier: string) => {
    const i = (SPONSOR_TIERS as readonly string[]).indexOf(tier);
    return i === -1 ? SPONSOR_TIERS.length : i;
  };
  return db
    .select()
    .from(sponsors)
    .orderBy(germanOrder(sponsors.name))
    .all()
    .sort((a, b) => rank(a.tier) - rank(b.tier) || a.name.localeCompare(b.name, 'de'));
}

export function createSponsor(input: SponsorData, db: Db = getDb()): SponsorRow {
  return write(
    'sponsors.createSponsor',
    () => {
      return db.insert(sponsors).values(input).returning().get();
    },
    db,
  );
}

export function updateSponsor(id: string, input: SponsorData, db: Db = getDb()): SponsorRow | null {
  return write(
    'sponsors.updateSponsor',
    () => {
      return db.update(sponsors).set(input).where(eq(sponsors.id, id)).returning().get() ?? null;
    },
    db,
  );
}

export function deleteSponsor(id: string, db: Db = getDb()): SponsorRow | null {
  return write(
    'sponsors.deleteSponsor',
    () => {
      return db.delete(sponsors).where(eq(sponsors.id, id)).returning().get() ?? null;
    },
    db,
  );
}

export const sponsorChange = (id: string): Change => ({ table: 'sponsors', key: id });
