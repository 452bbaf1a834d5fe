// An admin's calls over HTTP, as the admin panel makes them: Astro's action
// endpoint with JSON, the session cookie and the site's own Origin.
import { createSession, SESSION_COOKIE } from '../../src/server/auth/session';
import { createTestUser } from '../fixtures/auth';
import type { Site } from '../fixtures/site';

export type AdminClient = {
  /** the status, and an error's JSON body (a success is devalue-encoded and not read here) */
  call: (action: string, input: unknown) => Promise<{ status: number; body: { message?: string; code?: string } | null }>;
  cookie: string;
};

export async function adminClient(site: Site): Promise<AdminClient> {
  const user = await createTestUser(site, ['admin']);
  const { token } = createSession(site.db(), user.id);
  const cookie = `${SESSION_COOKIE}=${token}`;
  return {
    cookie,
    call: async (action, input) => {
      const response = await fetch(`${site.url}/_actions/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.url, cookie },
        body: JSON.stringify(input),
      });
      const text = await response.text();
      if (response.ok) return { status: response.status, body: null };
      try {
        return { status: response.status, body: JSON.parse(text) };
      } catch {
        return { status: response.status, body: { message: text.slice(0, 200) } };
      }
    },
  };
}

export const newsInput = (title: string) => ({ title, content: `Bericht ${title}`, excerpt: '', image_url: '', published: true });
