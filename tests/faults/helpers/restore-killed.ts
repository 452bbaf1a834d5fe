// A restore that dies at a chosen step: `tsx restore-killed.ts ARCHIVE DATA_DIR N` runs the real
// restoreBackup and kills its own process (SIGKILL, as a power cut or the OOM killer would) just
// before the N-th step inside DATA_DIR; a large N lets it finish. The steps are its renames, then the
// journal's removal and the moment right after it (the swap done, its journal there and then gone).
// For restore-kill.fault.ts.
import fs from 'node:fs';
import path from 'node:path';
import { RESTORE_JOURNAL } from '../../../src/server/backup/archive';
import { restoreBackup } from '../../../src/server/backup/restore';

const [archive, dataDir, at] = process.argv.slice(2);
const killAt = Number(at);
const journal = path.join(path.resolve(dataDir), RESTORE_JOURNAL);
let steps = 0;
const step = () => {
  if (++steps === killAt) process.kill(process.pid, 'SIGKILL');
};
const rename = fs.renameSync;
fs.renameSync = (from: fs.PathLike, to: fs.PathLike) => {
  if (String(to).startsWith(path.resolve(dataDir))) step();
  rename(from, to);
};
const remove = fs.rmSync;
fs.rmSync = (target: fs.PathLike, options?: fs.RmOptions) => {
  const isJournal = path.resolve(String(target)) === journal;
  if (isJournal) step();
  remove(target, options);
  if (isJournal) step();
};
await restoreBackup(archive, { dataDir, migrationsDir: path.resolve('data/migrations') });
console.info(`steps=${steps}`);
