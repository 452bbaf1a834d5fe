import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureFileFloor, publishedPages } from './file-floor';

describe("the footer change's floor", () => {
  it('replaces copies of every published page and its brotli copy beside the site, and leaves the site as it was', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-file-floor-'));
    const site = path.join(root, 'site');
    const files: Record<string, string> = {
      'index.html': '<footer class="site-footer">Startseite</footer>',
      'index.html.br': 'br-start',
      'news/index.html': '<p>News</p>',
      'news/index.html.br': 'br-news',
      // a page without a brotli copy, an image and a temp file a killed process left: only the page counts
      '404.html': '<p>Nicht gefunden</p>',
      'news/abc/share.png': 'png',
      'news/.index.html.123.tmp': 'halb',
    };
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
      fs.writeFileSync(path.join(site, name), text);
    }
    const before = new Map(Object.keys(files).map((name) => [name, fs.statSync(path.join(site, name)).mtimeMs]));
    try {
      expect(publishedPages(site).sort((a, b) => a.page.localeCompare(b.page))).toEqual([
        { page: '404.html', copy: null },
        { page: 'index.html', copy: 'index.html.br' },
        { page: path.join('news', 'index.html'), copy: path.join('news', 'index.html.br') },
      ]);
      const floor = measureFileFloor(site, 2);
      expect(floor).toMatchObject({ pages: 3, files: 5 });
      expect(floor.replaceMsPerFile).toBeCloseTo(floor.replaceMs / 5, 0);
      // both are rounded from the same time (0.9 ms: 1 alone, 0 on two cores): equal within the rounding
      expect(Math.abs(floor.brotliMsOnAllCores - floor.brotliMs / 2)).toBeLessThanOrEqual(1);
      const oneCore = measureFileFloor(site, 1);
      expect(oneCore.brotliMsOnAllCores).toBe(oneCore.brotliMs);
      // the site untouched, the copies gone
      for (const [name, text] of Object.entries(files)) {
        expect(fs.readFileSync(path.join(site, name), 'utf8')).toBe(text);
        expect(fs.statSync(path.join(site, name)).mtimeMs).toBe(before.get(name));
      }
      expect(fs.readdirSync(root)).toEqual(['site']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
