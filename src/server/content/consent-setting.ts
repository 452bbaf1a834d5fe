// The club setting 'Minderjährige schützen' (issue 14, docs/decisions/028-player-consent.md),
// kept in site_settings. On unless set to 'off': new installations protect minors
// from the start; migration 0007 wrote 'off' where players already existed, so
// their pages stay as they were until an admin turns it on.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { siteSettings } from '../db/schema';
import type { ConsentOptions } from '../../lib/consent';
import { memoReadOr } from './public-content';

export const PROTECT_MINORS_KEY = 'protect_minors';

/** The stored value as the rule reads it: absent or anything but 'off' is on. */
export function protectMinorsFrom(value: string | null | undefined): boolean {
  return value !== 'off';
}

/** The setting in a given database (services, tests). */
export function readProtectMinors(db: Db): boolean {
  return protectMinorsFrom(db.select().from(siteSettings).where(eq(siteSettings.key, PROTECT_MINORS_KEY)).get()?.value);
}

/**
 * The options of the consent rule for public pages. A failed read protects:
 * showing a child's photo by mistake is worse than hiding an adult's details.
 */
export function consentOptions(): ConsentOptions {
  // every page with a player asks: once per database state (read-memo.ts)
  return { protectMinors: memoReadOr('protect_minors setting', 'protectMinors', true, readProtectMinors) };
}
