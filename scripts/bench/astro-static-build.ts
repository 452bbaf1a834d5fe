// The benchmark's reference: what a full static `astro build` of the same pages
// costs. Runs Astro's own build (programmatic API, astro.config.mjs as it is)
// with one inline integration that marks every public route as prerendered and
// gives the parametrised ones (news articles, teams) getStaticPaths with the ids
// in the database. Astro then bundles the app and renders each page at build
// time from the same SQLite data, which is what a static-site set-up would do on
// every change. Run as a child process (env DATA_DIR, SITE_URL):
//   node --import tsx scripts/bench/astro-static-build.ts <outDir> <result.json>
import fs from 'node:fs';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { build } from 'astro';
import type { Plugin } from 'vite';

const [outDirArg, resultFile] = process.argv.slice(2);
if (!outDirArg || !resultFile) {
  console.error('usage: astro-static-build.ts <outDir> <result.json>');
  process.exit(2);
}
const root = process.cwd();
const outDir = path.resolve(outDirArg);

/** Routes the publisher never writes: everything per user or per request. */
const DYNAMIC = [/^src\/pages\/(admin|api|auth|reset-password)(\/|\.|$)/, /^node_modules\//];
const isPublic = (component: string) => component.startsWith('src/pages/') && !DYNAMIC.some((re) => re.test(component));

/** The page file of a parametrised route: '/teilen/:id.png' → 'src/pages/teilen/[id].png.ts'. */
function pageFileOf(pattern: string): string | null {
  const base = `src/pages${pattern.replace(/:(\w+)/g, '[$1]')}`;
  return [`${base}.astro`, `${base}.ts`, `${base}/index.astro`].find((file) => fs.existsSync(path.join(root, file))) ?? null;
}

/**
 * ids of the parametrised public pages, by page file: the same lists the
 * publisher uses, for every route of the registry that has params (so a route
 * added later, such as a paginated list, is covered without a change here).
 */
async function staticPaths(): Promise<Record<string, { name: string; values: string[] }>> {
  const { getDb } = await import('../../src/server/db/client');
  const { ROUTES } = await import('../../src/server/publish/routes');
  const db = getDb();
  const paths: Record<string, { name: string; values: string[] }> = {};
  for (const route of ROUTES) {
    if (!route.params) continue;
    const file = pageFileOf(route.pattern);
    const name = /:(\w+)/.exec(route.pattern)?.[1];
    if (!file || !name) throw new Error(`no page file for ${route.pattern}`);
    paths[file] = { name, values: route.params(db, Date.now()) };
  }
  // the connection stays open: the pages Astro prerenders in this process share it
  return paths;
}

const paths = await staticPaths();
const marks: Record<string, number> = {};
const mark = (name: string) => (marks[name] = performance.now());
let prerendered = 0;

const prerenderPublicRoutes: AstroIntegration = {
  name: 'anstoss-bench:prerender-public-routes',
  hooks: {
    'astro:route:setup': ({ route }) => {
      if (isPublic(route.component)) route.prerender = true;
    },
    'astro:build:start': () => void mark('start'),
    'astro:build:ssr': () => void mark('bundled'),
    'astro:build:generated': () => void mark('generated'),
    'astro:build:done': ({ pages }) => {
      mark('done');
      prerendered = pages.length;
    },
  },
};

/** Appends getStaticPaths to the compiled parametrised pages. */
const injectStaticPaths: Plugin = {
  name: 'anstoss-bench:static-paths',
  transform(code, id) {
    const file = path.relative(root, id.split('?')[0]).split(path.sep).join('/');
    const params = paths[file];
    if (!params || id.includes('?')) return null;
    return `${code}\nexport function getStaticPaths() { return ${JSON.stringify(params.values.map((value) => ({ params: { [params.name]: value } })))}; }\n`;
  },
};

fs.rmSync(outDir, { recursive: true, force: true });
const started = performance.now();
await build({
  root,
  outDir,
  // 'info': the benchmark reads Astro's own timing of the page generation from it
  logLevel: 'info',
  integrations: [prerenderPublicRoutes],
  vite: { plugins: [injectStaticPaths] },
});
const totalMs = performance.now() - started;

/**
 * The files the static build rendered: pages, text endpoints and images (share
 * images, icons), the same kinds the publisher writes and counts. Not the bundled
 * assets (_astro/) and not the copies of public/.
 */
const publicDir = path.join(root, 'public');
function countRendered(dir: string, rel = ''): { pages: number; images: number } {
  const n = { pages: 0, images: 0 };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relPath = path.join(rel, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === '_astro') continue;
      const inner = countRendered(path.join(dir, entry.name), relPath);
      n.pages += inner.pages;
      n.images += inner.images;
    } else if (!fs.existsSync(path.join(publicDir, relPath))) {
      if (/\.(html|xml|json|ics|txt)$/.test(entry.name)) n.pages++;
      else if (/\.(png|ico)$/.test(entry.name)) n.images++;
    }
  }
  return n;
}
const rendered = countRendered(path.join(outDir, 'client'));
const generateMs = marks.generated !== undefined && marks.bundled !== undefined ? marks.generated - marks.bundled : null;
fs.writeFileSync(
  resultFile,
  JSON.stringify({
    totalMs: Math.round(totalMs),
    // from the end of the server bundle to the end of page generation: the client
    // bundle and the rendering of every page
    bundleMs: marks.bundled !== undefined && marks.start !== undefined ? Math.round(marks.bundled - marks.start) : null,
    generateMs: generateMs === null ? null : Math.round(generateMs),
    pages: rendered.pages,
    // rendered in the same "generating static routes" step: counted in the render rate, as the publisher counts its own
    images: rendered.images,
    prerenderedRoutes: prerendered,
  }),
);
process.exit(0);
