// What backup and restore tell the host (German, like everything users read).
/** How long the data a restore replaced stays in DATA_DIR/.before-restore-<time>. */
export const BEFORE_RESTORE_KEEP_DAYS = 14;

export const BACKUP_TEXTS = {
  created: (file: string, mb: string, files: number) => `Sicherung erstellt: ${file} (${mb} MB, ${files} ${files === 1 ? 'Datei' : 'Dateien'})`,
  pruneFailed: (reason: string) => `Ältere Sicherungen konnten nicht entfernt werden (BACKUP_KEEP): ${reason}`,
  pruned: (count: number) => `${count} ältere Sicherungen entfernt (BACKUP_KEEP).`,
  failed: (reason: string) => `Sicherung fehlgeschlagen: ${reason}`,
  noSpace: (where?: string) => `kein Speicherplatz frei${where ? ` (${where})` : ''}.`,
  noPermission: (where?: string) => `keine Schreibrechte${where ? ` für ${where}` : ''}.`,
  // systemd's ProtectSystem=strict makes every folder but ReadWritePaths= read-only for the service: a
  // BACKUP_DIR on another disk (/mnt/usb) fails so until the unit names it
  readOnly: (where?: string) =>
    `der Sicherungsordner ist nur lesbar${where ? ` (${where})` : ''}. Läuft der Server als systemd-Dienst, muss der Ordner in ReadWritePaths= der Unit stehen (deploy/anstoss.service).`,
  readOnlyFileSystem: (where?: string) => `das Dateisystem ist nur lesbar${where ? ` (${where})` : ''}, etwa nach einem Fehler des Datenträgers.`,
  notAFolder: (where?: string) => `ein Teil des Pfads ist eine Datei, kein Ordner${where ? ` (${where})` : ''}.`,
  noDatabase: (file: string) => `Keine Datenbank gefunden: ${file}`,
  restoreInterrupted:
    'eine Wiederherstellung wurde mitten im Austausch der Daten abgebrochen (restore-journal.json). Bitte zuerst den Server starten (npm start): er macht sie rückgängig.',
  changedMeanwhile: (file: string, tries: number) =>
    `Während der Sicherung wurden ${tries}-mal hintereinander Dateien verändert (zuletzt ${file}). Bitte die Sicherung später erneut starten, wenn niemand Dateien hochlädt.`,
  archiveMissing: (file: string) => `Sicherung nicht gefunden: ${file}`,
  archiveCorrupt: (reason: string) => `Die Sicherung ist beschädigt oder keine Anstoss-Sicherung (${reason}). Es wurde nichts verändert.`,
  noSpaceToUnpack: (dir: string) => `Kein Speicherplatz frei, um die Sicherung in ${dir} zu entpacken. Es wurde nichts verändert; bitte Platz schaffen und erneut versuchen.`,
  checksum: (file: string) => `Prüfsumme stimmt nicht: ${file}`,
  unlisted: (file: string) => `Datei nicht im Inhaltsverzeichnis: ${file}`,
  missing: (file: string) => `Datei fehlt: ${file}`,
  notAFolderEntry: (name: string) => `${name} ist kein Ordner`,
  integrity: (result: string) => `Datenbank beschädigt (integrity_check: ${result})`,
  notOurDatabase: 'die Datenbank ist leer oder nicht von Anstoss',
  notMigrated: (reason: string) =>
    `Die Sicherung lässt sich nicht auf diese Anstoss-Version bringen (${reason}). Es wurde nichts verändert.`,
  newerVersion: 'Die Sicherung stammt von einer neueren Anstoss-Version. Bitte zuerst Anstoss aktualisieren.',
  beforeRestoreRemoved: (n: number, days: number) => `${n} Ordner mit den vor einer Wiederherstellung ersetzten Daten gelöscht (älter als ${days} Tage).`,
  restored: (file: string, before: string) => `Wiederhergestellt aus ${file}. Die vorherigen Daten liegen in ${before} (nach ${BEFORE_RESTORE_KEEP_DAYS} Tagen gelöscht).`,
  restoredFresh: (file: string) => `Wiederhergestellt aus ${file}.`,
  interruptedUndone:
    'Eine Wiederherstellung wurde mitten im Austausch der Daten abgebrochen (Prozess beendet); sie ist rückgängig gemacht, die Daten sind wie davor. Bitte die Wiederherstellung erneut ausführen.',
  interruptedFirst:
    'Eine Wiederherstellung wurde mitten im Austausch der Daten abgebrochen. Bitte zuerst den Server starten (npm start): er macht sie rückgängig.',
  journalUnreadable: (reason: string) =>
    `Das Protokoll einer abgebrochenen Wiederherstellung (restore-journal.json) ist nicht lesbar (${reason}). Bitte die Daten von Hand prüfen; es wurde nichts verändert.`,
  rolledBack: (reason: string) => `Wiederherstellung abgebrochen, die bisherigen Daten sind unverändert: ${reason}`,
  lockLost: (dataDir: string) =>
    `Wiederherstellung abgebrochen, nichts wurde ersetzt: ein anderer Prozess hat die Daten in ${dataDir} übernommen, während die Sicherung entpackt wurde (lief ein Server in einem anderen Container an?). Bitte diesen Server stoppen und die Wiederherstellung wiederholen.`,
  republished: (pages: number) => `Website neu veröffentlicht: ${pages} Seiten.`,
  republishFailed: (pages: number) =>
    `${pages > 0 ? `${pages} Seiten konnten` : 'Die Website konnte'} nicht veröffentlicht werden; der nächste Start des Servers veröffentlicht sie erneut.`,
  usageRestore: 'Aufruf: npm run restore -- DATEI.tar.gz',
  usageBackup: 'Aufruf: npm run backup [-- --to ORDNER] (ohne --to: BACKUP_DIR, sonst ./backups)',
  toEmpty: '--to ohne Ordner.',
  archiveNotNamed: 'Welche Sicherung? Bitte die Datei nennen.',
  oneArchive: 'Bitte genau eine Sicherung nennen.',
} as const;
