// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import AstroPWA from '@vite-pwa/astro';
import { filterPrecache, pageScriptChunks, publicStylesheets } from './src/lib/pwa-precache.ts';
import { precompressAssets } from './src/server/http/precompress.ts';
import { serverBundles } from './src/server/server-bundles.ts';
import { interactionDirective } from './src/integrations/interaction-directive.ts';
import { buildWithoutViteEnvNames } from './src/integrations/build-env.ts';
import { trustedScripts } from './src/integrations/trusted-scripts.ts';

const port = Number(process.env.PORT ?? 4321);
const site = (process.env.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');

// The service worker (src/sw.ts, docs/decisions/006): @vite-pwa/astro builds it
// into <outDir>/client/sw.js with the precache list injected. The client build
// tells which hashed JavaScript public pages run by themselves (islands are
// fetched on first use), Astro's build manifest which stylesheets they link.
/** @type {{ js: Set<string> | null, css: Set<string> | null }} */
const publicFiles = { js: null, css: null };
/** @type {import('vite').Plugin} */
const collectPublicChunks = {
  name: 'anstoss:public-chunks',
  apply: 'build',
  generateBundle(_options, bundle) {
    // Astro runs a server and a client build; only the client build ships to browsers
    if (this.environment ? this.environment.name !== 'client' : false) return;
    const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
    if (chunks.some((chunk) => chunk.fileName.startsWith('_astro/'))) publicFiles.js = pageScriptChunks(chunks);
  },
};
/** @type {import('astro').AstroIntegration} */
const collectPublicStyles = {
  name: 'anstoss:public-styles',
  hooks: {
    'astro:build:ssr': ({ manifest }) => {
      publicFiles.css = publicStylesheets(manifest.routes);
    },
  },
};

const pwa = AstroPWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  // public/manifest.webmanifest is the manifest, linked from src/layouts/Site.astro
  manifest: false,
  // src/lib/pwa-client.ts registers the worker
  injectRegister: false,
  registerType: 'autoUpdate',
  injectManifest: {
    rollupFormat: 'iife',
    globPatterns: ['_astro/**/*.{js,css,woff2,svg,png,webp}', 'icons/*.png', 'favicon.svg', 'manifest.webmanifest', 'offline.html'],
    manifestTransforms: [async (entries) => ({ manifest: filterPrecache(entries, publicFiles), warnings: [] })],
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  // Pages read SITE_URL at run time (src/server/config.ts); this is only Astro's default.
  site,
  output: 'server',
  outDir: process.env.ANSTOSS_DIST ?? './dist',
  // a page is rendered whole, then sent: the publisher writes whole files, and rendering a page as a string
  // instead of a stream of chunks took 5–12 % less CPU (issue 16; docs/decisions/047)
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // precompressAssets last: it compresses what the others wrote (sw.js included)
  // the build's environment first: Vite must not take DEV=1 from it (src/integrations/build-env.ts)
  // trustedScripts: the inline scripts a page may run, listed from what the build emits (decision 010)
  integrations: [buildWithoutViteEnvNames(), react(), interactionDirective(), trustedScripts(), collectPublicStyles, pwa, serverBundles(), precompressAssets()],
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  security: {
    checkOrigin: true,
    // The origin check compares a POST's Origin with the address the browser
    // used. In middleware mode Astro takes that host from the Host header only
    // when it matches allowedDomains (otherwise it sees http://localhost and
    // refuses every same-site form and body-less POST). Patterns without a
    // host name accept any host: the one build then runs under whatever
    // SITE_URL a host sets after `npm ci && npm start` (docs/decisions/021).
    // A browser always sends the Host it connects to, so a foreign page's
    // Origin never equals it; X-Forwarded-Host and -Proto reach Astro only from
    // a trusted proxy (src/server/http/proxy.ts, TRUST_PROXY).
    allowedDomains: [{ protocol: 'http' }, { protocol: 'https' }],
  },
  server: { port },
  vite: {
    ssr: { external: ['better-sqlite3', 'sharp', '@node-rs/argon2'] },
    plugins: [collectPublicChunks],
  },
});
