// What fans and search engines expect beyond the spec: a title, description,
// canonical URL and Open Graph tags on every page, sitemap.xml, robots.txt, an RSS
// feed of the news, an iCalendar feed of the fixtures, and structured data.
import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import Parser from 'rss-parser';
import { HOSTILE, isoMinutesAgo, makeMatch, makeNews, makeSocialLink, makeTeam } from '../../fixtures/factories';
import { loginAs } from '../../fixtures/auth';
import { jsonLdOf, useSite, withCookieChoice } from './helpers';

test.beforeEach(async ({ context }) => withCookieChoice(context));

const STATIC_PAGES = [
  '/', '/news', '/mannschaften', '/nachwuchs', '/spielplan', '/shop', '/sponsoren', '/kontakt',
  '/mitglied-werden', '/vereinsgeschichte', '/impressum', '/datenschutz',
];

const ids: Record<string, string> = {};

test.describe('Suchmaschinen und Feeds', () => {
  const site = useSite((db) => {
    ids.news1 = makeNews(db, { title: 'Saisonauftakt', excerpt: 'Los geht’s!', image_url: '/uploads/auftakt.webp', created_at: isoMinutesAgo(10) }).id;
    ids.news2 = makeNews(db, { title: `${HOSTILE.script} & "Zitat"`, content: `Zeile\u0001mit Steuerzeichen\n${HOSTILE.imgOnError}`, created_at: isoMinutesAgo(20) }).id;
    ids.draft = makeNews(db, { title: 'Entwurf', published: false }).id;
    ids.team = makeTeam(db, { name: 'Kampfmannschaft' }).id;
    ids.winter = makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'SC Weiz, 1b; Reserve', match_date: '2026-01-17', match_time: '14:00', location: 'Kunstrasen\nWeiz', competition: 'Hallencup', sequence: 2 }).id;
    ids.summer = makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'USV Gnas', match_date: '2026-07-04', match_time: '18:30', status: 'finished', home_score: 2, away_score: 2 }).id;
    ids.allDay = makeMatch(db, { home_team: 'Turnier', away_team: 'Alle', match_date: '2026-08-15', match_time: null, status: 'cancelled' }).id;
    ids.badDate = makeMatch(db, { home_team: 'Irgendwann', away_team: 'Niemand', match_date: 'bald' }).id;
    makeSocialLink(db, 'facebook', 'https://facebook.com/svkirchberg');
    makeSocialLink(db, 'instagram', null);
  });

  test('every page has lang="de", its own title and description, a canonical URL from SITE_URL and Open Graph tags', async ({ page }) => {
    const titles = new Set<string>();
    const pages = [...STATIC_PAGES, `/news/${ids.news1}`, `/team/${ids.team}`];
    for (const path of pages) {
      const response = await page.goto(site().url + path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('html'), path).toHaveAttribute('lang', 'de');
      const title = await page.title();
      expect(title, path).toMatch(/SV Kirchberg an der Raab/);
      expect(titles.has(title), `${path}: ${title}`).toBe(false);
      titles.add(title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.trim().length ?? 0, path).toBeGreaterThan(5);
      expect(description!.length, path).toBeLessThanOrEqual(160);
      const canonical = `${site().url}${path === '/' ? '/' : path}`;
      await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', canonical);
      await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute('content', canonical);
      await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute('content', title);
      await expect(page.locator('meta[property="og:description"]'), path).toHaveAttribute('content', description!);
      await expect(page.locator('meta[property="og:type"]'), path).toHaveAttribute('content', path.startsWith('/news/') ? 'article' : 'website');
      await expect(page.locator('meta[property="og:locale"]'), path).toHaveAttribute('content', 'de_AT');
    }
  });

  test('the server stores the address it runs with: a command typed without SITE_URL is told it (decision 058)', async () => {
    const stored = site().db().$client.prepare("SELECT value FROM site_settings WHERE key = 'site.url'").get() as { value: string } | undefined;
    expect(stored?.value).toBe(site().url);
  });

  test('the home page describes the club as a SportsOrganization', async ({ page }) => {
    await page.goto(site().url + '/');
    const org = (await jsonLdOf(page)).find((d) => d['@type'] === 'SportsOrganization');
    expect(org).toMatchObject({
      name: 'SV Kirchberg an der Raab',
      url: `${site().url}/`,
      email: 'office@sv-kirchberg.at',
      address: { '@type': 'PostalAddress', addressCountry: 'AT' },
      sameAs: ['https://facebook.com/svkirchberg'],
    });
  });

  test('sitemap.xml lists the published pages, robots.txt keeps crawlers out of the admin', async ({ request }) => {
    const sitemap = await request.get(site().url + '/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('xml');
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of STATIC_PAGES) expect(locs, path).toContain(`${site().url}${path}`);
    expect(locs).toContain(`${site().url}/news/${ids.news1}`);
    expect(locs).toContain(`${site().url}/team/${ids.team}`);
    expect(locs).not.toContain(`${site().url}/news/${ids.draft}`);
    expect(locs.filter((l) => /\/mannschaften\/.|\/404|nicht-gefunden|\.ics|\.xml|\.json/.test(l))).toEqual([]);
    for (const loc of locs) expect((await request.get(loc)).status(), loc).toBe(200);

    const robots = await (await request.get(site().url + '/robots.txt')).text();
    for (const path of ['/admin', '/auth', '/reset-password']) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain(`Sitemap: ${site().url}/sitemap.xml\n`);
    // the news feed too: its dates tell a search engine which articles are new
    expect(robots).toContain(`Sitemap: ${site().url}/news/feed.xml\n`);
  });

  test('the RSS feed of published news parses, and /news and the home page link to it', async ({ page, request }) => {
    await page.goto(site().url + '/');
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/news/feed.xml');
    await page.goto(site().url + '/news');
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/news/feed.xml');
    const response = await request.get(site().url + '/news/feed.xml');
    // served as a static file: by its extension
    expect(response.headers()['content-type']).toMatch(/xml/);
    const feed = await new Parser().parseString(await response.text());
    expect(feed.title).toBe('News – SV Kirchberg an der Raab');
    expect(feed.link).toBe(`${site().url}/news`);
    expect(feed.items.map((i) => i.title)).toEqual(['Saisonauftakt', `${HOSTILE.script} & "Zitat"`]);
    expect(feed.items[0]).toMatchObject({ link: `${site().url}/news/${ids.news1}`, guid: `${site().url}/news/${ids.news1}`, contentSnippet: 'Los geht’s!' });
    expect(feed.items[0].enclosure).toMatchObject({ url: `${site().url}/uploads/auftakt.webp`, type: 'image/webp' });
    expect(new Date(feed.items[0].pubDate!).getTime()).toBe(Date.parse(isoMinutesAgo(10)));
    expect(feed.items[1].content).toContain('Zeilemit Steuerzeichen');
  });

  test('the iCalendar feed parses, with stable UIDs, Vienna times, sequence and cancellations', async ({ page, request, browser }) => {
    await page.goto(site().url + '/spielplan');
    const host = new URL(site().url).host;
    await expect(page.getByRole('link', { name: 'Spielplan abonnieren' })).toHaveAttribute('href', `webcal://${host}/spielplan.ics`);
    const response = await request.get(site().url + '/spielplan.ics');
    expect(response.headers()['content-type']).toContain('text/calendar');
    const text = await response.text();
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Spielplan SV Kirchberg an der Raab');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Vienna');
    const events = calendar.getAllSubcomponents('vevent').map((v) => ({ v, e: new ICAL.Event(v) }));
    // the row with an unreadable date is left out, the others are events
    expect(events.map(({ e }) => e.uid).sort()).toEqual([ids.winter, ids.summer, ids.allDay].map((id) => `match-${id}@localhost`).sort());
    const vienna = (d: Date) => d.toLocaleString('de-AT', { timeZone: 'Europe/Vienna', dateStyle: 'short', timeStyle: 'short' });
    const winter = events.find(({ e }) => e.uid.includes(ids.winter))!;
    expect(winter.e.summary).toBe('SV Kirchberg – SC Weiz, 1b; Reserve');
    expect(winter.e.location).toBe('Kunstrasen\nWeiz');
    expect(vienna(winter.e.startDate.toJSDate())).toBe('17.01.26, 14:00');
    expect(winter.e.startDate.zone?.tzid).toBe('UTC');
    expect(winter.e.sequence).toBe(2);
    const summer = events.find(({ e }) => e.uid.includes(ids.summer))!;
    expect(vienna(summer.e.startDate.toJSDate())).toBe('04.07.26, 18:30');
    expect(summer.e.summary).toBe('SV Kirchberg – USV Gnas (2:2)');
    const allDay = events.find(({ e }) => e.uid.includes(ids.allDay))!;
    expect(allDay.e.startDate.isDate).toBe(true);
    expect(allDay.e.startDate.toString()).toBe('2026-08-15');
    expect(allDay.v.getFirstPropertyValue('status')).toBe('CANCELLED');
    for (const { v } of events) expect(v.getFirstPropertyValue('dtstamp')).toBeTruthy();
    // after a full republish the same fixtures give the same calendar, UIDs included
    const admin = await browser.newContext();
    await loginAs(admin, site(), 'superadmin');
    const republish = await admin.request.post(`${site().url}/_actions/admin.cacheUpdate`, { headers: { origin: site().url }, data: {} });
    expect(republish.status()).toBe(200);
    await admin.close();
    const again = await (await request.get(site().url + '/spielplan.ics')).text();
    expect(again).toBe(text);
  });
});
