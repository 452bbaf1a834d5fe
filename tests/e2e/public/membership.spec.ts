// Membership page (public-site.md §2 Membership): texts of page 'mitglied' with
// their fallbacks, the QR image / EPC code / dashed placeholder. The form: forms.spec.ts.
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { epcPayload } from '../../../src/lib/epc';
import { HOSTILE, makePageSection, setFooterTexts } from '../../fixtures/factories';
import { expectNoInjectedScript, useSite, withCookieChoice } from './helpers';
import { useEmptySite } from '../../fixtures/shared-site';

test.beforeEach(async ({ context }) => withCookieChoice(context));

test.describe('Mitglied werden, leere Datenbank', () => {
  const site = useEmptySite();

  test("every fallback: header, fee, bank data, 'Name', dashed 'QR Code', thanks and form texts", async ({ page }) => {
    await page.goto(site().url + '/mitglied-werden');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('MITGLIED WERDEN');
    await expect(page.locator('.membership-head .description')).toContainText('36 € pro Jahr und Familie');
    await expect(page.locator('.bank-info')).toHaveText('Überweise 36 € /Jahr');
    await expect(page.locator('.iban')).toHaveText('AT61 1904 3002 3457 3201');
    await expect(page.locator('.bank')).toHaveText('Raiffeisenbank Kirchberg an der Raab');
    await expect(page.locator('.reference')).toHaveText('Name');
    const placeholder = page.locator('.qr-placeholder');
    await expect(placeholder).toHaveText('QR Code');
    await expect(placeholder).toHaveCSS('border-top-style', 'dashed');
    // the built-in IBAN is an example: no payment code is made from it
    await expect(page.locator('.epc-qr')).toHaveCount(0);
    await expect(page.locator('.thanks h2')).toHaveText('Danke für deine Unterstützung!');
    await expect(page.getByRole('heading', { name: 'Trainer oder Spieler bewerben?' })).toBeVisible();
    await expect(page.locator('form')).toContainText('Sende uns eine Nachricht – wir freuen uns auf dich!');
  });
});

test.describe('Mitglied werden, gefüllt mit QR-Bild', () => {
  const site = useSite((db) => {
    const s = (key: string, o: Parameters<typeof makePageSection>[3]) => makePageSection(db, 'mitglied', key, o);
    s('header', { title: 'Werde Teil des Vereins' });
    s('quote', { content: 'Ein Verein, eine Familie.' });
    s('description', { content: 'Der Beitrag beträgt 40 € im Jahr.' });
    s('bank_info', { content: 'Überweise 40 € /Jahr' });
    s('iban', { content: 'AT08 3800 0000 0004 1234' });
    s('bank', { content: 'Steiermärkische Sparkasse' });
    s('verwendungszweck', { content: 'Vor- und Nachname' });
    s('qr_code', { title: 'QR Code', image_url: '/uploads/qr.webp', display_order: 99 });
    s('thanks', { title: 'Vielen Dank!', content: 'Wir freuen uns auf dich.' });
    s('form_title', { content: 'Schreib uns' });
    s('form_description', { content: HOSTILE.script });
    s('quote', { content: 'inaktives Zitat', is_active: false });
  });

  test('all sections from page content, and the stored QR image', async ({ page }) => {
    await page.goto(site().url + '/mitglied-werden');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Werde Teil des Vereins');
    await expect(page.locator('.quote')).toHaveText('Ein Verein, eine Familie.');
    await expect(page.locator('.membership-head .description')).toHaveText('Der Beitrag beträgt 40 € im Jahr.');
    await expect(page.locator('.bank-info')).toHaveText('Überweise 40 € /Jahr');
    await expect(page.locator('.iban')).toHaveText('AT08 3800 0000 0004 1234');
    await expect(page.locator('.bank')).toHaveText('Steiermärkische Sparkasse');
    await expect(page.locator('.reference')).toHaveText('Vor- und Nachname');
    await expect(page.locator('.qr-image')).toHaveAttribute('src', '/uploads/qr.webp');
    await expect(page.locator('.qr-placeholder, .epc-qr')).toHaveCount(0);
    await expect(page.locator('.thanks h2')).toHaveText('Vielen Dank!');
    await expect(page.locator('.thanks')).toContainText('Wir freuen uns auf dich.');
    await expect(page.getByRole('heading', { name: 'Schreib uns' })).toBeVisible();
    await expect(page.locator('form')).toContainText(HOSTILE.script);
    await expectNoInjectedScript(page);
  });
});

