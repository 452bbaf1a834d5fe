// Club history (public-site.md §2 Club history).
import { expect, test } from '@playwright/test';
import { HOSTILE, makePageSection } from '../../fixtures/factories';
import { expectNoInjectedScript, useSite, withCookieChoice } from './helpers';
import { useEmptySite } from '../../fixtures/shared-site';

test.beforeEach(async ({ context }) => withCookieChoice(context));

test.describe('Vereinsgeschichte, leere Datenbank', () => {
  const site = useEmptySite();

  test("default title with the club name and 'Inhalte werden geladen...'", async ({ page }) => {
    await page.goto(site().url + '/vereinsgeschichte');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vereinsgeschichte SV Kirchberg an der Raab');
    await expect(page.locator('.history')).toHaveText('Inhalte werden geladen...');
  });
});

test.describe('Vereinsgeschichte, gefüllte Datenbank', () => {
  const site = useSite((db) => {
    makePageSection(db, 'vereinsgeschichte', 'main_content', {
      title: 'Unsere Geschichte',
      meta_title: 'Chronik des Vereins',
      meta_description: 'Von der Gründung 1948 bis heute.',
      content: [
        'Ein Verein mit Geschichte.',
        '',
        'Die Gründung',
        '1948 gründeten zwölf Kirchberger den Verein.',
        'Gespielt wurde auf einer Wiese.',
        '',
        '',
        'Entwicklung und Wachstum',
        'In den 1970ern kam die Jugend dazu.',
        '',
        'Erfolge und Meilensteine',
        'Meister 1985.',
        '',
        'Gemeinschaft und Tradition',
        'Das Sommerfest.',
        '',
        'Blick in die Zukunft',
        'Ein neues Vereinsheim.',
        '',
        'Die Gründung war schön',
        'kein bekannter Titel',
        '',
        HOSTILE.script,
      ].join('\n'),
    });
  });

  test('paragraphs at blank lines; the five known first lines become headings', async ({ page }) => {
    await page.goto(site().url + '/vereinsgeschichte');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Geschichte');
    await expect(page.locator('.history h2')).toHaveText([
      'Die Gründung',
      'Entwicklung und Wachstum',
      'Erfolge und Meilensteine',
      'Gemeinschaft und Tradition',
      'Blick in die Zukunft',
    ]);
    await expect(page.locator('.history-section').nth(0).locator('p')).toHaveText(['1948 gründeten zwölf Kirchberger den Verein.', 'Gespielt wurde auf einer Wiese.']);
    const plain = page.locator('.history > p');
    await expect(plain).toHaveCount(3);
    await expect(plain.nth(0)).toHaveText('Ein Verein mit Geschichte.');
    expect(await plain.nth(1).innerText()).toBe('Die Gründung war schön\nkein bekannter Titel');
    await expect(plain.nth(2)).toHaveText(HOSTILE.script);
    await expect(page.locator('.history')).not.toContainText('Inhalte werden geladen...');
    await expectNoInjectedScript(page);
  });

  test('meta title and description from the stored content', async ({ page }) => {
    await page.goto(site().url + '/vereinsgeschichte');
    await expect(page).toHaveTitle('Chronik des Vereins – SV Kirchberg an der Raab');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Von der Gründung 1948 bis heute.');
  });
});
