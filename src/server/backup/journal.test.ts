// The restore journal is trusted only as far as a restore writes it: an unreadable one or one
// naming other folders stops the start with a German message and touches nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { RESTORE_JOURNAL } from './archive';
import { undoInterruptedRestore } from './journal';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-journal-'));
  fs.writeFileSync(path.join(dir, 'club.db'), 'daten');
  fs.mkdirSync(path.join(dir, 'uploads'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('refuses an unreadable journal, or one naming other folders, in German and changes nothing', () => {
  expect(undoInterruptedRestore(dir)).toBeNull();
  for (const journal of ['{kaputt', JSON.stringify({ staging: '', before: '', aside: [] }), JSON.stringify({ staging: '.restore-x', before: '../..', aside: ['club.db'] })]) {
    fs.writeFileSync(path.join(dir, RESTORE_JOURNAL), journal);
    const listed = fs.readdirSync(dir).sort();
    expect(() => undoInterruptedRestore(dir)).toThrow(/Protokoll einer abgebrochenen Wiederherstellung .* nicht lesbar .* es wurde nichts verändert/);
    expect(fs.readFileSync(path.join(dir, 'club.db'), 'utf8')).toBe('daten');
    expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(true);
    // the journal stays as it was: the next start refuses too, instead of going on with a half-swapped folder
    expect(fs.readFileSync(path.join(dir, RESTORE_JOURNAL), 'utf8')).toBe(journal);
    expect(fs.readdirSync(dir).sort()).toEqual(listed);
  }
});

it('removes a WAL file that belongs to no old database', () => {
  fs.mkdirSync(path.join(dir, '.before-restore-1'));
  fs.renameSync(path.join(dir, 'club.db'), path.join(dir, '.before-restore-1', 'club.db'));
  fs.writeFileSync(path.join(dir, 'club.db'), 'neu');
  fs.writeFileSync(path.join(dir, 'club.db-wal'), 'fremd');
  fs.writeFileSync(path.join(dir, RESTORE_JOURNAL), JSON.stringify({ staging: '.restore-1', before: '.before-restore-1', aside: ['club.db', 'uploads'] }));
  expect(undoInterruptedRestore(dir)).toMatch(/rückgängig gemacht/);
  expect(fs.readdirSync(dir).sort()).toEqual(['club.db', 'uploads']);
  expect(fs.readFileSync(path.join(dir, 'club.db'), 'utf8')).toBe('daten');
});
