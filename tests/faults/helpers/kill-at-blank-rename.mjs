// Loaded into a server by `NODE_OPTIONS=--import …` (blank-kill.fault.ts): kills the server's whole process
// group (SIGKILL, as a power cut would) just before the N-th rename of a written blank (decision 046) into the
// site, that is between a page's write into the blank and its rename: the blank holds the new page, the site
// the old one. Armed by the file named in ANSTOSS_KILL_ARM_FILE, which holds N and is removed at the kill (the
// restart is not armed). Only the process that loaded it first arms: the server, not its static workers or
// render processes (which inherit the variable below), and only a blank counts (its name is a number), not a
// temp file made beside the blanks.
import fs from 'node:fs';
import path from 'node:path';

const armFile = process.env.ANSTOSS_KILL_ARM_FILE;
process.env.ANSTOSS_KILL_ARMED_PID ??= String(process.pid);
if (armFile && process.env.ANSTOSS_KILL_ARMED_PID === String(process.pid)) {
  let renames = 0;
  const rename = fs.renameSync;
  fs.renameSync = (from, to) => {
    const name = String(from);
    if (/^\d+$/.test(path.basename(name)) && path.dirname(path.dirname(path.dirname(name))).endsWith('-blanks') && fs.existsSync(armFile)) {
      renames++;
      if (renames >= Number(fs.readFileSync(armFile, 'utf8'))) {
        fs.rmSync(armFile);
        fs.writeSync(2, `[kill] before renaming ${name} to ${String(to)}\n`);
        process.kill(-process.pid, 'SIGKILL');
      }
    }
    return rename(from, to);
  };
}
