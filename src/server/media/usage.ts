// Where each image of the media library is used: every content column that can
// hold an image address, read in one pass. An image field holds the address
// itself (news.image_url); a match's report images are a JSON list; texts with
// HTML (a news article, a page section) can show an upload inline. Each use
// carries the change that republishes the pages showing that row, keyed as the
// route registry expects (src/server/publish/routes.ts: players by team,
// home sections by section_key, pages by page_key).
import type { Db } from '../db/client';
import { prepared } from '../content/public-content';
import { hasRevisionTriggers } from '../revisions/triggers';
import { keptWhile, type Kept } from './kept-pass';
import type { ContentTable } from '../db/schema';
import type { Change } from '../publish/routes';
import type { MediaUse } from '../../lib/schemas/media';
import { VARIANT_WIDTHS, variantUrl } from '../content/image-variants';
import { uploadAddressesIn } from '../../lib/schemas/upload';
import { uploadPathOf, type Found } from './upload-path';

type Kind = 'url' | 'json' | 'html';
type Column = { name: string; field: string; kind: Kind };
type Source = {
  table: ContentTable;
  /** the German name of the area, as the admin tabs call it */
  area: string;
  /** SQL for the row's name in the admin */
  title: string;
  /** the column whose value keys the publisher's change; null: the table as a whole */
  key: 'id' | 'team_id' | 'section_key' | 'page_key' | null;
  columns: Column[];
};

const IMAGE = 'Bild';
const TEXT = 'Text';
const LINK = 'Link';

/** Every content column that can show or link an upload. youth_teams and leagues have no image. */
export const IMAGE_SOURCES: Source[] = [
  { table: 'news', area: 'News', title: 'title', key: 'id', columns: [{ name: 'image_url', field: IMAGE, kind: 'url' }, { name: 'content', field: TEXT, kind: 'html' }] },
  { table: 'teams', area: 'Mannschaft', title: 'name', key: 'id', columns: [{ name: 'image_url', field: IMAGE, kind: 'url' }] },
  { table: 'players', area: 'Spieler', title: 'name', key: 'team_id', columns: [{ name: 'image_url', field: 'Foto', kind: 'url' }] },
  {
    table: 'matches',
    area: 'Spiel',
    title: "home_team || ' – ' || away_team || ' (' || match_date || ')'",
    key: 'id',
    columns: [{ name: 'report_images', field: 'Bilder zum Spielbericht', kind: 'json' }, { name: 'report', field: 'Spielbericht', kind: 'html' }],
  },
  { table: 'sponsors', area: 'Sponsor', title: 'name', key: 'id', columns: [{ name: 'logo_url', field: 'Logo', kind: 'url' }] },
  { table: 'contact_info', area: 'Kontakt', title: 'name', key: 'id', columns: [{ name: 'image_url', field: 'Foto', kind: 'url' }] },
  // a button or an article's link may lead to an image ('Bildadresse kopieren'): the image is used
  { table: 'shop_items', area: 'Shop', title: 'name', key: 'id', columns: [{ name: 'image_url', field: IMAGE, kind: 'url' }, { name: 'external_link', field: LINK, kind: 'url' }] },
  {
    table: 'homepage_content',
    area: 'Startseite',
    title: "coalesce(nullif(title, ''), section_key)",
    key: 'section_key',
    // the next match's second logo is kept in button_text (services/admin/home.ts)
    columns: [
      { name: 'image_url', field: IMAGE, kind: 'url' },
      { name: 'button_text', field: 'Logo Team B', kind: 'url' },
      { name: 'content', field: TEXT, kind: 'html' },
      { name: 'button_link', field: LINK, kind: 'url' },
    ],
  },
  {
    table: 'page_content',
    area: 'Seite',
    title: "page_key || ' / ' || section_key",
    key: 'page_key',
    columns: [{ name: 'image_url', field: IMAGE, kind: 'url' }, { name: 'content', field: TEXT, kind: 'html' }, { name: 'button_link', field: LINK, kind: 'url' }],
  },
  { table: 'gallery', area: 'Galerie', title: "coalesce(nullif(title, ''), 'Bild')", key: 'id', columns: [{ name: 'image_url', field: IMAGE, kind: 'url' }] },
  { table: 'club_settings', area: 'Verein', title: 'short_name', key: null, columns: [{ name: 'crest_url', field: 'Wappen', kind: 'url' }] },
];

/**
 * A use with the change that republishes its pages (none for a row in the trash: no page shows it);
 * `hosted`: its address was written with a host, so no missing image is listed for it (inventory.ts).
 */
export type Use = MediaUse & { change?: Change; hosted?: true };


