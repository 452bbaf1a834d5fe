import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, seed } from '../db/test-db';
import type { Db } from '../db/client';
import { homepageContent, news, teams } from '../db/schema';
import { footerOf, withFooter } from './footer-splice';
import { Publisher } from './publisher';
import { fileForUrl } from './routes';
import { allUrls } from './affected-urls';
import type { Renderer } from './render';

let db: Db;
let siteDir: string;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
beforeEach(() => {
  db = createTestDb();
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-splice-'));
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

/** A page as the layout renders it: its own content, then the footer from the database. */
const footerText = () => db.select().from(homepageContent).where(eq(homepageContent.section_key, 'footer_texts')).get()?.content ?? 'default';
const page = (url: string) => `<html><body><main><footer>${url}</footer></main><footer class="site-footer"><p>${footerText()}</p></footer></body></html>`;

describe('footer splice (docs/decisions/040)', () => {
  it('finds and replaces only the site footer', () => {
    const b = (text: string) => Buffer.from(text);
    const str = (bytes: Buffer | null) => bytes && bytes.toString();
    const html = page('/x');
    expect(str(footerOf(b(html)))).toBe('<footer class="site-footer"><p>default</p></footer>');
    expect(str(withFooter(b(html), b('<footer class="site-footer">neu</footer>')))).toBe(html.replace('<p>default</p>', 'neu'));
    // the bytes around the footer stay as they are, whatever the characters
    const umlauts = `<p>Grüße – ß</p>${html}<p>Ölmühle</p>`;
    expect(str(withFooter(b(umlauts), b('<footer class="site-footer">Größe</footer>')))).toBe(umlauts.replace('<p>default</p>', 'Größe'));
    expect(footerOf(b('<html>no footer</html>'))).toBeNull();
    expect(withFooter(b('<footer class="site-footer">a</footer><footer class="site-footer">b</footer>'), b('x'))).toBeNull();
    expect(footerOf(b('<footer class="site-footer">a<footer>b</footer></footer>'))).toBeNull();
  });

  it('a footer change renders the pages that read it themselves and one more; every other page takes its footer, byte for byte as a fresh render', async () => {
    seed(db, () => {
      for (let i = 0; i < 30; i++) db.insert(news).values({ title: `N${i}`, content: 'x' }).run();
      db.insert(teams).values({ name: 'KM' }).run();
      db.insert(homepageContent).values({ section_key: 'footer_texts', content: 'alt' }).run();
    });
    const rendered: string[] = [];
    const render: Renderer = async (url) => {
      rendered.push(url);
      return { status: 200, headers: {}, body: Buffer.from(url.endsWith('.png') || url.endsWith('.xml') || url.endsWith('.json') || url.endsWith('.ics') || url.endsWith('.txt') || url.endsWith('.ico') ? url : page(url)) };
    };
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet });
    await publisher.publishAll();
    seed(db, () => db.update(homepageContent).set({ content: 'neu' }).where(eq(homepageContent.section_key, 'footer_texts')).run());
    rendered.length = 0;
    const report = await publisher.publishChanges([{ table: 'homepage_content', key: 'footer_texts' }]);
    expect(report.failed).toEqual([]);
    // the home page, the membership and the contact page show footer data in the page itself (the forms'
    // notice without JavaScript names the footer's e-mail); one more gives the footer
    expect(rendered).toContain('/');
    expect(rendered).toContain('/mitglied-werden');
    expect(rendered).toContain('/kontakt');
    expect(rendered.length).toBe(4);
    const pages = allUrls(db).filter((url) => !/\.(png|xml|json|ics|txt|ico)$/.test(url) && !url.startsWith('/verein/'));
    expect(report.written.length).toBeGreaterThanOrEqual(pages.length);
    for (const url of pages) {
      const file = path.join(siteDir, fileForUrl(url));
      expect(fs.readFileSync(file, 'utf8'), url).toBe(page(url));
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString(), url).toBe(page(url));
      expect(fs.existsSync(`${file}.gz`), url).toBe(false);
    }
  });

  it('renders a page whose file has no footer to replace, and one that was never published', async () => {
    seed(db, () => db.insert(homepageContent).values({ section_key: 'footer_texts', content: 'alt' }).run());
    const render: Renderer = async (url) => ({ status: 200, headers: {}, body: Buffer.from(page(url)) });
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet });
    await publisher.publishAll();
    fs.writeFileSync(path.join(siteDir, fileForUrl('/impressum')), '<html>kaputt</html>');
    fs.rmSync(path.join(siteDir, fileForUrl('/kontakt')));
    seed(db, () => db.update(homepageContent).set({ content: 'neu' }).where(eq(homepageContent.section_key, 'footer_texts')).run());
    await publisher.publishChanges([{ table: 'homepage_content', key: 'footer_texts' }]);
    expect(fs.readFileSync(path.join(siteDir, fileForUrl('/impressum')), 'utf8')).toBe(page('/impressum'));
    expect(fs.readFileSync(path.join(siteDir, fileForUrl('/kontakt')), 'utf8')).toBe(page('/kontakt'));
  });

  it("the club's settings change every page's head: everything is rendered", async () => {
    const render: Renderer = async (url) => ({ status: 200, headers: {}, body: Buffer.from(page(url)) });
    const rendered: string[] = [];
    const counting: Renderer = async (url) => (rendered.push(url), render(url));
    const publisher = new Publisher({ db: () => db, siteDir, render: counting, log: quiet });
    await publisher.publishAll();
    rendered.length = 0;
    await publisher.publishChanges([{ table: 'homepage_content', key: 'footer_texts' }, { table: 'club_settings' }]);
    expect(rendered).toContain('/impressum');
    expect(rendered).toContain('/kontakt');
  });
});
