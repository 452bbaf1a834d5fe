// Root working on data that the service's user owns. The systemd unit runs the server as its own user
// (deploy/anstoss.service: User=anstoss); a host who types `npm run restore`, `backup` or `user` as root
// leaves files root owns in DATA_DIR: a restored database, the database's -wal and -shm files (made by
// any connection, a read-only one too, when the server is stopped), published pages, uploads. The server
// then cannot write them, and fails at its next start or its next save. Such a run is refused before it
// touches anything, naming the user to run it as (as Nextcloud's `occ` does). Not root, nothing is
// checked: any other user can only make files it may make.
import fs from 'node:fs';

export const DATA_OWNER_TEXTS = {
  foreign: (dataDir: string, user: string, command: string) =>
    `Die Daten in ${dataDir} gehören dem Benutzer „${user}“, unter dem der Server läuft. ` +
    `Was root dort anlegt (die Datenbank und ihre Begleitdateien, Seiten, Bilder), könnte der Server danach nicht mehr schreiben. ` +
    `Bitte als dieser Benutzer ausführen: sudo -u ${user} ${command}`,
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

/** What was run, for the message: `npm run restore …`, or `npm start`. */
function commandRun(): string {
  const script = process.env.npm_lifecycle_event;
  if (script === 'start') return 'npm start';
  return script ? `npm run ${script} …` : `${process.argv0} …`;
}

/**
 * Throws DataOwnerError when this process runs as root and DATA_DIR belongs to another user. A folder that
 * is not there yet is made by whoever runs first, and a root-owned one is root's own install.
 */
export function assertDataOwner(dataDir: string, runningAs: number = process.getuid?.() ?? -1): void {
  if (runningAs !== 0) return;
  let owner: number;
  try {
    owner = fs.statSync(dataDir).uid;
  } catch {
    return;
  }
  if (owner === 0) return;
  throw new DataOwnerError(DATA_OWNER_TEXTS.foreign(dataDir, userName(owner), commandRun()));
}
