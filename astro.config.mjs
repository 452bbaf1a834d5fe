// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

const port = Number(process.env.PORT ?? 4321);

export default defineConfig({
  // Pages read SITE_URL at run time (src/server/config.ts); this is only Astro's default.
  site: (process.env.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
  output: 'server',
  outDir: process.env.ANSTOSS_DIST ?? './dist',
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
