import type { APIRoute } from 'astro';
import { siteUrl } from '../server/config';

export const GET: APIRoute = () => {
  const site = siteUrl();
  return new Response(
    `User-agent: *\nDisallow: /admin\nDisallow: /auth\nDisallow: /reset-password\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', site).href}\n`,
    { headers: { 'content-type': 'text/plain; charset=utf-8' } },
  );
};