const pathsOf = (list: unknown[]): Found[] => list.flatMap((v) => (typeof v === 'string' ? (uploadPathOf(v) ?? []) : []));

function addressesIn(value: unknown, kind: Kind): Found[] {
  // a row in the trash keeps a JSON column as the list itself
  if (kind === 'json' && Array.isArray(value)) return pathsOf(value);
  if (typeof value !== 'string' || value === '') return [];
  if (kind === 'url') return pathsOf([value]);
  // with the host it was written with: another site's is no missing image of ours (decision 060)
  if (kind === 'html') return pathsOf(uploadAddressesIn(value));
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) ? pathsOf(list) : [];
  } catch {
    return [];
  }
}

/** Each address once (a text naming an image twice is one use), written relative if it is so anywhere. */
function distinct(found: Found[]): Found[] {
  const byUrl = new Map<string, Found>();
  for (const f of found) if (!byUrl.has(f.url) || !f.hosted) byUrl.set(f.url, f);
  return [...byUrl.values()];
}

type Row = Record<string, unknown> & { id: string; title: string | null; change_key: string | null };

const statements = new WeakMap<Db, Map<string, { all: () => unknown[] }>>();
function rowsOf(db: Db, source: Source): Row[] {
  let byTable = statements.get(db);
  if (!byTable) statements.set(db, (byTable = new Map()));
  let statement = byTable.get(source.table);
  if (!statement) {
    // names come from IMAGE_SOURCES above, never from input
    const columns = source.columns.map((c) => `"${c.name}"`).join(', ');
    const key = source.key ? `"${source.key}"` : 'NULL';
    statement = db.$client.prepare(`SELECT id, ${source.title} AS title, ${key} AS change_key, ${columns} FROM "${source.table}"`);
    byTable.set(source.table, statement);
  }
  return statement.all() as Row[];
}

const TRASH = 'Papierkorb';

/** The name of a deleted row, from its stored columns (the trash keeps no SQL to ask). */
function trashTitle(data: Record<string, unknown>): string {
  for (const key of ['title', 'name', 'short_name', 'section_key']) if (typeof data[key] === 'string' && data[key]) return data[key] as string;
  return [data.home_team, data.away_team].filter((v) => typeof v === 'string' && v).join(' – ');
}

/**
 * Every upload address used in the content, with where: each table's rows (a
 * pass kept until one changes, contentUses), and the rows in the trash
 * (restoring a deleted news must bring its picture back, so a picture is not
 * free while its row can still return).
 */
export function mediaUses(db: Db): Map<string, Use[]> {
  const uses = new Map(contentUses(db));
  const bySource = new Map(IMAGE_SOURCES.map((s) => [s.table as string, s]));
  // the trash's expiry closes its entries (revisions' pruneRevisions); until then a row can come back
  const deleted = db.$client
    .prepare(`SELECT entity, row_id, data FROM revisions WHERE op = 'delete' AND trash_closed = 0`)
    .all() as { entity: string; row_id: string; data: string }[];
  for (const row of deleted) {
    const source = bySource.get(row.entity);
    if (!source) continue;
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(row.data) as Record<string, unknown>;
    } catch {
      continue;
    }
    const title = trashTitle(data).trim().slice(0, 120);
    for (const column of source.columns) {
      for (const { url, hosted } of distinct(addressesIn(data[column.name], column.kind))) {
        const use: Use = { table: source.table, id: row.row_id, label: `${TRASH}: ${source.area}${title ? ` „${title}“` : ''}`, field: column.field, ...(hosted && { hosted }) };
        // a new list: the content's map is kept (contentUses) and stays as it was
        uses.set(url, [...(uses.get(url) ?? []), use]);
      }
    }
  }
  return uses;
}

/**
 * The uses in the content tables. A big club's 10,000 articles are 30 MB of text to search (150–290 ms),
 * and the library, every image field's picker and each alt text saved ask: the pass is kept per
 * connection until a content row changes. Every write of a content table on this connection leaves a
 * version with a new id (the revision triggers), which moves the highest id the table ever gave out
 * (`sqlite_sequence`, AUTOINCREMENT), and a commit by another connection (a command, the sqlite3 shell)
 * moves `data_version`. Not `max(id)`: a purge from the trash deletes the newest versions, and the highest
 * id left could be the stamp of a pass made before the purged row's delete. A pass made inside a write is
 * not kept: rolled back, the sequence goes back and its ids come again with other content. Nor is one on a
 * connection without the triggers (a preview's copy): its own writes would leave no trace.
 */
