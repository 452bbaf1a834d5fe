// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

const port = Number(process.env.PORT ?? 4321);

export default defineConfig({
  // Canonical, Open Graph, sitemap and feed URLs come from here, never from the
  // request: the publisher renders on a loopback URL.
  site: (process.env.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  security: { checkOrigin: true },
  server: { port },
  vite: {
    ssr: { external: ['better-sqlite3', 'sharp', '@node-rs/argon2'] },
  },
});
