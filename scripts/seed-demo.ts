// `npm run seed:demo`: fills an empty database with the demo club (SV Kirchberg
// an der Raab) and its generated pictures (stored as uploads), and republishes
// the site. Runs once: a second run changes nothing (a demo seeded before there
// were pictures gets them), and a database with content of its own is refused.
import './before-publishing';
import { buildIfNeeded } from './build-if-needed.mjs';

const { config } = await import('../src/server/config');
const { getDb } = await import('../src/server/db/client');
const { seedDemoClub } = await import('../src/server/services/demo-data');
const { addDemoPictures } = await import('../src/server/services/demo-images');
const { addDemoClubIdentity } = await import('../src/server/services/demo-club');

const db = getDb();
const outcome = seedDemoClub(db);
if (outcome.status === 'not-empty') {
  console.error(
    `[demo] Die Datenbank ${config.dbPath} enthält bereits eigene Inhalte (${outcome.tables.join(', ')}).\n` +
      '[demo] Demo-Daten werden nur in eine leere Datenbank eingespielt, damit echte Inhalte nie mit Beispielen vermischt werden.\n' +
      '[demo] Für eine Demo: DATA_DIR=./demo-data npm run seed:demo',
  );
  process.exit(1);
}
if (outcome.status === 'seeded') {
  console.info(
    `[demo] Demo-Verein eingespielt: ${Object.entries(outcome.counts)
      .map(([table, n]) => `${n} ${table}`)
      .join(', ')}.`,
  );
}
// drawn and stored as uploads (with their WebP copies) in DATA_DIR/uploads; the crest also as the club's in 'Verein'
const pictures = (await addDemoPictures(db)) + ((await addDemoClubIdentity(db)) ? 1 : 0);
if (outcome.status === 'already-seeded' && pictures === 0) {
  console.info(`[demo] Die Demo-Daten wurden bereits am ${outcome.at} eingespielt; nichts geändert.`);
  process.exit(0);
}
if (pictures > 0) console.info(`[demo] ${pictures} Bilder erzeugt (Vereinswappen, Mannschaftsfotos, Porträts, News-Fotos, Sponsorenlogos).`);

// republish with the built renderer, as `npm run publish` does
buildIfNeeded();
const { Publisher } = await import('../src/server/publish/publisher');
const { loadBuiltRenderer } = await import('../src/server/publish/render');
const { renderer } = await loadBuiltRenderer(config.serverEntry);
const publisher = new Publisher({ db: getDb, siteDir: config.siteDir, render: renderer });
const report = await publisher.publishAll();
// what the publish replaced is freed before the exit (a running server would not free it)
await publisher.freeReplaced();
console.info(
  `[publish] ${report.written.length} pages written, ${report.removed.length} removed, ${report.failed.length} failed in ${report.ms} ms; cache version ${report.version}`,
);
if (report.failed.length === 0) console.info('[demo] Fertig. Ein laufender Server zeigt die neuen Seiten sofort.');
process.exit(report.failed.length > 0 ? 1 : 0);
export {};
