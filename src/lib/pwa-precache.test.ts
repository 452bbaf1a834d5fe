import { describe, expect, it } from 'vitest';
import { filterPrecache, isAdminSource, publicChunkFiles, publicStylesheets, type ChunkInfo } from './pwa-precache';

const chunk = (fileName: string, facade: string | null, imports: string[] = [], dynamicImports: string[] = [], isEntry = true): ChunkInfo => ({
  fileName,
  facadeModuleId: facade,
  isEntry,
  imports,
  dynamicImports,
});

describe('precache: what public pages load, nothing only the admin loads', () => {
  const chunks = [
    chunk('_astro/client.js', '/repo/node_modules/@astrojs/react/dist/client.js', ['_astro/jsx-runtime.js']),
    chunk('_astro/CookieBanner.js', '/repo/src/components/islands/CookieBanner.tsx', ['_astro/jsx-runtime.js', '_astro/store.js']),
    chunk('_astro/ShowAllNews.js', '/repo/src/components/islands/ShowAllNews.tsx', [], ['_astro/lazy-part.js']),
    chunk('_astro/AdminApp.js', '/repo/src/components/admin/AdminApp.tsx', ['_astro/jsx-runtime.js', '_astro/toast.js'], ['_astro/NewsManager.js']),
    chunk('_astro/NewsManager.js', '/repo/src/components/admin/NewsManager.tsx', ['_astro/toast.js'], [], false),
    chunk('_astro/jsx-runtime.js', null, [], [], false),
    chunk('_astro/store.js', null, [], [], false),
    chunk('_astro/lazy-part.js', null, [], [], false),
    chunk('_astro/toast.js', null, [], [], false),
  ];

  it('follows static and lazy imports from every public entry', () => {
    expect([...publicChunkFiles(chunks)].sort()).toEqual([
      '_astro/CookieBanner.js',
      '_astro/ShowAllNews.js',
      '_astro/client.js',
      '_astro/jsx-runtime.js',
      '_astro/lazy-part.js',
      '_astro/store.js',
    ]);
  });

  it('knows admin sources on any platform', () => {
    expect(isAdminSource('C:\\repo\\src\\components\\admin\\AdminApp.tsx')).toBe(true);
    expect(isAdminSource('/repo/src/pages/admin/index.astro?astro&type=script')).toBe(true);
    expect(isAdminSource('/repo/src/components/islands/AuthNav.tsx')).toBe(false);
    expect(isAdminSource(null)).toBe(false);
  });

  it('keeps the stylesheets public routes link, not the admin’s', () => {
    const css = publicStylesheets([
      { routeData: { route: '/' }, styles: [{ type: 'external', src: '/_astro/site.css' }] },
      { routeData: { route: '/news/[id]' }, styles: [{ type: 'external', src: '/_astro/site.css' }, { type: 'inline', content: 'p{}' }] },
      { routeData: { route: '/admin' }, styles: [{ type: 'external', src: '/_astro/admin.css' }] },
      { routeData: { route: '/api/me' }, styles: [] },
    ]);
    expect([...css]).toEqual(['_astro/site.css']);
  });

  it('drops HTML except the offline page, and JavaScript and CSS no public page loads', () => {
    const entries = [
      '_astro/client.js', '_astro/AdminApp.js', '_astro/NewsManager.js', '_astro/site.css', '_astro/admin.css',
      'offline.html', 'index.html', 'news/index.html', 'icons/icon-192.png', 'manifest.webmanifest', 'favicon.svg',
    ].map((url) => ({ url, revision: null, size: 1 }));
    const kept = filterPrecache(entries, { js: publicChunkFiles(chunks), css: new Set(['_astro/site.css']) }).map((e) => e.url);
    expect(kept).toEqual(['_astro/client.js', '_astro/site.css', 'offline.html', 'icons/icon-192.png', 'manifest.webmanifest', 'favicon.svg']);
  });

  it('keeps all hashed files of a kind whose build part it did not see', () => {
    const entries = ['_astro/a.js', '_astro/b.css'].map((url) => ({ url, revision: null, size: 1 }));
    expect(filterPrecache(entries, { js: null, css: null })).toHaveLength(2);
  });
});
