// `npm run export -- <folder>`: the complete static site for any static host or
// CDN: the published pages (DATA_DIR/site), the build's assets (dist/client)
// and the uploads. The dynamic paths (/admin, /auth, /api, /_actions) still
// need the Node server (see deploy/nginx.conf.template).
import fs from 'node:fs';
import path from 'node:path';

const { config } = await import('../src/server/config');
const { exportSite, exportTargetProblem } = await import('../src/server/deploy/export-folder');
const target = path.resolve(process.argv[2] ?? 'export');
if (!fs.existsSync(path.join(config.siteDir, 'index.html'))) {
  console.error(`Fehler: ${config.siteDir} enthält keine veröffentlichte Seite. Zuerst: npm run publish`);
  process.exit(1);
}
const problem = exportTargetProblem(target, { keep: [config.dataDir, config.distDir, config.projectRoot], outside: [config.dataDir, config.distDir] });
if (problem) {
  console.error(`Fehler: ${problem}`);
  process.exit(1);
}
exportSite(target, config);
console.info(`[export] statische Website in ${target}`);
export {};
