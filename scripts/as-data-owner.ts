// Imported first by every script that writes DATA_DIR (or opens its database): run as root on data the
// service's user owns, it stops with the German message and writes nothing (src/server/data-owner.ts).
import { config } from '../src/server/config';
import { DataOwnerError, assertDataOwner } from '../src/server/data-owner';

try {
  assertDataOwner(config.dataDir);
} catch (error) {
  if (!(error instanceof DataOwnerError)) throw error;
  console.error(`Fehler: ${error.message}`);
  process.exit(1);
}
