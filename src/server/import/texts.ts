// The German texts of `npm run import` (issue 12): the report per table, the
// reasons a row is skipped, and why a run stops.
export const IMPORT_TEXTS = {
  noKey: 'Zeile ohne Kennung übersprungen.',
  imageMissing: (id: string, url: string) => `Zeile ${id}: Bild nicht gefunden oder kein Bild (${url}), ohne Bild übernommen.`,
  imageRefused: (id: string, url: string, reason: string) => `Zeile ${id}: Bild nicht übernommen (${url}): ${reason} Ohne Bild übernommen.`,
  imageAddressInside: 'Die Adresse führt ins eigene Netz oder zu diesem Rechner; sie wird nicht abgerufen.',
  imageRedirect: 'Die Adresse leitet weiter; Weiterleitungen werden nicht verfolgt (den alten Speicher mit --storage-url angeben).',
  imageCredentials: 'Adressen mit Benutzername oder Passwort werden nicht abgerufen.',
  imagePathOutside: 'Die Datei verweist aus dem Ordner der Bilder hinaus; sie wird nicht gelesen.',
  imagePathClimbs: "Der Pfad verlässt den Ordner der Bilder ('..'); er wird nicht gelesen.",
  notATime: (column: string) => `${column}: kein gültiger Zeitpunkt.`,
  notANumber: (column: string) => `${column}: keine Zahl.`,
  oldMatchStatus: (status: string) => `Status in der alten Website: ${status}`,
  brokenReference: (table: string, id: string, column: string, value: string) =>
    `${table} ${id}: ${column} verweist auf ${value || '(leer)'}, das es nicht gibt. Der Import wurde vollständig zurückgenommen.`,
  refersToSkipped: (table: string, id: string, column: string, target: string, targetId: string, reason: string) =>
    `${table} ${id}: ${column} verweist auf ${target} ${targetId}, das übersprungen wurde (${reason}). Der Import wurde vollständig zurückgenommen; bitte die Zeile im alten System berichtigen.`,
  writtenHere: 'dieser Abschnitt wurde hier schon geschrieben; der Text hier bleibt (der alte steht weiter im alten System).',
  editedHere: 'hier seit dem letzten Import bearbeitet; bleibt, wie es hier ist (die Änderung im alten System wird nicht übernommen).',
  imagesNotStored: (reason: string) =>
    `Die Bilder konnten nicht gespeichert werden: ${reason.replace(/^Speichern fehlgeschlagen: /, '')} Es wurde nichts importiert.`,
  deletedHere: 'hier seit dem letzten Import gelöscht; wird nicht wieder angelegt (aus dem Papierkorb wiederherstellen, wenn es zurück soll).',
  refersToDeletedHere: (column: string, table: string, id: string) =>
    `${column} verweist auf ${table} ${id}, das hier seit dem letzten Import gelöscht wurde; ohne es wird die Zeile nicht angelegt.`,
  emailFollowed: (before: string, now: string) =>
    `E-Mail im alten System geändert (${before} → ${now}): das Konto hier hat jetzt ${now}; eine offene Einladung an ${before} gilt nicht mehr.`,
  emailKept: (before: string, now: string) =>
    `E-Mail im alten System geändert (${before} → ${now}): das Konto hier behält ${before} (${now} gehört einem anderen Konto).`,
  emailKeptMadeHere: (before: string, now: string) =>
    `E-Mail im alten System geändert (${before} → ${now}): das Konto hier behält ${before} (es wurde hier angelegt, nicht vom Import).`,
  emailKeptInUse: (before: string, now: string) =>
    `E-Mail im alten System geändert (${before} → ${now}): das Konto hier behält ${before} (es wird hier schon benutzt: Passwort gesetzt oder Rollen hier vergeben).`,
  roleNotForAccountInUse: (email: string, role: string) =>
    `das Konto ${email} wird hier schon benutzt (Passwort gesetzt oder Rollen hier vergeben); seine Rollen vergibt ein Superadmin unter „Benutzer“ (die Rolle ${role} aus dem alten System wurde nicht übernommen).`,
  roleTakenHere: (email: string, role: string) =>
    `die Rolle ${role} des Kontos ${email} wurde hier entzogen, nachdem ein früherer Import sie gab; der Import gibt sie nicht wieder (ein Superadmin kann sie unter „Benutzer“ vergeben).`,
  roleNotForAccountHere: (email: string, role: string) =>
    `das Konto ${email} gab es hier schon vor dem Import; seine Rollen vergibt ein Superadmin unter „Benutzer“ (die Rolle ${role} aus dem alten System wurde nicht übernommen).`,
  usage:
    'Aufruf: npm run import -- --from postgres://BENUTZER:PASSWORT@HOST/DB | DATEI.json | ORDNER/ [--storage-url URL | --storage-dir ORDNER] [--dry-run] [--invite] [--club "VOLLSTÄNDIGER NAME" [--club-short KURZNAME]]',
  fromMissing: '--from fehlt: woher der Verein kommt (die alte Datenbank, eine JSON-Datei oder ein Ordner).',
  optionEmpty: (name: string) => `--${name} ohne Wert.`,
  clubShortAlone: '--club-short nur zusammen mit --club.',
  serverRunning: 'Der Server läuft mit diesem Datenordner. Bitte zuerst stoppen (der Import veröffentlicht danach die ganze Website).',
  reading: (source: string) => `[import] lese ${source}`,
  images: (found: number, stored: number, missing: number) => `[import] ${found} Bilder: ${stored} übernommen, ${missing} nicht gefunden`,
  dryRunTitle: '[import] Probelauf (--dry-run): nichts wurde gespeichert.',
  table: (t: { table: string; new: number; changed: number; unchanged: number; skipped: unknown[] }) =>
    `[import] ${t.table}: ${t.new} neu, ${t.changed} geändert, ${t.unchanged} unverändert, ${t.skipped.length} übersprungen`,
  skipped: (table: string, id: string, reason: string) => `[import]   übersprungen ${table} ${id}: ${reason}`,
  rolledBack: (message: string) => `[import] abgebrochen, nichts übernommen: ${message}`,
  invited: (email: string) => `[import] Einladung an ${email} gesendet`,
  invitationsCutOff: (emails: string[]) =>
    `[import] Nicht abgeschlossene Einladungen eines beendeten Imports oder Servers im Protokoll vermerkt (ob sie angekommen sind, ist unbekannt; ihre Links gelten): ${emails.join(', ')}`,
  inviteFailed: (email: string, reason: string) =>
    `[import] Einladung an ${email} NICHT gesendet (${reason}): der nächste Lauf mit --invite versucht es wieder, oder die Person setzt ein Passwort über „Passwort vergessen?“`,
  settingInvalid: (problem: string) => `Einstellung ungültig: ${problem}. Es wurde nichts importiert.`,
  inviteNeedsSiteUrl:
    'Mit --invite braucht der Import SITE_URL, die Adresse der Website (z. B. SITE_URL=https://www.verein.at): die Einladungen enthalten den Link zum Setzen des Passworts, ohne sie auf localhost. Es wurde nichts importiert.',
  notInvited: (count: number) =>
    `[import] ${count} Benutzer ohne Passwort und ohne gültige Einladung; mit --invite erhalten sie eine Einladung.`,
  clubNamed: (long: string, short: string) => `[import] Verein: ${long} (Kurzname ${short})`,
  clubNameRefused: (message: string) => `--club: ${message} Es wurde nichts importiert.`,
  clubShortNeeded: 'Der Name ist länger als 30 Zeichen: bitte mit --club-short einen Kurznamen angeben.',
  invitingAs: (club: string) => `[import] Die Einladungen nennen den Verein „${club}“ (einen anderen Namen setzt --club).`,
  published: (pages: number, ms: number) => `[import] Website veröffentlicht: ${pages} Seiten in ${ms} ms`,
  sourceUnreadable: (reason: string) => `Die alten Daten konnten nicht gelesen werden: ${reason} Es wurde nichts importiert.`,
  refused: 'Die Datenbank nimmt keine Verbindung an (Adresse und Port prüfen; läuft sie?).',
  hostUnknown: 'Der Rechner in der Adresse ist nicht bekannt.',
  connectionLost: 'Die Datenbank hat die Verbindung mitten im Lesen beendet.',
  noAnswer: (seconds: number) => `Die Datenbank hat ${seconds} Sekunden lang nicht geantwortet (mehr Zeit gibt IMPORT_TIMEOUT_SECONDS).`,
  loginRefused: 'Die Anmeldung an der Datenbank wurde abgelehnt (Benutzer und Passwort prüfen).',
  noSuchDatabase: 'Diese Datenbank gibt es auf dem Server nicht.',
  notFound: 'Die Datei oder der Ordner ist nicht da.',
  noPermission: 'Keine Leserechte für die Datei oder den Ordner.',
  notJson: (detail: string) => `Die Datei ist kein gültiges JSON (${detail}).`,
  notTables: 'Die Datei enthält keine Tabellen: erwartet wird ein Objekt wie {"news": [ … ], "teams": [ … ]}.',
  notJsonFile: (name: string, detail: string) => `${name} ist keine gültige JSON-Datei (${detail}).`,
  noKnownTables: (keys: string[]) =>
    `Die Datei enthält keine der Tabellen der alten App (${keys.length > 0 ? `gefunden: ${keys.slice(0, 8).join(', ')}` : 'sie ist leer'}; erwartet z. B. „news“, „teams“, „players“).`,
  noTableFiles: (names: string[]) =>
    `Im Ordner ist keine Datei einer Tabelle der alten App (${names.length > 0 ? `gefunden: ${names.slice(0, 8).join(', ')}` : 'keine CSV- oder JSON-Datei'}; erwartet z. B. news.csv oder news.json, teams.csv, players.csv).`,
  notRows: (where: string) => `${where} enthält keine Liste von Zeilen (erwartet: [ { … }, { … } ]).`,
  notCsv: (name: string, line: number) => `${name} ist keine lesbare CSV-Datei (Fehler in Zeile ${line}, z. B. ein Anführungszeichen ohne Gegenstück).`,
  noSsl: 'Die Datenbank spricht kein SSL: in der Adresse sslmode=disable setzen, wenn sie im eigenen Netz läuft.',
  certificateRefused:
    'Dem Zertifikat der Datenbank wird nicht vertraut (selbst signiert oder für einen anderen Namen): in der Adresse sslmode=no-verify setzen, wenn die Verbindung trotzdem genommen werden soll.',
  failed: (reason: string) => `[import] abgebrochen: ${reason}`,
  storedButNotNamed: (reason: string) =>
    `[import] Die Daten sind übernommen, aber der Vereinsname konnte nicht gespeichert werden (${reason}). Bitte unter „Verein“ eintragen.`,
  storedButNotPublished: (reason: string) =>
    `[import] Die Daten sind übernommen, aber die Website konnte nicht veröffentlicht werden (${reason}). Der nächste Start des Servers veröffentlicht sie.`,
};
