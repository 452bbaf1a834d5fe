import { eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeNews } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { news } from '../../../src/server/db/schema';
import { epochToViennaLocal, formatDateTime } from '../../../src/lib/dates-de';
import { actionUrl } from '../../fixtures/actions';
import { publicHtml, toaster } from './content-helpers';

// Scheduled news (issue 15, docs/decisions/030) against the production server.
// Its publisher and scheduler run on a fake clock: 14 October 2026, 12:00 in
// Vienna, six times as fast as the real one (ANSTOSS_CLOCK_RATE), so a news
// planned a minute or two ahead goes live within seconds.
const RATE = 6;
test.describe('a news planned a minute ahead', () => {
  let site: Site;
  test.beforeAll(async () => {
    site = await startSite({ env: { ANSTOSS_CLOCK_START: '2026-10-14T10:00:00Z', ANSTOSS_CLOCK_RATE: String(RATE) } });
  });
  test.afterAll(async () => {
    await site.stop();
  });

  /** The server's time now, from the line it logs when it makes its clock. */
  function serverNow(): number {
    const line = /\[clock\] (\S+) at real (\S+), rate (\d+)/.exec(site.logs());
    if (!line) throw new Error(`no [clock] line in the server's log:\n${site.logs()}`);
    expect(Number(line[3])).toBe(RATE);
    return Date.parse(line[1]) + (Date.now() - Date.parse(line[2])) * RATE;
  }

  const MINUTE = 60_000;

  test('a news scheduled a (fake) minute ahead is listed as planned, stays off the site, then goes live by itself', async ({ page, context }) => {
    test.setTimeout(120_000);
    await loginAs(context, site, 'admin');
    await page.goto(`${site.url}/admin#news`);
    await expect(page.getByText('Noch keine News erstellt.')).toBeVisible();
    const form = page.getByRole('form', { name: 'Neue News erstellen' });
    await form.getByLabel('Titel *').fill('Trainingsauftakt im Frühling');
    await form.getByLabel('Inhalt *').fill('Der Auftakt ist am Montag.');

    // an unpublish time before the publish time is refused in German, nothing is sent
    let createCalls = 0;
    page.on('request', (r) => {
      if (actionUrl('admin.news.create').test(r.url())) createCalls++;
    });
    await form.getByLabel('Veröffentlichen am').fill('2026-10-20T18:00');
    await form.getByLabel('Zurückziehen am').fill('2026-10-20T17:00');
    await form.getByRole('button', { name: 'News erstellen' }).click();
    await expect(form.getByText('Das Zurückziehen muss nach dem Veröffentlichen liegen.')).toBeVisible();
    expect(createCalls).toBe(0);
    await form.getByLabel('Zurückziehen am').fill('');

    // the next whole minute at least 150 (fake) seconds ahead: 25 to 35 real seconds, room for a machine busy
    // with the bench beside this spec before the checks that it is not out yet
    let due = Math.ceil((serverNow() + MINUTE) / MINUTE) * MINUTE;
    while (due - serverNow() < 150_000) due += MINUTE;
    await form.getByLabel('Veröffentlichen am').fill(epochToViennaLocal(due));
    await form.getByRole('button', { name: 'News erstellen' }).click();
    await expect(toaster(page).getByText('News erstellt!')).toBeVisible();

    const [stored] = site.db().select().from(news).all();
    expect(stored).toMatchObject({ title: 'Trainingsauftakt im Frühling', published: false, publish_at: due, unpublish_at: null });
    const item = page.locator('.news-item', { hasText: 'Trainingsauftakt im Frühling' });
    await expect(item.locator('.badge')).toHaveText('Geplant');
    // e.g. 'Geplant für 14. Oktober 2026, 12:03 Uhr'
    await expect(item.getByText(`Geplant für ${formatDateTime(due)}`)).toBeVisible();
    expect(formatDateTime(due)).toMatch(/^14\. Oktober 2026, 12:\d{2} Uhr$/);

    // not on the site yet
    expect(serverNow()).toBeLessThan(due);
    expect(await publicHtml(site, '/news')).not.toContain('Trainingsauftakt im Frühling');
    expect((await fetch(`${site.url}/news/${stored.id}`)).status).toBe(404);

    // after the fake minute: on /news and its own page, without anyone saving
    await expect.poll(() => publicHtml(site, '/news'), { timeout: 60_000, intervals: [500] }).toContain('Trainingsauftakt im Frühling');
    expect(serverNow()).toBeGreaterThanOrEqual(due);
    const article = await fetch(`${site.url}/news/${stored.id}`);
    expect(article.status).toBe(200);
    expect(await article.text()).toContain('Der Auftakt ist am Montag.');
    expect(site.db().select().from(news).where(eq(news.id, stored.id)).get()).toMatchObject({ published: true, publish_at: null });
    // the open admin list follows: published, no longer planned
    await expect(item.locator('.badge')).toHaveText('Veröffentlicht', { timeout: 15_000 });
    await expect(item.getByText(/Geplant für/)).toHaveCount(0);
  });
});

test.describe('a server that was down at the publish time', () => {
  // planned for 11:30 in Vienna, but the server only starts at 12:00 (the fake start), and taken off on the 20th at 18:00
  const missed = Date.parse('2026-10-14T09:30:00Z');
  const offOn = Date.parse('2026-10-20T16:00:00Z');
  let late: Site;
  test.beforeAll(async () => {
    late = await startSite({
      seed: (db) => {
        makeNews(db, { title: 'Verpasster Termin', content: 'Ging während der Wartung online.', published: false, publish_at: missed, unpublish_at: offOn });
      },
      env: { ANSTOSS_CLOCK_START: '2026-10-14T10:00:00Z' },
    });
  });
  test.afterAll(async () => {
    await late.stop();
  });

  test('publishes the missed news at its start, and the list says when it is taken off', async ({ page, context }) => {
    await expect.poll(() => publicHtml(late, '/news'), { timeout: 30_000, intervals: [500] }).toContain('Verpasster Termin');
    const [row] = late.db().select().from(news).all();
    expect(row).toMatchObject({ published: true, publish_at: null, unpublish_at: offOn });
    expect((await fetch(`${late.url}/news/${row.id}`)).status).toBe(200);
    await loginAs(context, late, 'admin');
    await page.goto(`${late.url}/admin#news`);
    const item = page.locator('.news-item', { hasText: 'Verpasster Termin' });
    await expect(item.locator('.badge')).toHaveText('Veröffentlicht');
    await expect(item.getByText('Wird zurückgezogen am 20. Oktober 2026, 18:00 Uhr')).toBeVisible();
    // the form shows the planned time as Vienna wall clock
    await item.getByRole('button', { name: 'Bearbeiten' }).click();
    await expect(page.getByLabel('Zurückziehen am')).toHaveValue('2026-10-20T18:00');
    await expect(page.getByLabel('Veröffentlichen am')).toHaveValue('');
  });
});
