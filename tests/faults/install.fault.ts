// deploy/install.sh as a host runs it on a fresh Debian server, here with the paths of a temporary folder
// and a user of its own: the user is made, the data folder (with what a root `npm start` left in it)
// and the backup folder become its own, the settings file is written once with quoted values, the unit
// is what systemd accepts; then the server runs as the unit runs it (as that user, with that file),
// and the commands the docs give (`runuser … npm run user`, `npm run backup`) work beside it and leave
// nothing root owns in DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../fixtures/site';
import { printFigures } from './figures';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-install-'));
fs.chmodSync(temp, 0o755);
const user = `anstoss-t${process.pid}`;
const dataDir = path.join(temp, 'data');
const backupDir = path.join(temp, 'backups');
const envFile = path.join(temp, 'anstoss.env');
const unitFile = path.join(temp, 'anstoss.service');
let server: ReturnType<typeof spawn> | undefined;

afterAll(() => {
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  spawnSync('userdel', [user]);
  fs.rmSync(temp, { recursive: true, force: true });
});

function install(siteUrl: string, port: number) {
  return spawnSync('sh', ['deploy/install.sh', siteUrl], {
    encoding: 'utf8',
    env: { ...process.env, ANSTOSS_USER: user, ANSTOSS_ENV_FILE: envFile, ANSTOSS_UNIT_FILE: unitFile, DATA_DIR: dataDir, BACKUP_DIR: backupDir, PORT: String(port) },
  });
}

/** A command as the docs give it: the settings read by the shell as root, run as the service's user. */
function asService(command: string) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATA_DIR', 'BACKUP_DIR', 'PORT', 'SITE_URL'].includes(k)));
  return spawnSync('sh', ['-c', `set -a; . "${envFile}"; set +a; exec runuser -u ${user} -- ${command}`], { encoding: 'utf8', env: clean });
}

/** Files and folders under dir that the service's user does not own. */
function notOwnedBy(dir: string, uid: number): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (fs.lstatSync(file).uid !== uid) found.push(path.relative(dir, file));
  }
  return found;
}

/** Waits for the start's first publish ('Anstoss läuft auf …'), then asks the health check. */
async function startedAndHealthy(url: string, log: () => string): Promise<number> {
  for (let i = 0; i < 600 && !log().includes('Anstoss läuft auf'); i++) await new Promise((r) => setTimeout(r, 100));
  return fetch(`${url}/healthz`).then((r) => r.status, () => 0);
}

