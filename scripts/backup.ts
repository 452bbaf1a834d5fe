// `npm run backup [-- --to DIR]`: an online, consistent backup of DATA_DIR
// (database and uploads) into a dated archive in DIR (default BACKUP_DIR, else
// ./backups). Runs while the server runs and writes go on.
import './as-data-owner';
import path from 'node:path';
import { config } from '../src/server/config';
import { createBackup } from '../src/server/backup/archive';
import { BACKUP_TEXTS } from '../src/server/backup/texts';

const args = process.argv.slice(2);
const toIndex = args.findIndex((a) => a === '--to' || a.startsWith('--to='));
const to = toIndex < 0 ? undefined : args[toIndex].startsWith('--to=') ? args[toIndex].slice(5) : args[toIndex + 1];
const dir = path.resolve(to ?? (config.backupDir || path.join(config.projectRoot, 'backups')));

try {
  const result = await createBackup({ dataDir: config.dataDir, dbFile: config.dbPath, uploadsDir: config.uploadsDir }, dir);
  console.info(BACKUP_TEXTS.created(result.file, (result.bytes / 1e6).toFixed(1), result.files));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
