// Contact page content (public-site.md §2 Contact, §3 contact_info roles). The form itself: forms.spec.ts.
import { expect, test } from '@playwright/test';
import { HOSTILE, isoMinutesAgo, makeContact } from '../../fixtures/factories';
import { expectNoInjectedScript, useSite, withCookieChoice } from './helpers';

test.beforeEach(async ({ context }) => withCookieChoice(context));

test.describe('Kontakt, leere Datenbank', () => {
  const site = useSite();

  test('the three sections with their fallbacks, and the contact form fields', async ({ page }) => {
    await page.goto(site().url + '/kontakt');
    await expect(page.locator('.contact-persons h2')).toHaveText('Ansprechpartner');
    await expect(page.locator('.contact-persons')).toContainText('Die Kontaktdaten werden gerade aktualisiert.');
    await expect(page.locator('.club-address-section h2')).toHaveText('Vereinsadresse');
    await expect(page.locator('.club-address-section')).toContainText('Die Kontaktdaten werden gerade aktualisiert.');
    await expect(page.locator('.officials h2')).toHaveText('Funktionäre');
    await expect(page.locator('.officials')).toContainText('Keine Funktionäre verfügbar.');
    const form = page.locator('.contact-form form');
    // the island wakes when the visitor reaches for it (client:interaction)
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('Name').focus();
    await expect(form.getByLabel('Name')).toBeVisible();
    await expect(form.getByLabel('E-Mail')).toHaveAttribute('type', 'email');
    await expect(form.getByLabel('Betreff')).toBeVisible();
    await expect(form.getByLabel('Nachricht')).toHaveAttribute('rows', '5');
    await expect(form.locator('.captcha-question')).toHaveText(/^([1-9]|10) \+ ([1-9]|10) = \?$/);
  });
});

test.describe('Kontakt, gefüllte Datenbank', () => {
  const site = useSite((db) => {
    makeContact(db, { name: 'Franz Obmann', role: 'Obmann', phone: '0664 111 22 33', email: 'obmann@sv-kirchberg.at', created_at: isoMinutesAgo(50) });
    makeContact(db, { name: 'Vereinsheim', role: 'Vereinsadresse', address: 'Sportplatzweg 1\n8324 Kirchberg an der Raab', phone: '03115 1234', email: 'office@sv-kirchberg.at', office_hours: 'https://www.sv-kirchberg.at', created_at: isoMinutesAgo(40) });
    makeContact(db, { name: 'Kassierin Klara', role: 'Funktionär', office_hours: 'Kassierin', email: 'kassa@sv-kirchberg.at', created_at: isoMinutesAgo(30) });
    makeContact(db, { name: 'Anna Sektion', role: 'Sektionsleiterin', email: HOSTILE.jsUrl, created_at: isoMinutesAgo(45) });
    makeContact(db, { name: HOSTILE.script, role: 'Funktionär', office_hours: HOSTILE.imgOnError, created_at: isoMinutesAgo(20) });
  });

  test('contact persons in creation order, with phone and mail links', async ({ page }) => {
    await page.goto(site().url + '/kontakt');
    const persons = page.locator('.contact-person');
    await expect(persons.locator('h3')).toHaveText(['Franz Obmann', 'Anna Sektion']);
    await expect(persons.nth(0).getByRole('link', { name: '0664 111 22 33' })).toHaveAttribute('href', 'tel:06641112233');
    await expect(persons.nth(0).getByRole('link', { name: 'obmann@sv-kirchberg.at' })).toHaveAttribute('href', 'mailto:obmann@sv-kirchberg.at');
    await expect(persons.nth(1)).toContainText('Sektionsleiterin');
    await expect(page.locator('.contact-persons')).not.toContainText('Die Kontaktdaten werden gerade aktualisiert.');
  });

  test("the club address card with 'Website/Informationen'", async ({ page }) => {
    await page.goto(site().url + '/kontakt');
    const card = page.locator('.club-address');
    await expect(card.locator('h3')).toHaveText('Vereinsheim');
    await expect(card).toContainText('8324 Kirchberg an der Raab');
    // the way there on a map, as the match pages show their ground's
    const map = card.getByRole('link', { name: 'Auf der Karte zeigen (OpenStreetMap)' });
    const query = new URL((await map.getAttribute('href'))!).searchParams.get('query');
    expect(query).toContain('8324 Kirchberg an der Raab');
    expect(query).not.toContain('\n');
    await expect(card.locator('.club-website')).toContainText('Website/Informationen:');
    const site_ = card.getByRole('link', { name: 'https://www.sv-kirchberg.at' });
    await expect(site_).toHaveAttribute('target', '_blank');
    await expect(site_).toHaveAttribute('rel', /noopener/);
  });

  test('officials with their function as a badge', async ({ page }) => {
    await page.goto(site().url + '/kontakt');
    const officials = page.locator('.official');
    await expect(officials.locator('h3')).toHaveText(['Kassierin Klara', HOSTILE.script]);
    await expect(officials.nth(0).locator('.official-function')).toHaveText('Kassierin');
    await expect(officials.nth(1).locator('.official-function')).toHaveText(HOSTILE.imgOnError);
    await expectNoInjectedScript(page);
  });
});
