// Root on the service user's data is refused before anything is written: the check itself, and
// `npm run user` run as root on a data folder another user owns (the tests run as root, as CI does).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataOwnerError, assertDataOwner, userName } from './data-owner';
import { openDatabase } from './db/client';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-owner-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The data folder handed to the service's user, here 'nobody' (65534 on Debian). */
function ownedByService() {
  expect(process.getuid?.(), 'these tests run as root, as CI does').toBe(0);
  fs.chownSync(dataDir, 65534, 65534);
}

describe('data owner', () => {
  it('refuses root on data another user owns, naming the user and how to run it as them', () => {
    ownedByService();
    expect(() => assertDataOwner(dataDir)).toThrow(DataOwnerError);
    expect(() => assertDataOwner(dataDir)).toThrow(`Die Daten in ${dataDir} gehören dem Benutzer „nobody“, unter dem der Server läuft.`);
    expect(() => assertDataOwner(dataDir)).toThrow('Bitte als dieser Benutzer ausführen: runuser -u nobody -- ');
    // the database is not opened: no club.db, -wal or -shm owned by root
    expect(() => openDatabase(path.join(dataDir, 'club.db'))).toThrow(DataOwnerError);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("refuses root on a data folder of root's whose database, site or uploads are the service's", () => {
    for (const name of ['club.db', 'site', 'uploads']) {
      const inside = path.join(dataDir, name);
      if (name === 'club.db') fs.writeFileSync(inside, '');
      else fs.mkdirSync(inside);
      fs.chownSync(inside, 65534, 65534);
      expect(() => assertDataOwner(dataDir), name).toThrow(`Die Daten in ${dataDir} gehören dem Benutzer „nobody“`);
      fs.rmSync(inside, { recursive: true });
    }
    expect(() => assertDataOwner(dataDir)).not.toThrow();
  });

  it('names a user without a name by number, quoted for the shell (a bare # would start a comment)', () => {
    expect(process.getuid?.()).toBe(0);
    fs.chownSync(dataDir, 54321, 54321);
    expect(() => assertDataOwner(dataDir)).toThrow(`gehören dem Benutzer „#54321“`);
    expect(() => assertDataOwner(dataDir)).toThrow(`Bitte als dieser Benutzer ausführen: sudo -u '#54321' `);
  });

  it("lets root work on root's own data, a folder not made yet, and any other user on anything", () => {
    expect(() => assertDataOwner(dataDir)).not.toThrow();
    expect(() => assertDataOwner(path.join(dataDir, 'neu'))).not.toThrow();
    ownedByService();
    expect(() => assertDataOwner(dataDir, 1000)).not.toThrow();
  });

  it('names a user without a passwd entry by number, as sudo -u takes it', () => {
    const passwd = path.join(dataDir, 'passwd');
    fs.writeFileSync(passwd, 'root:x:0:0:root:/root:/bin/bash\nanstoss:x:998:998::/srv/anstoss:/usr/sbin/nologin\n');
    expect(userName(998, passwd)).toBe('anstoss');
    expect(userName(1234, passwd)).toBe('#1234');
    expect(userName(998, path.join(dataDir, 'fehlt'))).toBe('#998');
  });

  it('npm run user as root on the service user\'s data: the German message, exit 1, nothing written', () => {
    ownedByService();
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/user.ts', 'create', '--email', 'vorstand@example.at', '--password', 'ein langes Passwort'], {
      env: { ...process.env, DATA_DIR: dataDir, npm_lifecycle_event: 'user' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Fehler: Die Daten in ${dataDir} gehören dem Benutzer „nobody“, unter dem der Server läuft. ` +
        'Was root dort anlegt (die Datenbank und ihre Begleitdateien, Seiten, Bilder), könnte der Server danach nicht mehr schreiben. ' +
        'Bitte als dieser Benutzer ausführen: runuser -u nobody -- npm run user …',
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
