// Root working on data that the service's user owns. The systemd unit runs the server as its own user
// (deploy/anstoss.service: User=anstoss); a host who types `npm run restore`, `backup` or `user` as root
// leaves files root owns in DATA_DIR: a restored database, the database's -wal and -shm files (made by
// any connection, a read-only one too, when the server is stopped), published pages, uploads. The server
// then cannot write them, and fails at its next start or its next save. Such a run is refused before it
// touches anything, naming the user to run it as (as Nextcloud's `occ` does; decision 058). Not root,
// nothing is checked: any other user can only make files it may make.
import fs from 'node:fs';
import path from 'node:path';

export const DATA_OWNER_TEXTS = {
  foreign: (dataDir: string, user: string, command: string) =>
    `Die Daten in ${dataDir} gehören dem Benutzer „${user}“, unter dem der Server läuft. ` +
    `Was root dort anlegt (die Datenbank und ihre Begleitdateien, Seiten, Bilder), könnte der Server danach nicht mehr schreiben. ` +
    `Bitte als dieser Benutzer ausführen: ${command}`,
};

export class DataOwnerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataOwnerError';
  }
}

/** The name of a user id from /etc/passwd; `#uid` (as sudo -u takes it) when it has none. */
export function userName(uid: number, passwdFile = '/etc/passwd'): string {
  try {
    for (const line of fs.readFileSync(passwdFile, 'utf8').split('\n')) {
      const [name, , id] = line.split(':');
      if (name && Number(id) === uid) return name;
    }
  } catch {
    // no passwd file (a container without one): the number
  }
  return `#${uid}`;
}

/**
 * The command to run instead: `runuser` (util-linux, on every Debian; it keeps the environment, so the
 * service's settings read from /etc/anstoss.env stay) as that user; `sudo -u '#uid'` for a user without a name.
 */
function commandAs(user: string): string {
  const script = process.env.npm_lifecycle_event;
  const command = script === 'start' ? 'npm start' : script ? `npm run ${script} …` : `${process.argv0} …`;
  return user.startsWith('#') ? `sudo -u '${user}' ${command}` : `runuser -u ${user} -- ${command}`;
}

/** What, in DATA_DIR, the server writes: whoever owns one of them is the service's user. */
const WRITTEN_BY_THE_SERVER = ['.', 'club.db', 'site', 'uploads'];

/**
 * Throws DataOwnerError when this process runs as root and DATA_DIR, or its database, site or uploads,
 * belong to another user (a data folder root owns may be the service's by its group, its contents the
 * service's own). What is not there yet is made by whoever runs first; root's own install passes.
 */
export function assertDataOwner(dataDir: string, runningAs: number = process.getuid?.() ?? -1): void {
  if (runningAs !== 0) return;
  for (const name of WRITTEN_BY_THE_SERVER) {
    let owner: number;
    try {
      owner = fs.statSync(path.join(dataDir, name)).uid;
    } catch {
      continue;
    }
    if (owner !== 0) {
      const user = userName(owner);
      throw new DataOwnerError(DATA_OWNER_TEXTS.foreign(dataDir, user, commandAs(user)));
    }
  }
}
