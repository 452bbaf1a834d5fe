// A club renamed in 'Verein' (decision 055): the spec's built-in texts state the built-in club's
// address, e-mail, register number, bank account and ground. On a renamed club's site none of them
// stands: its legal pages give its own name and the address saved in 'Kontakt', its membership page
// no account until one is saved, its next-match card and sample fixtures its own name and ground.
import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { saveClubSettings } from '../../../src/server/services/admin/club';
import { saveHomeSection } from '../../../src/server/services/admin/home';
import { FOOTER_DEFAULTS } from '../../../src/server/content/defaults';
import { publicHtml, toaster } from '../admin/content-helpers';
import { useSite } from './helpers';

const site = useSite((db) => {
  saveClubSettings({ short_name: 'Union Gnas', long_name: 'SV Union Gnas 1946', crest_url: null, primary_color: '#0f766e', secondary_color: '#fde047', home_ground: 'Sportzentrum Gnas' }, db);
});

/** The built-in club's facts, as the spec's texts give them. */
const BUILT_IN_FACTS = ['Kirchberg', 'Sportplatzweg', '8324', 'sv-kirchberg.at', 'ZVR-Zahl: 123456789', 'Bezirkshauptmannschaft Weiz', 'AT61 1904', 'Raiffeisenbank'];
const ROUTES = ['/', '/impressum', '/datenschutz', '/mitglied-werden', '/spielplan', '/kontakt', '/news'];

test("a renamed club's pages state none of the built-in club's facts", async ({ page }) => {
  for (const route of ROUTES) {
    const response = await fetch(`${site().url}${route}`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status, route).toBe(200);
    const html = await response.text();
    for (const fact of BUILT_IN_FACTS) expect(html, `${route}: ${fact}`).not.toContain(fact);
  }

  await page.goto(`${site().url}/impressum`);
  const sections = page.locator('.imprint-section');
  // the register entry has no built-in text for this club: left out, not the built-in club's number
  await expect(sections).toHaveCount(3);
  await expect(sections.first().locator('p').first()).toHaveText(/^SV Union Gnas 1946\s+Vereinszweck: Förderung und Ausübung des Fußballsports/);
  await page.goto(`${site().url}/datenschutz`);
  await expect(page.locator('.privacy-default section').first()).toContainText('Verantwortlich für die Datenverarbeitung auf dieser Website ist: SV Union Gnas 1946.');

  await page.goto(`${site().url}/mitglied-werden`);
  const transfer = page.locator('.bank-transfer');
  await expect(transfer.locator('.bank-info')).toHaveText('Überweise 36 € /Jahr');
  await expect(transfer.locator('.iban')).toHaveCount(0);
  await expect(transfer.locator('.bank')).toHaveCount(0);
  await expect(transfer.locator('.reference')).toHaveText('Name');

  await page.goto(`${site().url}/`);
  await expect(page.locator('.team-a')).toHaveText('Union Gnas');
  // its structured data's logo is the icon drawn for it, not the build's icon with the built-in initials
  const organisation = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(organisation).toMatchObject({ name: 'SV Union Gnas 1946', logo: `${site().url}/verein/icon-512.png` });
  expect(organisation).not.toHaveProperty('address');
  expect(organisation).not.toHaveProperty('email');
  await expect(page.locator('footer.site-footer .club-title')).toHaveText('SV Union Gnas 1946');
  await expect(page.locator('footer.site-footer')).toContainText('© 2024 SV Union Gnas 1946. Alle Rechte vorbehalten.');
  await expect(page.locator('.match-location')).toHaveText('Sportzentrum Gnas');
  // the footer has no contact lines of its own yet: none are shown, and no empty heading
  await expect(page.locator('footer.site-footer address')).toHaveCount(0);
  await page.goto(`${site().url}/spielplan`);
  await expect(page.getByText('SV Union Gnas 1946').first()).toBeVisible();
  await expect(page.getByText('Sportzentrum Gnas').first()).toBeVisible();
});

test("the club address saved in 'Kontakt' becomes the imprint's and the privacy policy's, and the admin's defaults follow", async ({ page, context }) => {
  await loginAs(context, site(), 'admin');
  // no e-mail anywhere yet: the inbox says its inquiries are announced to no one, the imprint card lacks the address
  await page.goto(`${site().url}/admin#mitglied`);
  await expect(page.locator('.no-recipient')).toContainText('Neue Anfragen werden an keine E-Mail-Adresse gemeldet');
  await page.goto(`${site().url}/admin#impressum`);
  await expect(page.locator('.imprint-fixed [data-section="medieninhaber"] .address-missing')).toBeVisible();
  await page.goto(`${site().url}/admin#kontakt`);
  const form = page.getByRole('form', { name: 'Vereinsadresse' });
  await form.getByLabel('Vereinsname *').fill('SV Union Gnas 1946');
  await form.getByLabel('Adresse').fill('Hauptplatz 3\n8342 Gnas');
  await form.getByLabel('E-Mail').fill('office@union-gnas.at');
  await form.getByRole('button', { name: 'Vereinsadresse speichern' }).click();
  await expect(toaster(page).getByText('Veröffentlicht')).toBeVisible();

  const imprint = await publicHtml(site(), '/impressum');
  expect(imprint).toContain('SV Union Gnas 1946\nHauptplatz 3\n8342 Gnas\nE-Mail: office@union-gnas.at\n\nVereinszweck');
  const privacy = await publicHtml(site(), '/datenschutz');
  expect(privacy).toContain('ist: SV Union Gnas 1946, Hauptplatz 3, 8342 Gnas. E-Mail: office@union-gnas.at');

  // the admin sees the texts the site falls back to, and which ones it leaves out
  await page.goto(`${site().url}/admin#impressum`);
  await expect(page.locator('.imprint-fixed [data-section="medieninhaber"] .section-content')).toContainText('Hauptplatz 3');
  await expect(page.locator('.imprint-fixed .address-missing')).toHaveCount(0);
  await expect(page.locator('.imprint-fixed [data-section="vereinsregister"] .section-missing')).toHaveText('Kein Standardtext für diesen Verein: Der Abschnitt erscheint erst mit eigenem Text.');
  await page.goto(`${site().url}/admin#mitglied`);
  await expect(page.locator('.membership-sections [data-section="iban"] .section-missing')).toHaveText('Kein Standardtext für diesen Verein: Die Zeile erscheint erst mit eigenem Eintrag.');
  await expect(page.locator('.no-recipient')).toHaveCount(0);
  await page.goto(`${site().url}/admin#startseite`);
  await expect(page.getByLabel('Ort', { exact: true })).toHaveValue('Sportzentrum Gnas');
});

test("'Verein' names where texts saved before the rename still state the built-in club's facts", async ({ page, context }) => {
  // the footer saved as its form showed it while the club was the built-in one
  saveHomeSection({ section_key: 'footer_texts', texts: { ...FOOTER_DEFAULTS } }, site().db());
  await loginAs(context, site(), 'superadmin');
  await page.goto(`${site().url}/admin#verein`);
  await expect(page.locator('.club-manager .built-in-facts')).toHaveText(
    'Hier stehen noch Angaben des SV Kirchberg an der Raab (Adresse, E-Mail, Vereinsregister, Konto oder Heimstätte): Startseite (Hero, nächstes Spiel, Fußzeile). Bitte dort die eigenen eintragen.',
  );
});
