import { expect, test } from '@playwright/test';
import { useEmptySite } from '../../fixtures/shared-site';

// /favicon.ico is asked for by every browser and many tools, whatever a page links (issue 13).
const site = useEmptySite();

test('/favicon.ico is an icon, and every page links it beside the SVG', async ({ page, request }) => {
  const icon = await request.get(`${site().url}/favicon.ico`);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  const bytes = await icon.body();
  // an ICO header (reserved 0, type 1) with three images
  expect([...bytes.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
  await page.goto(`${site().url}/`);
  await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
  await expect(page.locator('link[rel="icon"][href="/favicon.svg"]')).toHaveCount(1);
});
