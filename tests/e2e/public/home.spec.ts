// Home (public-site.md §2 Home, §3 homepage_content, §9): empty and filled.
import { expect, test } from '@playwright/test';
import {
  HOSTILE,
  makeNews,
  makePlayer,
  makeSponsor,
  makeTeam,
  setHomepageSection,
  isoMinutesAgo,
  makeSocialLink,
  setFooterTexts,
} from '../../fixtures/factories';
import { expectNoEmoji, expectNoInjectedScript, rgb, useSite, withCookieChoice, expectNoSidewaysScroll } from './helpers';
import { useEmptySite } from '../../fixtures/shared-site';

test.beforeEach(async ({ context }) => withCookieChoice(context));

test.describe('Startseite, leere Datenbank', () => {
  const site = useEmptySite();

  test('hero with the default name lines, colours, welcome text and buttons', async ({ page }) => {
    await page.goto(site().url + '/');
    const h1 = page.locator('.hero h1');
    await expect(h1.locator('.hero-line1')).toHaveText('SV Kirchberg');
    await expect(h1.locator('.hero-line2')).toHaveText('an der Raab');
    await expect(h1.locator('.hero-line1')).toHaveCSS('color', rgb('#1e40af'));
    await expect(h1.locator('.hero-line2')).toHaveCSS('color', rgb('#3b82f6'));
    await expect(page.locator('.hero-welcome')).toHaveCSS('color', rgb('#6b7280'));
    await expect(page.locator('.hero-welcome')).toContainText('Willkommen beim SV Kirchberg an der Raab');
    await expect(page.locator('.hero .actions a').nth(0)).toHaveAttribute('href', '/mitglied-werden');
    await expect(page.locator('.hero .actions a').nth(1)).toHaveAttribute('href', '/vereinsgeschichte');
    await expect(page.locator('.hero')).not.toHaveClass(/has-image/);
  });

  test("next-match card with the spec's fallbacks", async ({ page }) => {
    await page.goto(site().url + '/');
    const card = page.locator('.next-match');
    await expect(card.getByRole('heading', { name: 'Nächstes Spiel' })).toBeVisible();
    await expect(card.locator('.team-a')).toHaveText('SV Kirchberg');
    await expect(card.locator('.team-b')).toHaveText('Gegner');
    await expect(card.locator('.match-date')).toHaveText('10. August 2024');
    await expect(card.locator('.match-time')).toHaveText('16:00 Uhr');
    await expect(card.locator('.match-location')).toHaveText('Sportplatz Kirchberg');
    await expect(card.getByRole('link', { name: 'Mehr zum Spiel' })).toHaveAttribute('href', '/spielplan');
    // logos fall back to icons drawn as SVG, not emoji
    await expect(card.locator('.logo svg')).toHaveCount(2);
    await expectNoEmoji(page);
  });

  test('empty states of news, teams and sponsors, and their links', async ({ page }) => {
    await page.goto(site().url + '/');
    await expect(page.locator('.home-news')).toContainText('Noch keine News veröffentlicht.');
    await expect(page.locator('.home-news').getByRole('link', { name: 'Alle News anzeigen' })).toHaveAttribute('href', '/news');
    await expect(page.locator('.home-teams')).toContainText('Noch keine Mannschaften eingetragen.');
    await expect(page.locator('.home-sponsors')).toContainText('Noch keine Sponsoren hinzugefügt.');
    await expect(page.locator('.home-sponsors').getByRole('link', { name: 'Kontakt aufnehmen' })).toHaveAttribute('href', '/kontakt');
  });

  test('the global header and footer', async ({ page }) => {
    await page.goto(site().url + '/');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const hrefs = await nav.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/', '/news', '/mannschaften', '/nachwuchs', '/spielplan', '/shop', '/sponsoren', '/kontakt', '/impressum']);
    await expect(nav.getByRole('link', { name: 'Startseite' })).toHaveAttribute('aria-current', 'page');
    const footer = page.locator('footer');
    await expect(footer).toContainText('Schnellzugriff');
    await expect(footer).toContainText('© 2024 SV Kirchberg an der Raab');
    await expect(footer).toContainText('Steiermark, Österreich');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});

test.describe('Startseite, gefüllte Datenbank', () => {
  let ids: Record<string, string> = {};
  const site = useSite((db) => {
    setHomepageSection(db, 'hero_text', {
      title: 'FC Teststadt',
      content: 'seit 1921',
      button_text: 'Servus und herzlich willkommen!',
      match_date: '#aa0000',
      match_time: '#00aa00',
      match_location: '#0000aa',
    });
    setHomepageSection(db, 'hero_welcome', { content: 'wird vom Hero-Text überschrieben', button_text: 'Jetzt beitreten', button_link: '/kontakt' });
    setHomepageSection(db, 'hero_secondary_button', { content: 'Unsere Chronik', button_link: HOSTILE.jsUrl });
    setHomepageSection(db, 'hero_background', { image_url: '/uploads/hero.webp' });
    setHomepageSection(db, 'next_match', {
      content: 'SV Kirchberg vs. USV Gnas',
      image_url: '/uploads/kirchberg.webp',
      button_text: '/uploads/gnas.webp',
      button_link: '/spielplan#gnas',
      match_date: '2026-11-29',
      match_time: '14:30',
      match_location: 'Sportplatz Gnas',
    });
    // four published news and two that must not show: an unpublished newer one and an older one
    makeNews(db, { title: 'Entwurf', published: false, created_at: isoMinutesAgo(0) });
    ids.n1 = makeNews(db, { title: 'Neueste Meldung', excerpt: 'Kurzfassung der neuesten Meldung', image_url: '/uploads/n1.webp', created_at: isoMinutesAgo(1) }).id;
    ids.n2 = makeNews(db, { title: HOSTILE.script, content: 'y'.repeat(400), created_at: isoMinutesAgo(2) }).id;
    ids.n3 = makeNews(db, { title: 'Dritte Meldung', content: 'kurz', image_url: HOSTILE.jsUrl, created_at: isoMinutesAgo(3) }).id;
    makeNews(db, { title: 'Vierte Meldung', created_at: isoMinutesAgo(4) });
    // teams out of insertion order; the first three by display order show
    const third = makeTeam(db, { name: 'Reserve', display_order: 3 });
    const first = makeTeam(db, { name: 'Kampfmannschaft', display_order: 1, description: 'Unsere erste Mannschaft', achievements: ['Meister 2019', HOSTILE.imgOnError] });
    const second = makeTeam(db, { name: HOSTILE.longName, category: 'jugend', display_order: 2 });
    makeTeam(db, { name: 'Altherren', display_order: 4 });
    for (let i = 0; i < 3; i++) makePlayer(db, first.id);
    makePlayer(db, third.id);
    ids.first = first.id;
    ids.second = second.id;
    ids.third = third.id;
    makeSponsor(db, { name: 'Autohaus Muster', tier: 'gold', website_url: 'https://autohaus.example.at', logo_url: '/uploads/autohaus.webp' });
    makeSponsor(db, { name: 'Bäckerei Korn', tier: 'premium', website_url: HOSTILE.jsUrl });
    setFooterTexts(db, {
      club_title_line1: 'FC Teststadt',
      club_title_line2: 'von 1921',
      club_description: 'Fußball im Bezirk.',
      quick_links_title: 'Direkt zu',
      contact_title: 'Schreib uns',
      contact_location1: 'Hauptplatz 3',
      contact_location2: '8330 Feldbach',
      contact_location3: '',
      contact_email: 'info@teststadt.example',
      social_title: 'Social Media',
      copyright_text: '© 2026 FC Teststadt',
    });
    makeSocialLink(db, 'instagram', 'https://instagram.com/teststadt', { title: 'Instagram', display_order: 2 });
    makeSocialLink(db, 'facebook', 'https://facebook.com/teststadt', { title: 'Facebook', display_order: 1 });
    makeSocialLink(db, 'whatsapp', null, { title: 'WhatsApp', display_order: 3 });
    makeSocialLink(db, 'tiktok', 'https://tiktok.com/@teststadt', { title: 'TikTok', display_order: 4, is_active: false });
    makeSocialLink(db, 'myspace', HOSTILE.jsUrl, { title: 'Myspace', display_order: 5 });
  });

  test('footer texts from footer_texts; social links with a URL, active, in order', async ({ page }) => {
    await page.goto(site().url + '/');
    const footer = page.locator('footer');
    await expect(footer.locator('.club-title span')).toHaveText(['FC Teststadt', 'von 1921']);
    await expect(footer).toContainText('Fußball im Bezirk.');
    await expect(footer.getByRole('heading', { name: 'Direkt zu' })).toBeVisible();
    await expect(footer.getByRole('heading', { name: 'Schreib uns' })).toBeVisible();
    await expect(footer.locator('address div')).toHaveText(['Hauptplatz 3', '8330 Feldbach', 'info@teststadt.example']);
    await expect(footer.getByRole('link', { name: 'info@teststadt.example' })).toHaveAttribute('href', 'mailto:info@teststadt.example');
    await expect(footer).toContainText('© 2026 FC Teststadt');
    await expect(footer.getByRole('heading', { name: 'Social Media' })).toBeVisible();
    const social = footer.locator('.social-links a');
    await expect(social).toHaveText(['Facebook', 'Instagram']);
    await expect(social.nth(0)).toHaveAttribute('href', 'https://facebook.com/teststadt');
    await expect(social.nth(0)).toHaveAttribute('target', '_blank');
    // the footer is the same on every page
    await page.goto(site().url + '/impressum');
    await expect(page.locator('footer .social-links a')).toHaveText(['Facebook', 'Instagram']);
    await expect(page.locator('footer')).toContainText('© 2026 FC Teststadt');
  });

  test('hero from hero_text, hero_welcome, hero_secondary_button and hero_background', async ({ page }) => {
    await page.goto(site().url + '/');
    await expect(page.locator('.hero-line1')).toHaveText('FC Teststadt');
    await expect(page.locator('.hero-line2')).toHaveText('seit 1921');
    await expect(page.locator('.hero-line1')).toHaveCSS('color', rgb('#aa0000'));
    await expect(page.locator('.hero-line2')).toHaveCSS('color', rgb('#00aa00'));
    await expect(page.locator('.hero-welcome')).toHaveText('Servus und herzlich willkommen!');
    await expect(page.locator('.hero-welcome')).toHaveCSS('color', rgb('#0000aa'));
    await expect(page.getByRole('link', { name: 'Jetzt beitreten' })).toHaveAttribute('href', '/kontakt');
    // a javascript: target is never used; the default target stays
    await expect(page.getByRole('link', { name: 'Unsere Chronik' })).toHaveAttribute('href', '/vereinsgeschichte');
    await expect(page.locator('.hero')).toHaveClass(/has-image/);
    await expect(page.locator('.hero .hero-image')).toHaveAttribute('src', '/uploads/hero.webp');
  });

  test('next-match card from next_match, with logos and German date', async ({ page }) => {
    await page.goto(site().url + '/');
    const card = page.locator('.next-match');
    await expect(card.locator('.team-a')).toHaveText('SV Kirchberg');
    await expect(card.locator('.team-b')).toHaveText('USV Gnas');
    await expect(card.getByRole('img', { name: 'Logo SV Kirchberg' })).toHaveAttribute('src', '/uploads/kirchberg.webp');
    await expect(card.getByRole('img', { name: 'Logo USV Gnas' })).toHaveAttribute('src', '/uploads/gnas.webp');
    await expect(card.locator('.match-date')).toHaveText('29. November 2026');
    await expect(card.locator('.match-time')).toHaveText('14:30 Uhr');
    await expect(card.locator('.match-location')).toHaveText('Sportplatz Gnas');
    await expect(card.getByRole('link', { name: 'Mehr zum Spiel' })).toHaveAttribute('href', '/spielplan#gnas');
  });

  test('the three newest published news, with image or "Bild folgt", date, excerpt and "Weiterlesen"', async ({ page }) => {
    await page.goto(site().url + '/');
    const cards = page.locator('.home-news .news-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.locator('h3')).toHaveText(['Neueste Meldung', HOSTILE.script, 'Dritte Meldung']);
    await expect(cards.nth(0).locator('img')).toHaveAttribute('src', '/uploads/n1.webp');
    await expect(cards.nth(0).locator('.excerpt')).toHaveText('Kurzfassung der neuesten Meldung');
    await expect(cards.nth(0).locator('time')).toHaveText('20. November 2026');
    await expect(cards.nth(1).locator('.card-media')).toHaveText('Bild folgt');
    await expect(cards.nth(1).locator('.excerpt')).toHaveText(`${'y'.repeat(150)}…`);
    // an image URL that is not http(s) or a site path is not shown
    await expect(cards.nth(2).locator('.card-media')).toHaveText('Bild folgt');
    await expect(cards.nth(0).getByRole('link', { name: /Weiterlesen/ })).toHaveAttribute('href', `/news/${ids.n1}`);
    await expect(page.locator('.home-news')).not.toContainText('Entwurf');
    await expect(page.locator('.home-news')).not.toContainText('Vierte Meldung');
  });

  test('the first three teams by display order with count, achievements and link', async ({ page }) => {
    await page.goto(site().url + '/');
    const cards = page.locator('.home-teams .team-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.locator('h3')).toHaveText(['Kampfmannschaft', HOSTILE.longName, 'Reserve']);
    await expect(cards.nth(0).locator('.player-count')).toHaveText('3 Spieler');
    await expect(cards.nth(1).locator('.player-count')).toHaveText('0 Spieler');
    await expect(cards.nth(0).locator('.team-description')).toHaveText('Unsere erste Mannschaft');
    await expect(cards.nth(1).locator('.team-description')).toHaveText('Eine Mannschaft mit Leidenschaft und Teamgeist.');
    await expect(cards.nth(0).locator('.achievements strong')).toHaveText('Erfolge:');
    await expect(cards.nth(0).locator('.achievements li')).toHaveText(['Meister 2019', HOSTILE.imgOnError]);
    await expect(cards.nth(2).locator('.achievements')).toHaveCount(0);
    // no photo: an icon by category, drawn as SVG
    await expect(cards.nth(1).locator('.card-media svg.icon-ball')).toHaveCount(1);
    await expect(cards.nth(0).locator('.card-media svg.icon-trophy')).toHaveCount(1);
    await expect(cards.nth(0).getByRole('link', { name: /Team ansehen/ })).toHaveAttribute('href', `/team/${ids.first}`);
    await expect(page.locator('.home-teams')).not.toContainText('Altherren');
  });

  test('sponsor grid: logo or name, new tab with noopener, never a javascript: link', async ({ page }) => {
    await page.goto(site().url + '/');
    const grid = page.locator('.home-sponsors .sponsor');
    await expect(grid).toHaveCount(2);
    // premium before gold
    await expect(grid.nth(0)).toContainText('Bäckerei Korn');
    await expect(grid.nth(0).locator('a')).toHaveCount(0);
    const logoLink = grid.nth(1).locator('a');
    await expect(logoLink).toHaveAttribute('href', 'https://autohaus.example.at');
    await expect(logoLink).toHaveAttribute('target', '_blank');
    await expect(logoLink).toHaveAttribute('rel', /noopener/);
    await expect(logoLink.getByRole('img', { name: 'Autohaus Muster' })).toBeVisible();
  });

  test('hostile content stays text', async ({ page }) => {
    await page.goto(site().url + '/');
    await expectNoInjectedScript(page);
    await expectNoEmoji(page);
    await expectNoSidewaysScroll(page);
    await page.goto(site().url + '/mannschaften');
    await expectNoSidewaysScroll(page);
  });
});
