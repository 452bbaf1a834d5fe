import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onFileChanged, removePublishedFile, writePublishedFile } from './files';

let dir: string;
let announced: string[];
let stopListening: () => void;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-files-'));
  announced = [];
  stopListening = onFileChanged((file) => announced.push(path.relative(dir, file)));
});
afterEach(() => {
  stopListening();
  fs.rmSync(dir, { recursive: true, force: true });
});

const page = () => path.join(dir, 'news', 'index.html');
const inode = (file: string) => fs.statSync(file).ino;
const past = (file: string, seconds: number) => fs.utimesSync(file, new Date(Date.now() - seconds * 1000), new Date(Date.now() - seconds * 1000));

describe('writePublishedFile (decision 044)', () => {
  it('leaves a page that holds the same bytes alone: same file, same copy, nothing announced', async () => {
    await writePublishedFile(page(), Buffer.from('<h1>News</h1>'));
    const before = { page: inode(page()), copy: inode(`${page()}.br`) };
    announced = [];
    await writePublishedFile(page(), Buffer.from('<h1>News</h1>'));
    expect({ page: inode(page()), copy: inode(`${page()}.br`) }).toEqual(before);
    expect(announced).toEqual([]);
  });

  it('writes a page whose bytes differ, even at the same length, with its copy', async () => {
    await writePublishedFile(page(), Buffer.from('<h1>2025</h1>'));
    announced = [];
    await writePublishedFile(page(), Buffer.from('<h1>2026</h1>'));
    expect(fs.readFileSync(page(), 'utf8')).toBe('<h1>2026</h1>');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${page()}.br`)).toString()).toBe('<h1>2026</h1>');
    expect(announced.sort()).toEqual(['news/index.html', 'news/index.html.br']);
  });

  it('writes the same bytes again when the brotli copy is missing or older than the page (an interrupted publish)', async () => {
    await writePublishedFile(page(), Buffer.from('<h1>News</h1>'));
    fs.rmSync(`${page()}.br`);
    await writePublishedFile(page(), Buffer.from('<h1>News</h1>'));
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${page()}.br`)).toString()).toBe('<h1>News</h1>');

    fs.writeFileSync(`${page()}.br`, zlib.brotliCompressSync('<h1>Alt</h1>'));
    past(`${page()}.br`, 60);
    await writePublishedFile(page(), Buffer.from('<h1>News</h1>'));
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${page()}.br`)).toString()).toBe('<h1>News</h1>');
  });

  it('still removes a gzip copy an older publish left beside an unchanged page', async () => {
    await writePublishedFile(page(), Buffer.from('<h1>News</h1>'));
    fs.writeFileSync(`${page()}.gz`, zlib.gzipSync('<h1>Alt</h1>'));
    await writePublishedFile(page(), Buffer.from('<h1>News</h1>'));
    expect(fs.existsSync(`${page()}.gz`)).toBe(false);
  });

  it('leaves an unchanged image alone too (images get no copy)', async () => {
    const image = path.join(dir, 'teilen', 'spiel', 'a.png');
    await writePublishedFile(image, Buffer.from([1, 2, 3]));
    const before = inode(image);
    await writePublishedFile(image, Buffer.from([1, 2, 3]));
    expect(inode(image)).toBe(before);
    await writePublishedFile(image, Buffer.from([1, 2, 4]));
    expect([...fs.readFileSync(image)]).toEqual([1, 2, 4]);
  });
});

describe('removePublishedFile', () => {
  it('removes the copies before the page (a stop in between leaves the page, which a publish finds again), then the emptied folder', async () => {
    await writePublishedFile(page(), Buffer.from('<h1>alt</h1>'));
    fs.writeFileSync(`${page()}.gz`, zlib.gzipSync('<h1>alt</h1>'));
    announced = [];
    expect(await removePublishedFile(page(), dir)).toBe(true);
    expect(announced).toEqual(['news/index.html.br', 'news/index.html.gz', 'news/index.html']);
    expect(fs.existsSync(path.join(dir, 'news'))).toBe(false);
  });
});