it('deploy/install.sh: user, folders, settings and unit; the server and the documented commands run as that user', async () => {
  const port = await freePort();
  const siteUrl = `http://localhost:${port}`;
  // what a root `npm start` before the service leaves: data root owns
  fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads', 'vorher.txt'), 'vom root-Start');
  // a backup folder outside the checkout is used when it is there (a disk), made by root
  fs.mkdirSync(backupDir);

  const first = install(siteUrl, port);
  expect(first.status, first.stderr + first.stdout).toBe(0);
  // here the backups sit on the data's own disk: the host is told, the install goes on
  expect(first.stdout).toContain(`Achtung: ${backupDir} liegt auf demselben Datenträger wie ${dataDir}`);
  const uid = Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
  expect(uid).toBeGreaterThan(0);
  expect(fs.statSync(dataDir).uid).toBe(uid);
  expect(fs.statSync(backupDir).uid).toBe(uid);
  expect(fs.statSync(path.join(dataDir, 'uploads', 'vorher.txt')).uid).toBe(uid);
  expect(fs.statSync(envFile).mode & 0o777).toBe(0o600);
  const settings = fs.readFileSync(envFile, 'utf8');
  expect(settings).toContain(`SITE_URL='${siteUrl}'`);
  expect(settings).toContain(`DATA_DIR='${dataDir}'`);
  const unit = fs.readFileSync(unitFile, 'utf8');
  expect(unit).toContain(`User=${user}\n`);
  expect(unit).toContain(`WorkingDirectory=${process.cwd()}\n`);
  expect(unit).toContain(`ReadWritePaths=${dataDir} -${backupDir}\n`);
  expect(unit).toContain(`EnvironmentFile=-${envFile}\n`);
  const verify = spawnSync('systemd-analyze', ['verify', unitFile], { encoding: 'utf8' });
  expect(verify.status, verify.stderr).toBe(0);

  // the server as systemd starts it: the unit's user (its uid and gid), the settings file read by root,
  // the unit's Environment= lines, its WorkingDirectory and ExecStart
  const gid = Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
  const fromFile = spawnSync('sh', ['-c', `set -a; . "${envFile}"; set +a; env -0`], { encoding: 'utf8', env: { PATH: process.env.PATH } });
  const unitEnv = [...unit.matchAll(/^Environment=(\w+)=(.*)$/gm)].map((m) => [m[1], m[2]]);
  const env = { ...Object.fromEntries(unitEnv), ...Object.fromEntries(fromFile.stdout.split('\0').filter(Boolean).map((l) => l.split(/=(.*)/s).slice(0, 2))) };
  const [command, ...args] = unit.match(/^ExecStart=(.*)$/m)![1].split(/\s+/);
  server = spawn(command, args, { cwd: unit.match(/^WorkingDirectory=(.*)$/m)![1], uid, gid, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  let log = '';
  server.stdout!.on('data', (d) => (log += d));
  server.stderr!.on('data', (d) => (log += d));
  expect(await startedAndHealthy(siteUrl, () => log), log).toBe(200);
  const home = await fetch(`${siteUrl}/`);
  expect(home.status, log).toBe(200);
  expect(log).toContain(`${siteUrl}/auth/setup?token=`);

  // nginx's user (any other user: nobody here) reads the published pages and the uploads, not the database
  const asOther = (file: string) => spawnSync('runuser', ['-u', 'nobody', '--', 'cat', file]).status;
  const otherReads = { page: asOther(path.join(dataDir, 'site', 'index.html')), database: asOther(path.join(dataDir, 'club.db')) };
  expect(otherReads).toEqual({ page: 0, database: 1 });

  const created = asService('npm run --silent user -- create --email vorstand@example.at --password "ein langes Passwort 42" --role superadmin');
  expect(created.status, created.stderr + created.stdout).toBe(0);
  expect(created.stdout).toContain('Benutzer vorstand@example.at angelegt');
  // the server's first daily backup (BACKUP_DIR is set) is made at the start: after it, so the two
  // archives' names (to the second) differ
  for (let i = 0; i < 300 && !log.includes('[backup]'); i++) await new Promise((r) => setTimeout(r, 100));
  expect(log).toContain('[backup] Sicherung');
  const backup = asService('npm run --silent backup');
  expect(backup.status, backup.stderr + backup.stdout).toBe(0);
  const handMade = fs.readdirSync(backupDir).filter((f) => backup.stdout.includes(f) && f.endsWith('.tar.gz'));
  expect(handMade, backup.stdout).toHaveLength(1);

  const stopped = new Promise<number | null>((resolve) => server!.on('exit', (code) => resolve(code)));
  process.kill(-server.pid!, 'SIGTERM');
  const exitCode = await stopped;
  const foreign = [...notOwnedBy(dataDir, uid), ...notOwnedBy(backupDir, uid)];
  // the server's first daily backup (BACKUP_DIR is set) beside the one typed by hand
  const archives = fs.readdirSync(backupDir).filter((f) => f.endsWith('.tar.gz'));

  // again, as after moving the checkout: the settings file stays as it is
  fs.appendFileSync(envFile, "SMTP_URL='smtp://verein:Pa$swort@mail.example.at:587'\n");
  const second = install('https://www.anderer-verein.at', port);
  const kept = fs.readFileSync(envFile, 'utf8');

  printFigures('install.sh', { userMade: uid > 0, otherReadsPage: otherReads.page === 0, otherReadsDatabase: otherReads.database === 0, archives: archives.length, filesNotTheServices: foreign.length, serverExit: String(exitCode), secondRun: String(second.status) });
  expect(foreign).toEqual([]);
  expect(archives).toHaveLength(2);
  expect(exitCode).toBe(0);
  expect(second.status, second.stderr).toBe(0);
  expect(second.stdout).toContain('besteht, bleibt wie es ist');
  expect(second.stdout).toContain(`dort steht SITE_URL=${siteUrl}, nicht https://www.anderer-verein.at`);
  expect(kept).toContain(`SITE_URL='${siteUrl}'`);
  // a value with a $ in single quotes: the shell reads it as systemd does, as it is
  expect(spawnSync('sh', ['-c', `set -a; . "${envFile}"; set +a; printf %s "$SMTP_URL"`], { encoding: 'utf8' }).stdout).toBe('smtp://verein:Pa$swort@mail.example.at:587');
});

it("deploy/install.sh on a host installed before it: the old unit's data folder, port and extra paths stay, the settings file gets them, nothing of it is run", () => {
  const old = fs.mkdtempSync(path.join(temp, 'alt-'));
  const oldData = path.join(old, 'vereinsdaten');
  const oldEnv = path.join(old, 'anstoss.env');
  const oldUnit = path.join(old, 'anstoss.service');
  fs.mkdirSync(oldData);
  fs.writeFileSync(path.join(oldData, 'club.db'), '');
  fs.chmodSync(path.join(oldData, 'club.db'), 0o644);
  fs.mkdirSync(path.join(oldData, '.before-restore-2026-11-24T03-00-00Z'), { mode: 0o755 });
  // the unit as the docs had it installed: DATA_DIR and PORT in it, a deploy folder added by hand
  const template = fs.readFileSync('deploy/anstoss.service', 'utf8');
  fs.writeFileSync(
    oldUnit,
    template
      .replace(/^EnvironmentFile=.*$/m, `Environment=PORT=5555\nEnvironment=DATA_DIR=${oldData}\nEnvironmentFile=-${oldEnv}`)
      .replace(/^ReadWritePaths=.*$/m, `ReadWritePaths=${oldData} -/srv/anstoss/backups /srv/www/verein`),
  );
  // a settings file systemd reads and the shell would not (an unquoted <): read, never run
  fs.writeFileSync(oldEnv, 'SITE_URL=https://www.verein.at\nMAIL_FROM=Verein <no-reply@verein.at>\n');
  const run = spawnSync('sh', ['deploy/install.sh'], {
    encoding: 'utf8',
    env: { ...process.env, ANSTOSS_USER: user, ANSTOSS_ENV_FILE: oldEnv, ANSTOSS_UNIT_FILE: oldUnit, DATA_DIR: '', BACKUP_DIR: path.join(old, 'usb'), PORT: '' },
  });
  const settings = fs.readFileSync(oldEnv, 'utf8');
  const unit = fs.readFileSync(oldUnit, 'utf8');
  const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
  printFigures('install.sh over an old install', { exit: String(run.status), unitKept: fs.existsSync(`${oldUnit}.bak`) });
  expect(run.status, run.stderr + run.stdout).toBe(0);
  expect(settings).toContain(`DATA_DIR='${oldData}'\n`);
  expect(settings).toContain("PORT='5555'\n");
  expect(settings).toContain('MAIL_FROM=Verein <no-reply@verein.at>\n');
  expect(unit).not.toMatch(/^Environment=(DATA_DIR|PORT)=/m);
  expect(unit).toContain(`ReadWritePaths=${oldData} -${path.join(old, 'usb')} /srv/www/verein\n`);
  expect(fs.readFileSync(`${oldUnit}.bak`, 'utf8')).toContain('Environment=DATA_DIR=');
  // the backup disk is not there: pointed out, not made on the system disk
  expect(run.stdout).toContain(`${path.join(old, 'usb')} fehlt`);
  expect(fs.existsSync(path.join(old, 'usb'))).toBe(false);
  expect([mode(path.join(oldData, 'club.db')), mode(path.join(oldData, '.before-restore-2026-11-24T03-00-00Z')), mode(oldData)]).toEqual(['600', '700', '711']);
});
