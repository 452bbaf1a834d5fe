import { expect, test } from '@playwright/test';
import { createTestUser } from '../../fixtures/auth';
import { CHROMIUM_ARGS, CHROMIUM_SHELL } from '../../fixtures/browsers';
import { freePort, startSite, type Site } from '../../fixtures/site';
import { signInWithForm } from '../auth/helpers';
import { send } from '../../security/http';

// One build, any host name (issue 12, docs/decisions/021): the same dist/ runs
// under two SITE_URLs with host names the build never saw. On both a
// superadmin signs in through the form and makes a body-less POST (the
// origin check's hardest case), and the published pages name their own host.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_SHELL,
    // the two club names resolve to this machine, as DNS would point them at the server
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.test 127.0.0.1'],
  },
});

const sites: Site[] = [];
test.afterAll(async () => {
  for (const site of sites) await site.stop();
});

for (const host of ['sv-eins.test', 'fc-zwei.test']) {
  test(`the one build serves ${host}: sign-in, a body-less POST, absolute URLs of that host`, async ({ page }) => {
    const port = await freePort();
    const siteUrl = `http://${host}:${port}`;
    const started = await startSite({ port, env: { SITE_URL: siteUrl } });
    sites.push(started);
    const site = { ...started, url: siteUrl };
    const owner = await createTestUser(site, ['superadmin']);

    await signInWithForm(page, site, owner.email, owner.password);
    await expect(page.locator('.toast').filter({ hasText: 'Erfolgreich angemeldet' })).toBeVisible();
    await page.goto(`${siteUrl}/admin`);
    await page.getByRole('button', { name: 'Cache Update' }).click();
    await expect(page.locator('.toast').filter({ hasText: 'Cache aktualisiert' })).toBeVisible();

    // another origin posting to the same action with the admin's cookie is still refused
    const cookie = (await page.context().cookies(siteUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    const direct = `http://127.0.0.1:${port}`;
    const headers = { host: `${host}:${port}`, cookie };
    const foreign = await send(direct, '/_actions/admin.cacheUpdate', { method: 'POST', headers: { ...headers, origin: 'http://angreifer.test' } });
    expect(foreign.status).toBe(403);
    const same = await send(direct, '/_actions/admin.cacheUpdate', { method: 'POST', headers: { ...headers, origin: siteUrl } });
    expect(same.status).toBe(200);

    const home = (await send(direct, '/', { headers })).body;
    expect(home).toContain(`<link rel="canonical" href="${siteUrl}/"`);
    const sitemap = (await send(direct, '/sitemap.xml', { headers })).body;
    expect(sitemap).toContain(`<loc>${siteUrl}/news</loc>`);
    expect(sitemap).not.toContain('localhost');
  });
}
