// Imported by every script that publishes pages (after as-data-owner.ts): without SITE_URL on data whose
// server runs with one, it stops with the German message before anything changes (src/server/site-address.ts).
import { config } from '../src/server/config';
import { siteAddressProblem } from '../src/server/site-address';

const problem = siteAddressProblem(config.dbPath);
if (problem) {
  console.error(`Fehler: ${problem}`);
  process.exit(1);
}
