// The columns most tables share: a random id, and when the row was made and last changed (ISO, UTC, ms).
import { sql } from 'drizzle-orm';
import { text } from 'drizzle-orm/sqlite-core';

export const idColumn = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
export const createdAtColumn = () =>
  text('created_at')
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
export const updatedAtColumn = () =>
  text('updated_at')
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
