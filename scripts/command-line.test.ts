import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataLock } from '../src/server/data-lock';
import { openDatabase } from '../src/server/db/client';
import { oldClub } from '../tests/fixtures/old-club';
import { BACKUP_TEXTS } from '../src/server/backup/texts';

// The operator's commands as `npm run` starts them: in the checkout, INIT_CWD the folder the command was typed in,
// and a build folder of their own that is empty: a command that built before refusing would print '[build]'.
let dir: string;
let dataDir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-commands-'));
  dataDir = path.join(dir, 'daten');
  fs.mkdirSync(dataDir);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: path.join(dir, 'sicherungen'), INIT_CWD: dir, ANSTOSS_DIST: path.join(dir, 'dist') },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe("the operator's commands refuse what they do not know before doing anything", () => {
  it("import: a mistyped '--dryrun' is refused (it ran a real import and published), so is an option without its value", () => {
    const file = path.join(dir, 'alt.json');
    fs.writeFileSync(file, JSON.stringify(oldClub()));
    const typo = run('import', '--from', file, '--dryrun');
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain('Fehler: unbekannte Option --dryrun.');
    expect(typo.stderr).toContain('Aufruf: npm run import --');
    const noValue = run('import', '--from', file, '--club', '--dry-run');
    expect(noValue.status).toBe(2);
    expect(noValue.stderr).toContain('bei --club fehlt der Wert.');
    expect(run('import', '--from', file, 'alt.json').stderr).toContain("'alt.json' gehört zu keiner Option.");
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(typo.stdout + noValue.stdout).not.toContain('[build]');
  });

  it('backup: a folder named without --to is refused (it wrote to the default folder); --to takes a path from where it was typed', () => {
    const stray = run('backup', path.join(dir, 'usb'));
    expect(stray.status).toBe(2);
    expect(stray.stderr).toContain('gehört zu keiner Option.');
    expect(fs.existsSync(path.join(dir, 'sicherungen'))).toBe(false);
    expect(run('backup', '--help').stdout).toContain('Aufruf: npm run backup');
    expect(fs.existsSync(path.join(dir, 'sicherungen'))).toBe(false);
    expect(run('backup', '--to=').stderr).toContain('--to ohne Ordner.');
    openDatabase(path.join(dataDir, 'club.db')).$client.close();
    const made = run('backup', '--to', 'usb');
    expect(made.status, made.stderr).toBe(0);
    expect(fs.readdirSync(path.join(dir, 'usb')).filter((f) => f.endsWith('.tar.gz'))).toHaveLength(1);
  });

  it('restore: a missing archive and a running server are said before any build (a build emptied dist/ under the server first)', () => {
    const missing = run('restore', 'gibt-es-nicht.tar.gz');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`Sicherung nicht gefunden: ${path.join(dir, 'gibt-es-nicht.tar.gz')}`);
    fs.writeFileSync(path.join(dir, 'sicherung.tar.gz'), 'kein Archiv');
    const release = acquireDataLock(dataDir);
    try {
      const held = run('restore', 'sicherung.tar.gz');
      expect(held.status).toBe(1);
      expect(held.stderr).toContain('Bitte zuerst den Server stoppen.');
      expect(missing.stdout + held.stdout).not.toContain('[build]');
      expect(fs.existsSync(path.join(dir, 'dist'))).toBe(false);
    } finally {
      release();
    }
  });
});

describe("the commands that open the database say its refusal in German, without Node's stack trace", () => {
  it('user, migrate and publish on data a killed restore left half-swapped', () => {
    fs.writeFileSync(path.join(dataDir, 'restore-journal.json'), JSON.stringify({ staging: '.restore-x', before: '.before-restore-x', aside: [] }));
    for (const [script, ...args] of [['user', 'create', '--email', 'a@b.at', '--password', 'ein langes Passwort'], ['migrate'], ['publish']]) {
      const result = run(script, ...args);
      expect(result.status, script).toBe(1);
      expect(result.stderr, script).toContain(`Fehler: ${BACKUP_TEXTS.interruptedFirst}`);
      expect(result.stderr, script).not.toMatch(/^\s+at /m);
    }
  });
});
