import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLIER_BUILDS_KEEP_DAYS, keepBuildFiles } from './earlier-builds';
import { exportSite } from './export-folder';
import { RsyncTarget } from './rsync';
import { listSiteTree, type SiteDirs } from './tree';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 11, 4, 12, 0, 0);
let root: string;
let dirs: Required<SiteDirs>;
const silent = { warn: () => undefined };

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** A new build in dist/client: its hashed files only (the old dist/ is replaced whole, as `npm run build` does). */
function build(files: Record<string, string>) {
  fs.rmSync(dirs.clientDir, { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) write(path.join(dirs.clientDir, '_astro', name), text);
  write(path.join(dirs.clientDir, 'sw.js'), 'self.skipWaiting()');
}
const kept = (name: string) => path.join(dirs.earlierBuildsDir, '_astro', name);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-earlier-'));
  dirs = { clientDir: path.join(root, 'client'), earlierBuildsDir: path.join(root, 'data', 'earlier-builds'), siteDir: path.join(root, 'data', 'site'), uploadsDir: path.join(root, 'data', 'uploads') };
  write(path.join(dirs.siteDir, 'index.html'), '<link rel="stylesheet" href="/_astro/Layout.A1.css"><script src="/_astro/Form.A1.js"></script>');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("earlier builds' hashed files, kept after a deploy", () => {
  it('keeps the files a deploy replaced for its days, then removes them; the running build\'s stay', () => {
    build({ 'Layout.A1.css': 'a{}', 'Form.A1.js': 'form(1)', 'Form.A1.js.br': 'br' });
    expect(keepBuildFiles(dirs, START, silent)).toEqual({ copied: 3, removed: 0, kept: 3 });
    // the same build started again copies nothing
    expect(keepBuildFiles(dirs, START + DAY, silent)).toEqual({ copied: 0, removed: 0, kept: 3 });

    // a deploy: the form's code changed (a new name), the layout's did not
    build({ 'Layout.A1.css': 'a{}', 'Form.B2.js': 'form(2)' });
    const deployedAt = START + 2 * DAY;
    // the form's new file, and the layout's of the same name: the new build's file now
    expect(keepBuildFiles(dirs, deployedAt, silent)).toEqual({ copied: 2, removed: 0, kept: 4 });
    expect(fs.readFileSync(kept('Form.A1.js'), 'utf8')).toBe('form(1)');
    expect(fs.readFileSync(kept('Form.A1.js.br'), 'utf8')).toBe('br');
    // the nightly round a day before their time keeps them
    expect(keepBuildFiles(dirs, deployedAt + (EARLIER_BUILDS_KEEP_DAYS - 1) * DAY, silent).removed).toBe(0);
    expect(fs.existsSync(kept('Form.A1.js'))).toBe(true);
    // counted from the deploy that replaced them, not from when they were first kept
    expect(keepBuildFiles(dirs, deployedAt + EARLIER_BUILDS_KEEP_DAYS * DAY, silent)).toEqual({ copied: 0, removed: 2, kept: 2 });
    expect(fs.readdirSync(path.join(dirs.earlierBuildsDir, '_astro')).sort()).toEqual(['Form.B2.js', 'Layout.A1.css']);
  });

  it('keeps the build\'s file itself, to the nanosecond of its time, so a host that compares size and time (rsync) sees the file it has', () => {
    build({ 'Form.A1.js': 'form(1)' });
    const own = path.join(dirs.clientDir, '_astro', 'Form.A1.js');
    // a time between two milliseconds: a copy timed by a Date came out a millisecond apart (a review)
    const built = (START - 3 * DAY) / 1000 + 0.000_456_789;
    fs.utimesSync(own, built, built);
    keepBuildFiles(dirs, START, silent);
    expect(fs.statSync(kept('Form.A1.js'), { bigint: true }).mtimeNs).toBe(fs.statSync(own, { bigint: true }).mtimeNs);
    // the next build deletes its dist/: the kept file stays, whole
    build({ 'Form.B2.js': 'form(2)' });
    keepBuildFiles(dirs, START + DAY, silent);
    expect(fs.readFileSync(kept('Form.A1.js'), 'utf8')).toBe('form(1)');
  });

  it("copies a build of another user (root's checkout, the service's data folder), whole and as old to the millisecond", () => {
    build({ 'Form.A1.js': 'form(1)' });
    const own = path.join(dirs.clientDir, '_astro', 'Form.A1.js');
    const built = (START - 3 * DAY) / 1000 + 0.000_456_789;
    fs.utimesSync(own, built, built);
    // the tests run as root (as CI installs its packages): the build handed to another user
    fs.chownSync(own, 4242, 4242);
    keepBuildFiles(dirs, START, silent);
    const copy = fs.statSync(kept('Form.A1.js'));
    expect(copy.ino).not.toBe(fs.statSync(own).ino);
    expect(copy.uid).toBe(process.getuid!());
    expect(Math.trunc(copy.mtimeMs)).toBe(Math.trunc(fs.statSync(own).mtimeMs));
    expect(fs.readFileSync(kept('Form.A1.js'), 'utf8')).toBe('form(1)');
    // the same again: not copied a second time
    expect(keepBuildFiles(dirs, START + DAY, silent).copied).toBe(0);
  });

  it('makes again a kept file that is not the build\'s (a copy a power cut left empty), and removes what a killed start left half-written', () => {
    build({ 'Form.A1.js': 'form(1)' });
    write(kept('Form.A1.js'), '');
    write(kept('Form.A1.js.4242-7.tmp'), 'form(');
    expect(keepBuildFiles(dirs, START, silent).copied).toBe(1);
    expect(fs.readFileSync(kept('Form.A1.js'), 'utf8')).toBe('form(1)');
    expect(fs.readdirSync(path.join(dirs.earlierBuildsDir, '_astro'))).toEqual(['Form.A1.js']);
  });

  it('a time ahead of now in the list (a clock set back since) counts from now', () => {
    build({ 'Form.A1.js': 'form(1)' });
    keepBuildFiles(dirs, START, silent);
    build({ 'Form.B2.js': 'form(2)' });
    fs.writeFileSync(path.join(dirs.earlierBuildsDir, 'kept.json'), JSON.stringify({ 'Form.A1.js': START + 300 * DAY }));
    expect(keepBuildFiles(dirs, START, silent).removed).toBe(0);
    expect(keepBuildFiles(dirs, START + EARLIER_BUILDS_KEEP_DAYS * DAY, silent).removed).toBe(1);
  });

  it('a list that cannot be read keeps every earlier file its full time from now', () => {
    build({ 'Form.A1.js': 'form(1)' });
    keepBuildFiles(dirs, START, silent);
    build({ 'Form.B2.js': 'form(2)' });
    fs.writeFileSync(path.join(dirs.earlierBuildsDir, 'kept.json'), '{ halb');
    const later = START + 30 * DAY;
    expect(keepBuildFiles(dirs, later, silent).removed).toBe(0);
    expect(keepBuildFiles(dirs, later + EARLIER_BUILDS_KEEP_DAYS * DAY, silent).removed).toBe(1);
  });

  it('a folder it cannot write to leaves the start going, said in the log', () => {
    build({ 'Form.A1.js': 'form(1)' });
    // a file where the folder should be: every copy fails, as on a full or read-only disk
    write(path.join(dirs.earlierBuildsDir, '_astro'), 'kein Ordner');
    const warnings: string[] = [];
    expect(keepBuildFiles(dirs, START, { warn: (text: string) => warnings.push(text) }).copied).toBe(0);
    expect(warnings.join('\n')).toMatch(/Form\.A1\.js not kept/);
  });

  it('goes to the static hosts with the site: in the deploy tree, the export and rsync, the build\'s own file winning', async () => {
    build({ 'Form.A1.js': 'form(1)', 'Layout.A1.css': 'a{}' });
    keepBuildFiles(dirs, START, silent);
    build({ 'Form.B2.js': 'form(2)', 'Layout.A1.css': 'a{}' });
    keepBuildFiles(dirs, START + DAY, silent);
    // a kept copy that differs from the build's (never for hashed names; here to see which one is sent)
    fs.rmSync(kept('Layout.A1.css'));
    fs.writeFileSync(kept('Layout.A1.css'), 'kept{}');

    const tree = listSiteTree(dirs);
    expect([...tree.keys()].filter((key) => key.startsWith('_astro/')).sort()).toEqual(['_astro/Form.A1.js', '_astro/Form.B2.js', '_astro/Layout.A1.css']);
    expect(tree.get('_astro/Form.A1.js')).toMatchObject({ area: 'asset', abs: kept('Form.A1.js'), cacheControl: 'public, max-age=31536000, immutable' });
    expect(tree.get('_astro/Layout.A1.css')!.abs).toBe(path.join(dirs.clientDir, '_astro', 'Layout.A1.css'));

    const exported = path.join(root, 'export');
    exportSite(exported, dirs);
    expect(fs.readFileSync(path.join(exported, '_astro', 'Form.A1.js'), 'utf8')).toBe('form(1)');
    expect(fs.readFileSync(path.join(exported, '_astro', 'Layout.A1.css'), 'utf8')).toBe('a{}');

    const destination = path.join(root, 'host');
    fs.mkdirSync(destination);
    // what the host had from the first deploy: rsync's --delete-after must not take it
    write(path.join(destination, '_astro', 'Form.A1.js'), 'form(1)');
    await new RsyncTarget(destination, dirs).deploy(tree);
    expect(fs.readFileSync(path.join(destination, '_astro', 'Form.A1.js'), 'utf8')).toBe('form(1)');
    expect(fs.readFileSync(path.join(destination, '_astro', 'Form.B2.js'), 'utf8')).toBe('form(2)');
    expect(fs.readFileSync(path.join(destination, '_astro', 'Layout.A1.css'), 'utf8')).toBe('a{}');

    // once gone from the kept folder, gone from the host with the next deploy
    keepBuildFiles(dirs, START + (EARLIER_BUILDS_KEEP_DAYS + 1) * DAY, silent);
    await new RsyncTarget(destination, dirs).deploy(listSiteTree(dirs));
    expect(fs.existsSync(path.join(destination, '_astro', 'Form.A1.js'))).toBe(false);
  });
});
