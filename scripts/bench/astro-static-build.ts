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

/** ids of the parametrised public pages, by page file (the same lists the publisher uses) */
async function staticPaths(): Promise<Record<string, string[]>> {
  const { getDb } = await import('../../src/server/db/client');
  const { ROUTES } = await import('../../src/server/publish/routes');
  const db = getDb();
  const ids = (pattern: string) => ROUTES.find((r) => r.pattern === pattern)?.params?.(db) ?? [];
  const paths = {
    'src/pages/news/[id].astro': ids('/news/:id'),
    'src/pages/team/[id].astro': ids('/team/:id'),
    'src/pages/mannschaften/[id].astro': ids('/mannschaften/:id'),
    'src/pages/spielplan/[id].astro': ids('/spielplan/:id'),
    'src/pages/teilen/[id].png.ts': ids('/teilen/:id.png'),
    'src/pages/teilen/news/[id].png.ts': ids('/teilen/news/:id.png'),
    'src/pages/teilen/team/[id].png.ts': ids('/teilen/team/:id.png'),
    'src/pages/verein/[id].ts': ids('/verein/:id'),
    // the match centre (issue 14)
    'src/pages/spiel/[id].astro': ids('/spiel/:id'),
    'src/pages/teilen/spiel/[id].png.ts': ids('/teilen/spiel/:id.png'),
    'src/pages/spieler/[id].astro': ids('/spieler/:id'),
    'src/pages/tabelle/[id].astro': ids('/tabelle/:id'),
    'src/pages/mannschaften/[id]/spielplan.ics.ts': ids('/mannschaften/:id/spielplan.ics'),
  };
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
    const ids = paths[file as keyof typeof paths];
    if (!ids || id.includes('?')) return null;
    return `${code}\nexport function getStaticPaths() { return ${JSON.stringify(ids.map((value) => ({ params: { id: value } })))}; }\n`;
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

/** HTML, XML, JSON, ICS and TXT files the static build rendered (not the bundled assets) */
function countRendered(dir: string): number {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '_astro') n += countRendered(full);
    } else if (/\.(html|xml|json|ics|txt)$/.test(entry.name) && entry.name !== 'manifest.webmanifest') n++;
  }
  return n;
}
const pages = countRendered(path.join(outDir, 'client'));
const generateMs = marks.generated !== undefined && marks.bundled !== undefined ? marks.generated - marks.bundled : null;
fs.writeFileSync(
  resultFile,
  JSON.stringify({
    totalMs: Math.round(totalMs),
    // from the end of the server bundle to the end of page generation: the client
    // bundle and the rendering of every page
    bundleMs: marks.bundled !== undefined && marks.start !== undefined ? Math.round(marks.bundled - marks.start) : null,
    generateMs: generateMs === null ? null : Math.round(generateMs),
    pages,
    prerenderedRoutes: prerendered,
  }),
);
process.exit(0);
