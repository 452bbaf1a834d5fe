// Names in German alphabetical order (admin-area.md §7 "ordered by name"):
// SQLite compares bytes, so 'anna' and 'Özil' came after 'Zach'. better-sqlite3
// cannot add a collation, so every connection gets a function giving the name's
// key as German phone books and name lists sort (DIN 5007-1: ä as a, ß as ss,
// case and accents ignored); the name itself breaks ties.
import type Database from 'better-sqlite3';
import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { germanSortKey } from '../../lib/text';

export function registerGermanOrder(client: Database.Database): void {
  client.function('de_sort', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? germanSortKey(value) : value));
}

/** ORDER BY a name column in German order. */
export function germanOrder(column: AnyColumn): SQL {
  return sql`de_sort(${column}), ${column}`;
}
