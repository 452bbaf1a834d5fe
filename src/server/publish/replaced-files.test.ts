import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writePublishedFile } from './files';
import { replacedFilesIn, replacedFolderFor, waitingBytes } from './replaced-files';

let root: string;
let site: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-replaced-'));
  site = path.join(root, 'site');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const page = () => path.join(site, 'news', 'index.html');
const links = (file: string) => fs.statSync(file).nlink;

describe('replaced files (decision 046)', () => {
  it('lives beside the site folder, not in it (never served, never deployed)', () => {
    expect(replacedFolderFor(site)).toBe(path.join(root, '.site-replaced'));
    expect(path.relative(site, replacedFolderFor(site)).startsWith('..')).toBe(true);
  });

  it('keeps the old versions of a replaced page and its copy until freed, then removes them and its folder', async () => {
    const replaced = replacedFilesIn(replacedFolderFor(site));
    await writePublishedFile(page(), Buffer.from('<h1>alt</h1>'), { replaced });
    // a new page has no old version
    expect(replaced.waiting).toBe(0);
    const old = { page: fs.statSync(page()).ino, copy: fs.statSync(`${page()}.br`).ino };
    await writePublishedFile(page(), Buffer.from('<h1>neu</h1>'), { replaced });
    expect(fs.readFileSync(page(), 'utf8')).toBe('<h1>neu</h1>');
    expect(replaced.waiting).toBe(2);
    const kept = fs.readdirSync(replacedFolderFor(site)).map((name) => fs.statSync(path.join(replacedFolderFor(site), name)));
    expect(kept.map((s) => s.ino).sort()).toEqual([old.page, old.copy].sort());
    // the site's files have one name each: the old versions are no longer reachable from the site
    expect([links(page()), links(`${page()}.br`)]).toEqual([1, 1]);

    expect(await replaced.free(() => false)).toBe(2);
    expect(replaced.waiting).toBe(0);
    expect(fs.existsSync(replacedFolderFor(site))).toBe(false);
    expect(fs.readFileSync(page(), 'utf8')).toBe('<h1>neu</h1>');
  });

  it('tells how much disk space the waiting old versions give back: files whose only name is there', async () => {
    const replaced = replacedFilesIn(replacedFolderFor(site));
    expect(waitingBytes(replacedFolderFor(site), root)).toBe(0);
    // random bytes: a file system that compresses (btrfs, ZFS) keeps them at their size
    await writePublishedFile(page(), crypto.randomBytes(64 * 1024), { replaced });
    await writePublishedFile(page(), crypto.randomBytes(64 * 1024), { replaced });
    // the old page and its brotli copy (random bytes do not shrink): 64 KB each, and a block or so more
    const bytes = waitingBytes(replacedFolderFor(site), root);
    expect(bytes).toBeGreaterThanOrEqual(2 * 64 * 1024);
    expect(bytes).toBeLessThan(3 * 64 * 1024);
    // counting may stop once it has enough
    expect(waitingBytes(replacedFolderFor(site), root, 1)).toBeLessThan(bytes);
    // a second name elsewhere keeps the data on the disk after freeing: not counted
    const kept = fs.readdirSync(replacedFolderFor(site)).map((name) => path.join(replacedFolderFor(site), name));
    fs.linkSync(kept[0], path.join(root, 'elsewhere'));
    expect(waitingBytes(replacedFolderFor(site), root)).toBeLessThan(bytes);
    expect(waitingBytes(replacedFolderFor(site), root)).toBeGreaterThanOrEqual(64 * 1024);
    await replaced.free(() => false);
    expect(waitingBytes(replacedFolderFor(site), root)).toBe(0);
  });

  it('stops freeing as soon as a job starts, and frees the rest on the next call', async () => {
    const replaced = replacedFilesIn(replacedFolderFor(site));
    for (let i = 0; i < 5; i++) await writePublishedFile(page(), Buffer.from(`<h1>${i}</h1>`), { replaced });
    expect(replaced.waiting).toBe(8);
    let calls = 0;
    expect(await replaced.free(() => ++calls > 3)).toBe(3);
    expect(replaced.waiting).toBe(5);
    expect(fs.readdirSync(replacedFolderFor(site))).toHaveLength(5);
    expect(await replaced.free(() => false)).toBe(5);
    expect(fs.existsSync(replacedFolderFor(site))).toBe(false);
  });

  it('frees the versions a job kept while the last pass was still removing the emptied folder', async () => {
    const replaced = replacedFilesIn(replacedFolderFor(site));
    fs.mkdirSync(path.dirname(page()), { recursive: true });
    fs.writeFileSync(page(), '<h1>alt</h1>');
    // a first job that only made new pages: the folder was made, nothing is kept in it
    replaced.keep(path.join(site, 'neu.html'));
    // libuv's threads kept busy, so that the pass's rmdir waits until the next job has kept its version
    const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    const busy = Array.from({ length: threads }, () => new Promise((resolve) => crypto.pbkdf2('x', 'y', 200_000, 32, 'sha256', resolve)));
    const earlier = replaced.free(() => false);
    // the next job keeps an old version before that pass has ended (its rmdir is under way)
    replaced.keep(page());
    const kept = replaced.waiting;
    await replaced.free(() => false);
    await Promise.all([earlier, ...busy]);
    expect({ kept, waiting: replaced.waiting }).toEqual({ kept: 1, waiting: 0 });
    expect(fs.existsSync(replacedFolderFor(site))).toBe(false);
  });

  it('frees what a killed process left behind, and writes on when the folder was removed meanwhile', async () => {
    fs.mkdirSync(replacedFolderFor(site), { recursive: true });
    fs.writeFileSync(path.join(replacedFolderFor(site), '123-left-0'), 'alt');
    const replaced = replacedFilesIn(replacedFolderFor(site));
    expect(replaced.waiting).toBe(1);
    await replaced.free(() => false);
    expect(fs.existsSync(replacedFolderFor(site))).toBe(false);
    await writePublishedFile(page(), Buffer.from('<h1>a</h1>'), { replaced });
    await writePublishedFile(page(), Buffer.from('<h1>b</h1>'), { replaced });
    expect(replaced.waiting).toBe(2);
    expect(fs.readFileSync(page(), 'utf8')).toBe('<h1>b</h1>');
  });

  it('where no second name can be made, the page is replaced all the same', async () => {
    // a file where the folder should be: every link fails
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(replacedFolderFor(site), 'im Weg');
    const replaced = replacedFilesIn(replacedFolderFor(site));
    await writePublishedFile(page(), Buffer.from('<h1>a</h1>'), { replaced });
    await writePublishedFile(page(), Buffer.from('<h1>b</h1>'), { replaced });
    expect(fs.readFileSync(page(), 'utf8')).toBe('<h1>b</h1>');
    expect(replaced.waiting).toBe(0);
  });
});
