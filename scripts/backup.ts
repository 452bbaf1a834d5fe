// `npm run backup [-- --to DIR]`: an online, consistent backup of DATA_DIR
// (database and uploads) into a dated archive in DIR (default BACKUP_DIR, else
// ./backups). Runs while the server runs and writes go on.
import './as-data-owner';
import path from 'node:path';
import { config } from '../src/server/config';
import { createBackup } from '../src/server/backup/archive';
import { BACKUP_TEXTS } from '../src/server/backup/texts';
import { failWith, readCommandLine, typedPath } from './command-line';

const { values } = readCommandLine({ to: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, BACKUP_TEXTS.usageBackup);
if (values.help) {
  console.info(BACKUP_TEXTS.usageBackup);
  process.exit(0);
}
if (values.to?.trim() === '') failWith(BACKUP_TEXTS.toEmpty, BACKUP_TEXTS.usageBackup);
const dir = values.to !== undefined ? typedPath(values.to) : path.resolve(config.backupDir || path.join(config.projectRoot, 'backups'));

try {
  const result = await createBackup({ dataDir: config.dataDir, dbFile: config.dbPath, uploadsDir: config.uploadsDir }, dir);
  console.info(BACKUP_TEXTS.created(result.file, (result.bytes / 1e6).toFixed(1), result.files));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
