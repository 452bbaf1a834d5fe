// The German texts of the deploy to static hosts (issue 12): the admin's
// header badge and its retry, the reasons a target gives, and `npm run deploy`.
export const DEPLOY_TEXTS = {
  live: (targets: string) => `Live auf ${targets}`,
  running: 'Wird übertragen…',
  failed: (target: string, reason: string) => `Übertragung auf ${target} fehlgeschlagen: ${reason}`,
  // a target another process deploys to: nothing failed, the server tries again every 2 s
  waiting: (target: string, reason: string) => `Übertragung auf ${target} wartet: ${reason}`,
  // after a failure the server tries again by itself (2 s, doubling up to 5 min): when, so no one needs to click
  retryAt: (time: string) => `Neuer Versuch um ${time} Uhr.`,
  retry: 'Erneut übertragen',
  retrying: 'Überträgt...',
  retryStarted: 'Übertragung gestartet',
  error: 'Fehler',
  noTargets: 'Kein Ziel eingerichtet (DEPLOY_S3_URL, DEPLOY_RSYNC_TARGET, DEPLOY_PURGE_URL).',
  // reasons, from what the target answered
  unreachable: 'Ziel nicht erreichbar',
  denied: 'Zugriff verweigert (Zugangsdaten prüfen)',
  noBucket: 'Bucket nicht gefunden',
  rsyncFailed: (code: number | null) => `rsync endete mit Code ${code ?? 'unbekannt'}`,
  purgeFailed: (status: number) => `Purge-Webhook antwortete mit ${status}`,
  unknown: 'unbekannter Fehler',
  stopped: 'abgebrochen, der Server wurde beendet',
  // 'Prozess 1234', or 'Prozess 1 auf <host>' for a process of another container or machine (pid-file.ts)
  busy: (holder: string) => `eine andere Übertragung auf dieses Ziel läuft gerade (${holder})`,
  cliWaiting: (reason: string) => `[deploy] ${reason}: warte bis zu 2 Minuten…`,
  // npm run deploy
  cliStart: (targets: string) => `[deploy] vollständige Übertragung auf ${targets}`,
  cliDone: (files: number, removed: number, ms: number) => `[deploy] fertig: ${files} ${files === 1 ? 'Datei' : 'Dateien'} übertragen, ${removed} entfernt (${ms} ms)`,
  cliFailed: (message: string) => `[deploy] fehlgeschlagen: ${message}`,
  /** a folder or file of the site could not be read (EACCES, EIO): nothing is sent, nothing removed */
  cliUnreadable: (message: string) => `[deploy] fehlgeschlagen: die Dateien der Website konnten nicht gelesen werden (${message}); nichts übertragen, nichts entfernt`,
};
