// Imprint and privacy policy (public-site.md §2 Imprint, Privacy).
import { expect, test } from '@playwright/test';
import { formatDate } from '../../../src/lib/dates-de';
import { HOSTILE, makePageSection } from '../../fixtures/factories';
import { expectNoInjectedScript, useSite, withCookieChoice } from './helpers';
import { useEmptySite } from '../../fixtures/shared-site';

test.beforeEach(async ({ context }) => withCookieChoice(context));

test.describe('Impressum und Datenschutz, leere Datenbank', () => {
  const site = useEmptySite();

  test('the imprint shows the four fixed sections with their default texts', async ({ page }) => {
    await page.goto(site().url + '/impressum');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impressum');
    const sections = page.locator('.imprint-section');
    await expect(sections).toHaveCount(4);
    expect(await sections.evaluateAll((s) => s.map((e) => e.getAttribute('data-section')))).toEqual(['medieninhaber', 'vereinsregister', 'datenschutz', 'haftungsausschluss']);
    await expect(sections.locator('h2')).toHaveText(['Medieninhaber und Herausgeber', 'Vereinsregister', 'Datenschutz', 'Haftungsausschluss']);
    await expect(sections.nth(0)).toContainText('SV Kirchberg an der Raab');
    await expect(sections.nth(0)).toContainText('Vereinszweck');
    await expect(sections.nth(1)).toContainText('ZVR-Zahl');
    await expect(sections.nth(2).getByRole('link', { name: 'Zur Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
    await expect(sections.nth(3)).toContainText('Die Inhalte dieser Website wurden mit größtmöglicher Sorgfalt erstellt.');
  });

  test("the privacy policy's seven default sections and the 'Stand' line", async ({ page }) => {
    await page.goto(site().url + '/datenschutz');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutzerklärung');
    await expect(page.locator('.privacy-default h2')).toHaveText([
      '1. Verantwortliche Stelle',
      '2. Erhebung personenbezogener Daten',
      '3. Cookies',
      '4. Kontaktformular',
      '5. Ihre Rechte',
      '6. Speicherdauer',
      '7. Änderungen',
    ]);
    await expect(page.locator('.privacy-default')).toContainText('Server-Logdateien');
    await expect(page.locator('.privacy-default')).toContainText('Art. 6 Abs. 1 lit. a DSGVO');
    await expect(page.locator('.privacy-default')).toContainText('Datenschutzbehörde');
    // the day the site was published, minutes ago (across midnight either)
    const days = [...new Set([formatDate(new Date(Date.now() - 30 * 60_000)), formatDate(new Date())])].map((day) => day.replace(/\./g, '\\.'));
    await expect(page.locator('.stand')).toHaveText(new RegExp(`^Stand: (${days.join('|')})$`));
  });
});

test.describe('Impressum und Datenschutz, gefüllte Datenbank', () => {
  const site = useSite((db) => {
    makePageSection(db, 'imprint', 'medieninhaber', { title: 'Medieninhaber', content: 'USV Musterdorf\nHauptplatz 1', display_order: 5 });
    makePageSection(db, 'imprint', 'haftungsausschluss', { title: 'Haftung', content: 'Eigener Haftungstext.', display_order: 1 });
    makePageSection(db, 'imprint', 'vereinsregister', { title: 'Alt', content: 'inaktiv', is_active: false });
    makePageSection(db, 'imprint', 'bildrechte', { title: 'Bildrechte', content: 'Fotos: Vereinsarchiv', display_order: 10 });
    makePageSection(db, 'imprint', 'urheber', { title: 'Urheberrecht', content: HOSTILE.script, display_order: 11 });
    makePageSection(db, 'imprint', 'entwurf', { title: 'Entwurf', content: 'nicht aktiv', is_active: false, display_order: 12 });
    makePageSection(db, 'datenschutz', 'main_content', {
      title: 'Datenschutz',
      content: [
        '<h2>Unsere Datenschutzerklärung</h2>',
        'Erste Zeile',
        'Zweite Zeile',
        '<table><tr><th>Zweck</th><td>Mitgliederverwaltung</td></tr></table>',
        '<p><a href="https://www.dsb.gv.at" target="_blank">Datenschutzbehörde</a> <a href="javascript:window.__xss=1">böser Link</a></p>',
        '<img src="/uploads/logo.webp" alt="Logo" onerror="window.__xss=1">',
        '<script>window.__xss = 1</script><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="x"></form>',
        '<span style="position:fixed" onclick="window.__xss=1" class="hinweis" id="hinweis">Hinweis</span>',
      ].join('\n'),
    });
  });

  test('stored imprint texts replace the defaults; active extra sections follow in display order', async ({ page }) => {
    await page.goto(site().url + '/impressum');
    const sections = page.locator('.imprint-section');
    await expect(sections.locator('h2')).toHaveText(['Medieninhaber', 'Vereinsregister', 'Datenschutz', 'Haftung', 'Bildrechte', 'Urheberrecht']);
    expect(await sections.nth(0).locator('p').first().innerText()).toBe('USV Musterdorf\nHauptplatz 1');
    // an inactive stored section does not replace the default
    await expect(sections.nth(1)).toContainText('ZVR-Zahl');
    await expect(sections.nth(3)).toContainText('Eigener Haftungstext.');
    await expect(sections.nth(5)).toContainText(HOSTILE.script);
    await expect(page.locator('main')).not.toContainText('nicht aktiv');
    await expectNoInjectedScript(page);
  });

  test('stored privacy HTML is shown sanitised with line breaks', async ({ page }) => {
    await page.goto(site().url + '/datenschutz');
    const content = page.locator('.privacy-content');
    await expect(page.locator('.privacy-default')).toHaveCount(0);
    await expect(content.getByRole('heading', { name: 'Unsere Datenschutzerklärung' })).toBeVisible();
    expect(await content.innerText()).toContain('Erste Zeile\nZweite Zeile');
    await expect(content.locator('table td')).toHaveText('Mitgliederverwaltung');
    const dsb = content.getByRole('link', { name: 'Datenschutzbehörde' });
    await expect(dsb).toHaveAttribute('href', 'https://www.dsb.gv.at');
    await expect(dsb).toHaveAttribute('rel', /noopener/);
    await expect(content.getByText('böser Link')).toBeVisible();
    expect(await content.getByText('böser Link').getAttribute('href')).toBeNull();
    await expect(content.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', '/uploads/logo.webp');
    await expect(content.locator('script, iframe, form, input, [style], [onerror], [onclick]')).toHaveCount(0);
    await expect(content.locator('span.hinweis#hinweis')).toHaveText('Hinweis');
    await expectNoInjectedScript(page);
  });
});
