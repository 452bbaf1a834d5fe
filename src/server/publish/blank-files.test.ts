import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankFilesIn, blankFolderFor } from './blank-files';
import { writePublishedFile } from './files';
import { writeCacheVersionFile } from './version';

let root: string;
let site: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-blanks-'));
  site = path.join(root, 'site');
  fs.mkdirSync(site);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const page = (name = 'news') => path.join(site, name, 'index.html');
/** every file under the folder, with its inode */
const filesUnder = (dir: string): Map<string, number> => {
  const found = new Map<string, number>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) found.set(path.join(entry.parentPath, entry.name), fs.statSync(path.join(entry.parentPath, entry.name)).ino);
  }
  return found;
};

describe('blank files (decision 046, update of 11-29)', () => {
  it('lives beside the site folder, not in it (never served, never deployed)', () => {
    expect(blankFolderFor(site)).toBe(path.join(root, '.site-blanks'));
    expect(path.relative(site, blankFolderFor(site)).startsWith('..')).toBe(true);
  });

  it('makes empty files ahead; a new page, its brotli copy and the cache version file are written into them', async () => {
    const blanks = blankFilesIn(blankFolderFor(site), site, 8);
    expect(await blanks.fill(() => false)).toBe(8);
    const made = filesUnder(blankFolderFor(site));
    expect(made.size).toBe(8);
    expect([...made.keys()].every((file) => fs.statSync(file).size === 0)).toBe(true);

    await writePublishedFile(page(), Buffer.from('<h1>Neu</h1>'), { blanks });
    writeCacheVersionFile(site, 7, { blanks });
    expect(blanks.ready).toBe(5);
    // the published files are three of the blanks, renamed into the site: no file was made for them
    const published = filesUnder(site);
    expect([...published.keys()].map((file) => path.relative(site, file)).sort()).toEqual(['cache-version.json', 'news/index.html', 'news/index.html.br'].sort());
    const blankInodes = new Set(made.values());
    expect([...published.values()].every((ino) => blankInodes.has(ino))).toBe(true);
    expect(fs.readFileSync(page(), 'utf8')).toBe('<h1>Neu</h1>');
    expect(JSON.parse(fs.readFileSync(path.join(site, 'cache-version.json'), 'utf8')).version).toBe(7);
    expect(filesUnder(blankFolderFor(site)).size).toBe(5);

    // a replaced page gets a blank too, never the old version's inode again
    const oldInode = fs.statSync(page()).ino;
    await writePublishedFile(page(), Buffer.from('<h1>Neuer</h1>'), { blanks });
    expect(fs.readFileSync(page(), 'utf8')).toBe('<h1>Neuer</h1>');
    expect(fs.statSync(page()).ino).not.toBe(oldInode);
    expect(blankInodes.has(fs.statSync(page()).ino)).toBe(true);
    expect(blanks.ready).toBe(3);
  });

  it('stops making them as soon as a job starts, and goes on at the next quiet moment', async () => {
    const blanks = blankFilesIn(blankFolderFor(site), site, 20);
    expect(await blanks.fill(() => true)).toBe(0);
    // asked once before its subfolder is made, then before each blank
    let asked = 0;
    expect(await blanks.fill(() => ++asked > 6)).toBe(5);
    expect(blanks.ready).toBe(5);
    expect(await blanks.fill(() => false)).toBe(15);
    expect(filesUnder(blankFolderFor(site)).size).toBe(20);
  });

  it('without any ready, or with their folder gone, a page is written as before', async () => {
    const blanks = blankFilesIn(blankFolderFor(site), site, 4);
    await writePublishedFile(page('a'), Buffer.from('a'), { blanks });
    expect(fs.readFileSync(page('a'), 'utf8')).toBe('a');
    await blanks.fill(() => false);
    fs.rmSync(blankFolderFor(site), { recursive: true });
    await writePublishedFile(page('b'), Buffer.from('b'), { blanks });
    expect(fs.readFileSync(page('b'), 'utf8')).toBe('b');
    expect(fs.readFileSync(`${page('b')}.br`).length).toBeGreaterThan(0);
    // nothing half-written is left in the site
    expect([...filesUnder(site).keys()].map((file) => path.relative(site, file)).sort()).toEqual(['a/index.html', 'a/index.html.br', 'b/index.html', 'b/index.html.br']);
  });

  it('takes over the blanks of a process that ended, never those of one that runs', async () => {
    const dir = blankFolderFor(site);
    // a pid that is gone: a process that ran and ended
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const left = path.join(dir, `${ended}-abc`);
    const running = path.join(dir, `${process.ppid}-abc`);
    // an earlier process with this one's id (a container's server after a restart): gone too
    const samePid = path.join(dir, `${process.pid}-earlier`);
    for (const folder of [left, samePid, running]) {
      fs.mkdirSync(folder, { recursive: true });
      for (let i = 0; i < 3; i++) fs.writeFileSync(path.join(folder, `b${i}`), '');
    }
    // one a killed process was writing into, in each gone folder (either may be the one taken over): longer than the page written into it
    for (const folder of [left, samePid]) fs.writeFileSync(path.join(folder, 'b2'), 'halb geschr');
    const goneInodes = new Set([...filesUnder(left).values(), ...filesUnder(samePid).values()]);
    const blanks = blankFilesIn(dir, site, 3);
    expect(await blanks.fill(() => false)).toBe(0);
    expect(blanks.ready).toBe(3);
    // either of the two gone processes' folders may be the one taken over: its blanks are now this process's
    const takenOver = new Set([...filesUnder(dir)].filter(([file]) => !file.startsWith(running)).map(([, ino]) => ino));
    expect(takenOver.size).toBe(3);
    expect([...takenOver].every((ino) => goneInodes.has(ino))).toBe(true);
    expect(fs.existsSync(left)).toBe(false);
    // one gone process's folder is taken over, the others are removed
    expect(fs.readdirSync(dir).filter((name) => name.startsWith(`${process.pid}-`))).toHaveLength(1);
    expect(fs.existsSync(samePid)).toBe(false);
    expect(filesUnder(running).size).toBe(3);
    for (const name of ['x', 'y', 'z']) await writePublishedFile(page(name), Buffer.from(`<p>${name}</p>`), { blanks });
    // three pages and their copies: three of them in the taken-over blanks (a half-written one emptied first)
    expect([...filesUnder(site).values()].filter((ino) => takenOver.has(ino))).toHaveLength(3);
    for (const name of ['x', 'y', 'z']) expect(fs.readFileSync(page(name), 'utf8')).toBe(`<p>${name}</p>`);
    expect(filesUnder(running).size).toBe(3);
  });

  it("makes each fill's blanks in a subfolder of their own, and removes the ones emptied (decision 050)", async () => {
    const dir = blankFolderFor(site);
    const blanks = blankFilesIn(dir, site, 3);
    await blanks.fill(() => false);
    const own = path.join(dir, fs.readdirSync(dir)[0]);
    const subfoldersNow = () => fs.readdirSync(own).sort();
    const first = subfoldersNow();
    expect(first).toHaveLength(1);
    expect(fs.readdirSync(path.join(own, first[0]))).toHaveLength(3);
    for (const name of ['a', 'b', 'c']) writeCacheVersionFile(path.join(site, name), 1, { blanks });
    expect(blanks.ready).toBe(0);
    // the next fill makes its blanks in a new subfolder, and the emptied one goes
    expect(await blanks.fill(() => false)).toBe(3);
    const second = subfoldersNow();
    expect(second).toHaveLength(1);
    expect(second[0]).not.toBe(first[0]);
    expect(fs.readdirSync(path.join(own, second[0]))).toHaveLength(3);
    // the process's folder asks ext4 to place its subfolders apart (attribute T), where the file system has it
    const probe = spawnSync('lsattr', ['-d', own], { encoding: 'utf8' });
    if (probe.status === 0) expect(probe.stdout.split(' ')[0]).toContain('T');
    else expect(probe.status).not.toBe(0);
  });

  it("a write with no blank ready makes its temp file and a new page's folders where the blanks are, not in the site (decision 050)", async () => {
    const dir = blankFilesIn(blankFolderFor(site), site, 0);
    await dir.prepare();
    // what files.ts makes, by name (the originals taken before the spies replace them)
    const { writeFileSync, mkdirSync } = fs;
    const made: string[] = [];
    const folders: string[] = [];
    const writes = vi.spyOn(fs, 'writeFileSync').mockImplementation((file, ...rest) => {
      made.push(String(file));
      return writeFileSync(file, ...rest);
    });
    const mkdirs = vi.spyOn(fs, 'mkdirSync').mockImplementation(((folder: fs.PathLike, options?: fs.MakeDirectoryOptions) => {
      folders.push(String(folder));
      return mkdirSync(folder, options);
    }) as typeof fs.mkdirSync);
    try {
      await writePublishedFile(page('verein/vorstand'), Buffer.from('<h1>Vorstand</h1>'), { blanks: dir });
    } finally {
      writes.mockRestore();
      mkdirs.mockRestore();
    }
    expect(fs.readFileSync(page('verein/vorstand'), 'utf8')).toBe('<h1>Vorstand</h1>');
    expect(fs.readFileSync(`${page('verein/vorstand')}.br`).length).toBeGreaterThan(0);
    const inBlanks = (file: string) => file.startsWith(blankFolderFor(site) + path.sep);
    expect(made).toHaveLength(2);
    expect(made.every(inBlanks)).toBe(true);
    // `verein` and `verein/vorstand` were made there and renamed into the site
    expect(folders).toHaveLength(2);
    expect(folders.every(inBlanks)).toBe(true);
    // nothing is left where they were made
    expect([...filesUnder(blankFolderFor(site)).keys()]).toEqual([]);
  });

  it('fills the subfolder the start made when nothing was made in it yet', async () => {
    const blanks = blankFilesIn(blankFolderFor(site), site, 2);
    await blanks.prepare();
    const own = path.join(blankFolderFor(site), fs.readdirSync(blankFolderFor(site))[0]);
    const atStart = fs.readdirSync(own);
    expect(atStart).toHaveLength(1);
    expect(await blanks.fill(() => false)).toBe(2);
    expect(fs.readdirSync(own)).toEqual(atStart);
    expect(fs.readdirSync(path.join(own, atStart[0]))).toHaveLength(2);
  });

  it('gives the job after one that made temp files a new subfolder for its own (decision 050)', async () => {
    const dir = blankFilesIn(blankFolderFor(site), site, 1);
    await dir.fill(() => false);
    const own = path.join(blankFolderFor(site), fs.readdirSync(blankFolderFor(site))[0]);
    const first = fs.readdirSync(own);
    for (const name of ['a', 'b', 'c']) fs.mkdirSync(path.join(site, name));
    // a job that only took a blank: the next one makes its files where this one did
    await dir.prepare();
    writeCacheVersionFile(path.join(site, 'a'), 1, { blanks: dir });
    await dir.prepare();
    expect(fs.readdirSync(own)).toEqual(first);
    // a job that made a temp file there (no blank left): the next one gets a new subfolder, the emptied one goes
    writeCacheVersionFile(path.join(site, 'b'), 1, { blanks: dir });
    await dir.prepare();
    const second = fs.readdirSync(own);
    expect(second).toHaveLength(1);
    expect(second[0]).not.toBe(first[0]);
    writeCacheVersionFile(path.join(site, 'c'), 1, { blanks: dir });
    expect(JSON.parse(fs.readFileSync(path.join(site, 'c', 'cache-version.json'), 'utf8')).version).toBe(1);
  });

  it("never removes the subfolder a job writes into when a fill and the job's start overlap", async () => {
    for (const fillFirst of [true, false]) {
      const folder = blankFolderFor(path.join(root, `site-${fillFirst}`));
      const blanks = blankFilesIn(folder, path.join(root, `site-${fillFirst}`), 4);
      await blanks.prepare();
      // the last job made a temp file: the fill after it and the next job's start both make a subfolder
      blanks.tempFile();
      let jobRuns = false;
      let fill: Promise<number>;
      let start: Promise<void>;
      if (fillFirst) {
        fill = blanks.fill(() => jobRuns);
        jobRuns = true;
        start = blanks.prepare();
      } else {
        jobRuns = true;
        start = blanks.prepare();
        fill = blanks.fill(() => jobRuns);
      }
      await start;
      const during = path.dirname(blanks.tempFile()!);
      await fill;
      expect({ fillFirst, exists: fs.existsSync(during), later: path.dirname(blanks.tempFile()!) }).toEqual({ fillFirst, exists: true, later: during });
    }
  });

  it('hands none out once a blank could not be renamed into the site', async () => {
    const blanks = blankFilesIn(blankFolderFor(site), site, 2);
    await blanks.fill(() => false);
    blanks.unusable();
    expect(blanks.take()).toBeNull();
    expect(blanks.ready).toBe(0);
  });
});
