// A restore that dies at a chosen rename: `tsx restore-killed.ts ARCHIVE DATA_DIR N` runs the real
// restoreBackup and kills its own process (SIGKILL, as a power cut or the OOM killer would) just
// before the N-th rename inside DATA_DIR; a large N lets it finish. For restore-kill.fault.ts.
import fs from 'node:fs';
import path from 'node:path';
import { restoreBackup } from '../../../src/server/backup/restore';

const [archive, dataDir, at] = process.argv.slice(2);
const killAt = Number(at);
const rename = fs.renameSync;
let renames = 0;
fs.renameSync = (from: fs.PathLike, to: fs.PathLike) => {
  if (String(to).startsWith(path.resolve(dataDir)) && ++renames === killAt) process.kill(process.pid, 'SIGKILL');
  rename(from, to);
};
await restoreBackup(archive, { dataDir, migrationsDir: path.resolve('data/migrations') });
console.info(`renames=${renames}`);
