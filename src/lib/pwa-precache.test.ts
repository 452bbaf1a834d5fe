import { describe, expect, it } from 'vitest';
import { filterPrecache, isAdminSource, pageScriptChunks, publicStylesheets, scriptRoute, type ChunkInfo } from './pwa-precache';

const chunk = (fileName: string, facade: string | null, imports: string[] = [], dynamicImports: string[] = [], isEntry = true): ChunkInfo => ({
  fileName,
  facadeModuleId: facade,
  isEntry,
  imports,
  dynamicImports,
});

describe('precache: what public pages run by themselves, no island and nothing only the admin loads', () => {
  const chunks = [
    chunk('_astro/client.js', '/repo/node_modules/@astrojs/react/dist/client.js', ['_astro/react-dom.js']),
    chunk('_astro/Site.js', '/repo/src/layouts/Site.astro?astro&type=script&index=0&lang.ts', ['_astro/pwa-protocol.js', '_astro/ui-texts.js']),
    chunk('_astro/match.js', '/repo/src/pages/spiel/[id].astro?astro&type=script&index=0&lang.ts', ['_astro/pwa-protocol.js'], ['_astro/lazy-part.js']),
    chunk('_astro/signin.js', '/repo/src/pages/auth/index.astro?astro&type=script&index=0&lang.ts', ['_astro/auth.js']),
    chunk('_astro/InquiryForm.js', '\0astro-entry:/repo/src/components/islands/InquiryForm', ['_astro/jsx-runtime.js', '_astro/ui-texts.js']),
    chunk('_astro/SignInForm.js', '\0astro-entry:/repo/src/components/islands/SignInForm', ['_astro/jsx-runtime.js', '_astro/auth.js']),
    chunk('_astro/AdminApp.js', '/repo/src/components/admin/AdminApp.tsx', ['_astro/jsx-runtime.js', '_astro/toast.js'], ['_astro/NewsManager.js']),
    chunk('_astro/NewsManager.js', '/repo/src/components/admin/NewsManager.tsx', ['_astro/toast.js'], [], false),
    ...['react-dom', 'jsx-runtime', 'pwa-protocol', 'ui-texts', 'lazy-part', 'auth', 'toast'].map((name) => chunk(`_astro/${name}.js`, null, [], [], false)),
  ];

  it('follows static and lazy imports from the scripts of public pages and layouts only', () => {
    expect([...pageScriptChunks(chunks)].sort()).toEqual([
      '_astro/Site.js',
      '_astro/lazy-part.js',
      '_astro/match.js',
      '_astro/pwa-protocol.js',
      '_astro/ui-texts.js',
    ]);
  });

  it("tells a page script's route, a layout's, and what is no Astro script", () => {
    expect(scriptRoute('/repo/src/pages/auth/index.astro?astro&type=script&index=0&lang.ts')).toBe('/auth');
    expect(scriptRoute('C:\\repo\\src\\pages\\reset-password.astro?astro&type=script&index=0&lang.ts')).toBe('/reset-password');
    expect(scriptRoute('/repo/src/pages/index.astro?astro&type=script&index=0&lang.ts')).toBe('/');
    expect(scriptRoute('/repo/src/layouts/Site.astro?astro&type=script&index=0&lang.ts')).toBe('');
    expect(scriptRoute('\0astro-entry:/repo/src/components/islands/ShowAllNews')).toBeNull();
    expect(scriptRoute(null)).toBeNull();
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
      '_astro/Site.js', '_astro/client.js', '_astro/SignInForm.js', '_astro/AdminApp.js', '_astro/NewsManager.js', '_astro/site.css', '_astro/admin.css',
      'offline.html', 'index.html', 'news/index.html', 'icons/icon-192.png', 'manifest.webmanifest', 'favicon.svg',
    ].map((url) => ({ url, revision: null, size: 1 }));
    const kept = filterPrecache(entries, { js: pageScriptChunks(chunks), css: new Set(['_astro/site.css']) }).map((e) => e.url);
    expect(kept).toEqual(['_astro/Site.js', '_astro/site.css', 'offline.html', 'icons/icon-192.png', 'manifest.webmanifest', 'favicon.svg']);
  });

  it('keeps all hashed files of a kind whose build part it did not see', () => {
    const entries = ['_astro/a.js', '_astro/b.css'].map((url) => ({ url, revision: null, size: 1 }));
    expect(filterPrecache(entries, { js: null, css: null })).toHaveLength(2);
  });
});