function contentUses(db: Db): Map<string, Use[]> {
  const stamp = `${newestVersion(db)}/${db.$client.pragma('data_version', { simple: true })}`;
  return keptWhile(contentUsesKept, db, stamp, () => contentPass(db), hasRevisionTriggers(db.$client));
}
const contentUsesKept = new WeakMap<object, Kept<Map<string, Use[]>>>();

/** The highest version id ever given out: deleting versions (a purge, the retention) never lowers it. */
const VERSIONS_GIVEN_OUT = `(SELECT seq FROM sqlite_sequence WHERE name = 'revisions')`;
const newestVersion = (db: Db): unknown =>
  prepared(db, 'media.newestVersion', () => db.$client.prepare(`SELECT ${VERSIONS_GIVEN_OUT}`).pluck()).get();

function contentPass(db: Db): Map<string, Use[]> {
  const uses = new Map<string, Use[]>();
  for (const source of IMAGE_SOURCES) {
    for (const row of rowsOf(db, source)) {
      const title = (row.title ?? '').trim().slice(0, 120);
      const change: Change = row.change_key === null ? { table: source.table } : { table: source.table, key: String(row.change_key) };
      for (const column of source.columns) {
        for (const { url, hosted } of distinct(addressesIn(row[column.name], column.kind))) {
          const use: Use = { table: source.table, id: String(row.id), label: title ? `${source.area} „${title}“` : source.area, field: column.field, change, ...(hosted && { hosted }) };
          const list = uses.get(url);
          if (list) list.push(use);
          else uses.set(url, [use]);
        }
      }
    }
  }
  return uses;
}


/**
 * The uses of one image in `uses`: its own address and those of its WebP copies
 * (the library's grid shows the 480 copy, so 'Bildadresse kopieren' can hand out
 * a copy's address; a text using it uses the image, whose delete removes it).
 */
export function usesOfImage(uses: Map<string, Use[]>, url: string): Use[] {
  return addressesOfImage(url).flatMap((address) => uses.get(address) ?? []);
}

/**
 * The upload addresses that kept versions name (any revision: a row's older
 * versions, its latest, a closed trash entry until the retention deletes it).
 * Putting a version back brings its pictures back, so the nightly sweep leaves
 * an image alone while a version names it (sweep.ts). One pass over the
 * revisions that name an upload at all; the stored JSON keeps '/' unescaped,
 * so the text pattern finds addresses in every kind of column.
 */
export function addressesInVersions(db: Db): Set<string> {
  // versions are only added and deleted (a purge, the retention): an added one moves the highest id ever
  // given out, and deletes alone lower the count, so both say whether the last pass still holds; another
  // connection's commit moves data_version (the library and every image field's picker ask, and a year's
  // versions are tens of MB of text)
  const { newest, count } = db.$client.prepare(`SELECT ${VERSIONS_GIVEN_OUT} AS newest, count(*) AS count FROM revisions`).get() as { newest: number | null; count: number };
  const stamp = `${newest}/${count}/${db.$client.pragma('data_version', { simple: true })}`;
  return keptWhile(versionAddresses, db, stamp, () => {
    const addresses = new Set<string>();
    const rows = db.$client.prepare(`SELECT data FROM revisions WHERE instr(data, '/uploads/') > 0`).pluck().iterate() as Iterable<string>;
    for (const data of rows) {
      for (const url of uploadAddressesIn(data)) {
        const found = uploadPathOf(url);
        if (found) addresses.add(found.url);
      }
    }
    return addresses;
  });
}
const versionAddresses = new WeakMap<object, Kept<Set<string>>>();

/** Whether a version names the image or one of its WebP copies. */
export function namedInVersions(addresses: Set<string>, url: string): boolean {
  return addressesOfImage(url).some((address) => addresses.has(address));
}

/** An image's address and those of its WebP copies. */
const addressesOfImage = (url: string): string[] => [url, ...VARIANT_WIDTHS.map((width) => variantUrl(url, width))];

/** Where one image is used (empty: nowhere). */
export function whereUsed(db: Db, url: string): Use[] {
  return usesOfImage(mediaUses(db), url);
}

/** The places as the admin reads them: 'News „Sommerfest“ (Bild)'. */
export function describeUses(uses: MediaUse[]): string[] {
  return [...new Set(uses.map((u) => `${u.label} (${u.field})`))];
}

/** The changes that republish every page showing the image, each once. */
export function changesOf(uses: Use[]): Change[] {
  const seen = new Set<string>();
  return uses
    .flatMap((u) => (u.change ? [u.change] : []))
    .filter((c) => {
      const id = `${c.table}\n${c.key ?? ''}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
}
