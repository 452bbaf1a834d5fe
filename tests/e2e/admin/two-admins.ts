import type { Browser } from '@playwright/test';
import { createTestUser, signInAs } from '../../fixtures/auth';
import type { Site } from '../../fixtures/site';

/** Anna and Ben, two admins (or superadmins), each signed in in a browser context of their own. */
export async function twoAdmins(site: Site, browser: Browser, role: 'admin' | 'superadmin' = 'admin') {
  const anna = await createTestUser(site, [role]);
  const ben = await createTestUser(site, [role]);
  const contexts = [await browser.newContext(), await browser.newContext()];
  await signInAs(contexts[0], site, anna);
  await signInAs(contexts[1], site, ben);
  const [annaContext, benContext] = contexts;
  return { anna, ben, contexts, annaContext, benContext };
}
