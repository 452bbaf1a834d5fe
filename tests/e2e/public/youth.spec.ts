// Youth (public-site.md §2 Youth, §3 youth_teams with the joined contact).
import { expect, test } from '@playwright/test';
import { HOSTILE, makeContact, makePageSection, makeYouthTeam } from '../../fixtures/factories';
import { expectNoInjectedScript, useSite, withCookieChoice } from './helpers';
import { useEmptySite } from '../../fixtures/shared-site';

test.beforeEach(async ({ context }) => withCookieChoice(context));

test.describe('Nachwuchs, leere Datenbank', () => {
  const site = useEmptySite();

  test("title 'Nachwuchs' and the default club paragraph", async ({ page }) => {
    await page.goto(site().url + '/nachwuchs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nachwuchs');
    await expect(page.locator('.page-head')).toContainText('Die Förderung junger Talente liegt uns besonders am Herzen.');
    await expect(page.locator('main')).toContainText('Noch keine Nachwuchsmannschaften eingetragen.');
  });
});

test.describe('Nachwuchs, gefüllte Datenbank', () => {
  const site = useSite((db) => {
    makePageSection(db, 'nachwuchs', 'header', { title: 'Unsere Jugend', content: 'Über 80 Kinder spielen bei uns.' });
    const coach = makeContact(db, { name: 'Eva Jugendleiterin', role: 'Jugendleiterin', phone: '+43 664 123 45 67', email: 'jugend@sv-kirchberg.at' });
    makeYouthTeam(db, {
      name: 'U9',
      age_group: 'Jahrgang 2017/18',
      description: 'Spielerisches Training.\nMit viel Spaß.',
      players: 14,
      training_schedule: 'Di und Do 17:00–18:15',
      coach: 'Peter Lang',
      contact_info_id: coach.id,
      display_order: 2,
    });
    makeYouthTeam(db, { name: 'U7', players: 9, display_order: 1, description: HOSTILE.script, coach: HOSTILE.longName });
    makeYouthTeam(db, { name: 'U15 (ruhend)', is_active: false, display_order: 0 });
  });

  test('title and intro from page content, active teams in order with all facts', async ({ page }) => {
    await page.goto(site().url + '/nachwuchs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Jugend');
    await expect(page.locator('.page-head')).toContainText('Über 80 Kinder spielen bei uns.');
    const cards = page.locator('.youth-team');
    await expect(cards.locator('h2')).toHaveText(['U7', 'U9']);
    const u9 = cards.nth(1);
    await expect(u9.locator('.age-group')).toHaveText('Jahrgang 2017/18');
    expect(await u9.locator('.youth-description').innerText()).toBe('Spielerisches Training.\nMit viel Spaß.');
    await expect(u9.locator('.youth-players')).toHaveText('14');
    await expect(u9.locator('.youth-training')).toHaveText('Di und Do 17:00–18:15');
    await expect(u9.locator('.youth-coach')).toHaveText('Peter Lang');
    await expect(u9.locator('.youth-contact')).toContainText('Ansprechpartner: Eva Jugendleiterin');
    await expect(u9.getByRole('link', { name: '+43 664 123 45 67' })).toHaveAttribute('href', 'tel:+436641234567');
    await expect(u9.getByRole('link', { name: 'jugend@sv-kirchberg.at' })).toHaveAttribute('href', 'mailto:jugend@sv-kirchberg.at');
    await expect(cards.nth(0).locator('.youth-contact')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('U15 (ruhend)');
    await expectNoInjectedScript(page);
  });
});