test.describe('Mitglied werden, gespeicherte IBAN ohne QR-Bild', () => {
  const site = useSite((db) => {
    makePageSection(db, 'mitglied', 'bank_info', { content: 'Überweise 36 € /Jahr' });
    makePageSection(db, 'mitglied', 'iban', { content: 'AT08 3800 0000 0004 1234' });
    makePageSection(db, 'mitglied', 'bank', { content: 'Steiermärkische Sparkasse, BIC: STSPAT2GXXX' });
    // as the demo club has it: the purpose and a placeholder for the payer's name
    makePageSection(db, 'mitglied', 'verwendungszweck', { content: 'Mitgliedsbeitrag, Vor- und Nachname' });
  });

  test('an EPC bank-transfer QR code for the stored account', async ({ page }) => {
    await page.goto(site().url + '/mitglied-werden');
    const figure = page.locator('.epc-qr');
    await expect(figure).toHaveAttribute('aria-label', 'QR Code für die Überweisung (EPC)');
    await expect(page.locator('.qr-placeholder')).toHaveCount(0);
    const payload = epcPayload({
      name: 'SV Kirchberg an der Raab',
      iban: 'AT08 3800 0000 0004 1234',
      bic: 'STSPAT2GXXX',
      amountCents: 3600,
      text: 'Mitgliedsbeitrag',
    });
    // the reference once, no placeholder text sent to the bank
    expect(payload.split('\n')).toEqual(['BCD', '002', '1', 'SCT', 'STSPAT2GXXX', 'SV Kirchberg an der Raab', 'AT083800000000041234', 'EUR36.00', '', '', 'Mitgliedsbeitrag']);
    // the drawn code is exactly the code of that payload
    const expected = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    const drawnPath = await figure.locator('svg path').last().getAttribute('d');
    expect(drawnPath).toBe(/<path[^>]*stroke="#000000" d="([^"]+)"/.exec(expected)?.[1]);
    // and a real decoder (zbarimg, apt: zbar-tools) reads that payload from the drawn code
    const png = path.join(os.tmpdir(), `epc-${process.pid}.png`);
    fs.writeFileSync(png, await figure.locator('svg').screenshot());
    const decoded = execFileSync('zbarimg', ['--raw', '-q', png], { encoding: 'utf8' });
    fs.rmSync(png);
    expect(decoded.replace(/\n$/, '')).toBe(payload);
  });
});

test.describe('Mitglied werden, Footer ohne Vereinsnamen', () => {
  const site = useSite((db) => {
    makePageSection(db, 'mitglied', 'bank_info', { content: 'Überweise 36 € /Jahr' });
    makePageSection(db, 'mitglied', 'iban', { content: 'AT08 3800 0000 0004 1234' });
    // both name lines left empty in the footer's form (it allows that): the code had no payee, refused by every bank
    setFooterTexts(db, { club_title_line1: '', club_title_line2: '' });
  });

  test("the transfer code names the club as saved when the footer's name lines are empty", async ({ page }) => {
    await page.goto(site().url + '/mitglied-werden');
    const figure = page.locator('.epc-qr');
    const png = path.join(os.tmpdir(), `epc-payee-${process.pid}.png`);
    fs.writeFileSync(png, await figure.locator('svg').screenshot());
    const decoded = execFileSync('zbarimg', ['--raw', '-q', png], { encoding: 'utf8' });
    fs.rmSync(png);
    expect(decoded.split('\n').slice(4, 8)).toEqual(['', 'SV Kirchberg an der Raab', 'AT083800000000041234', 'EUR36.00']);
  });
});
