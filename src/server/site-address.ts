// The address the site is published for (SITE_URL) goes into every page: canonical links, the sitemap, the
// feed, share links. The server gets it from its settings (/etc/anstoss.env with the systemd unit); a
// command typed by hand (`npm run publish`, `restore`, `import`) does not, unless the host reads them too,
// and published every page for http://localhost:4321 until the server's next start. The server stores the
// address it runs with; a publishing command without SITE_URL on data that has one stored is refused
// before it changes anything, naming the address (decision 058).
import Database from 'better-sqlite3';
import type { Db } from './db/client';
import { siteSettings } from './db/schema';
import { write } from './db/write';

const SITE_URL_KEY = 'site.url';

export const SITE_ADDRESS_TEXTS = {
  notSet: (stored: string) =>
    `SITE_URL ist nicht gesetzt, der Server veröffentlicht die Website für ${stored}: alle Seiten bekämen Links auf localhost. ` +
    `Bitte mit den Einstellungen des Servers ausführen (mit der systemd-Unit: set -a; . /etc/anstoss.env; set +a) oder SITE_URL=${stored} setzen.`,
};

/** Stores the address the server runs with (when SITE_URL is set), for the commands run by hand. */
export function rememberSiteUrl(db: Db, env: NodeJS.ProcessEnv = process.env): void {
  const url = env.SITE_URL?.trim().replace(/\/+$/, '');
  if (!url) return;
  const stored = db.$client.prepare('SELECT value FROM site_settings WHERE key = ?').get(SITE_URL_KEY) as { value: string } | undefined;
  if (stored?.value === url) return;
  write(
    'site.url',
    (tx) => tx.insert(siteSettings).values({ key: SITE_URL_KEY, value: url }).onConflictDoUpdate({ target: siteSettings.key, set: { value: url } }).run(),
    db,
  );
}

/**
 * Why a publishing command may not run as it is: SITE_URL unset while the database (read only, not made
 * or migrated here) names the address the server runs with. Null when it may: SITE_URL set, no database
 * yet, or none stored (a site never served with SITE_URL, a development machine).
 */
export function siteAddressProblem(dbFile: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.SITE_URL?.trim()) return null;
  let stored: string | undefined;
  try {
    const sqlite = new Database(dbFile, { readonly: true, fileMustExist: true });
    try {
      stored = (sqlite.prepare('SELECT value FROM site_settings WHERE key = ?').get(SITE_URL_KEY) as { value: string } | undefined)?.value;
    } finally {
      sqlite.close();
    }
  } catch {
    return null;
  }
  return stored ? SITE_ADDRESS_TEXTS.notSet(stored) : null;
}
