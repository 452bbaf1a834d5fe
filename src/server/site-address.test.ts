// The address the server runs with is stored; a command that publishes without SITE_URL on such data is
// refused before it changes anything (a host who typed `npm run publish` without the service's settings
// published every page for localhost).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, getDb } from './db/client';
import { SITE_ADDRESS_TEXTS, rememberSiteUrl, siteAddressProblem } from './site-address';

let dataDir: string;
let dbFile: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-site-address-'));
  dbFile = path.join(dataDir, 'club.db');
});
afterEach(() => {
  closeDatabase(dbFile);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('site address', () => {
  it('is stored as the server runs with it, and a command without SITE_URL on that data is told which', () => {
    const db = getDb(dbFile);
    expect(siteAddressProblem(dbFile, {})).toBeNull();
    rememberSiteUrl(db, { SITE_URL: 'https://www.sv-kirchberg.at/' });
    expect(siteAddressProblem(dbFile, {})).toBe(SITE_ADDRESS_TEXTS.notSet('https://www.sv-kirchberg.at'));
    expect(siteAddressProblem(dbFile, { SITE_URL: 'https://www.sv-kirchberg.at' })).toBeNull();
    // a server started without SITE_URL (a development machine) leaves the stored one
    rememberSiteUrl(db, {});
    expect(siteAddressProblem(dbFile, { SITE_URL: ' ' })).toContain('https://www.sv-kirchberg.at');
    // a new address replaces it
    rememberSiteUrl(db, { SITE_URL: 'https://verein.example' });
    expect(siteAddressProblem(dbFile, {})).toContain('für https://verein.example:');
  });

  it('lets a command run where nothing is stored: no database yet, or one no server ran on with SITE_URL', () => {
    expect(siteAddressProblem(path.join(dataDir, 'fehlt.db'), {})).toBeNull();
    getDb(dbFile);
    expect(siteAddressProblem(dbFile, {})).toBeNull();
  });

  it('npm run publish without SITE_URL on a site served with one: the German message, exit 1, no page written', () => {
    rememberSiteUrl(getDb(dbFile), { SITE_URL: 'https://www.sv-kirchberg.at' });
    closeDatabase(dbFile);
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.SITE_URL;
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/publish.ts'], { env, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(`Fehler: ${SITE_ADDRESS_TEXTS.notSet('https://www.sv-kirchberg.at')}`);
    expect(result.stderr).toContain('SITE_URL ist nicht gesetzt, der Server veröffentlicht die Website für https://www.sv-kirchberg.at: alle Seiten bekämen Links auf localhost.');
    expect(fs.existsSync(path.join(dataDir, 'site'))).toBe(false);
  });
});
