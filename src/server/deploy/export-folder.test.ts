import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXPORT_MARKER, exportSite, exportTargetProblem } from './export-folder';

// `npm run export -- <folder>` empties its folder first: only an empty one or an earlier export
const made: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-export-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function project() {
  const root = tmp();
  const dirs = { clientDir: path.join(root, 'dist', 'client'), siteDir: path.join(root, 'data', 'site'), uploadsDir: path.join(root, 'data', 'uploads') };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dirs.siteDir, 'index.html'), '<h1>Start</h1>');
  fs.writeFileSync(path.join(dirs.clientDir, 'sw.js'), '// worker');
  fs.writeFileSync(path.join(dirs.uploadsDir, 'a.webp'), 'bild');
  fs.writeFileSync(path.join(root, 'data', 'club.db'), 'datenbank');
  const folders = { keep: [path.join(root, 'data'), path.join(root, 'dist'), root], outside: [path.join(root, 'data'), path.join(root, 'dist')] };
  return { root, dirs, folders };
}

describe('the folder of an export', () => {
  it('a new or empty folder takes the site, and the next export empties it again (a page deleted since goes)', () => {
    const { dirs, folders } = project();
    const target = path.join(tmp(), 'www');
    expect(exportTargetProblem(target, folders)).toBeNull();
    exportSite(target, dirs);
    expect(fs.readFileSync(path.join(target, 'index.html'), 'utf8')).toBe('<h1>Start</h1>');
    expect(fs.existsSync(path.join(target, 'sw.js'))).toBe(true);
    expect(fs.readFileSync(path.join(target, 'uploads', 'a.webp'), 'utf8')).toBe('bild');
    fs.writeFileSync(path.join(target, 'alt.html'), 'gelöschte Seite');
    expect(exportTargetProblem(target, folders)).toBeNull();
    exportSite(target, dirs);
    expect(fs.existsSync(path.join(target, 'alt.html'))).toBe(false);
    expect(fs.existsSync(path.join(target, EXPORT_MARKER))).toBe(true);
  });

  it('refuses a folder with other files (a web root), and the project, its data or its build, and leaves them as they were', () => {
    const { root, folders } = project();
    const webRoot = tmp();
    fs.writeFileSync(path.join(webRoot, 'index.php'), '<?php');
    expect(exportTargetProblem(webRoot, folders)).toMatch(/ist nicht leer und kein früherer Export/);
    expect(exportTargetProblem(root, folders)).toMatch(/enthält .*: ein Export würde ihn leeren/);
    expect(exportTargetProblem(path.dirname(root), folders)).toMatch(/enthält/);
    expect(exportTargetProblem(path.join(root, 'data'), folders)).toMatch(/enthält/);
    expect(exportTargetProblem(path.join(root, 'data', 'export'), folders)).toMatch(/liegt in/);
    // inside the project, but not in its data or build (the default `export`): fine
    expect(exportTargetProblem(path.join(root, 'export'), folders)).toBeNull();
    const file = path.join(webRoot, 'index.php');
    expect(exportTargetProblem(file, folders)).toMatch(/ist kein Ordner/);
    expect(fs.readFileSync(file, 'utf8')).toBe('<?php');
    expect(fs.readFileSync(path.join(root, 'data', 'club.db'), 'utf8')).toBe('datenbank');
  });

  it('`npm run export` itself stops at such a folder with its message and writes nothing into it', () => {
    const dataDir = tmp();
    fs.mkdirSync(path.join(dataDir, 'site'));
    fs.writeFileSync(path.join(dataDir, 'site', 'index.html'), '<h1>Start</h1>');
    const webRoot = tmp();
    fs.writeFileSync(path.join(webRoot, 'index.php'), '<?php');
    fs.mkdirSync(path.join(webRoot, 'wp-content'));
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/export.ts', webRoot], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Fehler: .*ist nicht leer und kein früherer Export/);
    expect(fs.readdirSync(webRoot).sort()).toEqual(['index.php', 'wp-content']);
    expect(fs.readFileSync(path.join(webRoot, 'index.php'), 'utf8')).toBe('<?php');
  });
});
