// A whole-number setting from `site_settings` (retention periods): the stored
// value when it is a positive integer, else the default.
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { siteSettings } from './schema';

export function positiveIntSetting(db: Db, key: string, fallback: number): number {
  const row = db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key)).get();
  const value = row ? Number(row.value) : NaN;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
