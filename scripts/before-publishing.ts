// The one preamble of every script that publishes pages (publish, restore, import, seed:demo), imported
// first: the data owner's check (as-data-owner.ts: root on data the service's user owns writes nothing),
// the settings the server would refuse at its start (a typo in the environment file both read: a
// PUBLISH_WORKERS of 'zwei' was quietly the default here; decision 074), then the address's: without
// SITE_URL on data whose server runs with one, it stops with the German message before anything changes
// (src/server/site-address.ts, decision 058). Scripts that only open the database or write DATA_DIR import
// as-data-owner.ts alone.
import './as-data-owner';
import { config } from '../src/server/config';
import { siteAddressProblem } from '../src/server/site-address';
import { settingsProblems, settingsRefusal } from '../src/server/settings-check';

const unusable = settingsProblems();
if (unusable.length > 0) {
  console.error(`Fehler: ${settingsRefusal(unusable)}`);
  process.exit(1);
}

const problem = siteAddressProblem(config.dbPath);
if (problem) {
  console.error(`Fehler: ${problem}`);
  process.exit(1);
}
