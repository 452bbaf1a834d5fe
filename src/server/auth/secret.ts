// The server's signing secret: made once, kept in the database, so that captcha
// challenges and set-up links survive a restart.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { siteSettings } from '../db/schema';

const KEY = 'signing_secret';

export function signingSecret(db: Db): Buffer {
  const row = db.select().from(siteSettings).where(eq(siteSettings.key, KEY)).get();
  if (row) return Buffer.from(row.value, 'base64');
  const secret = randomBytes(32).toString('base64');
  write('secret.create', () => db.insert(siteSettings).values({ key: KEY, value: secret }).onConflictDoNothing().run(), db);
  return Buffer.from(db.select().from(siteSettings).where(eq(siteSettings.key, KEY)).get()!.value, 'base64');
}
