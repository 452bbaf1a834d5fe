// German texts of the app install and update islands (public-site.md §2, §4).
export { INSTALL_TEXTS } from './ui-texts';

/** The alert when the browser offers no install prompt (Safari, Firefox). */
export const INSTALL_HELP =
  'So installierst du die App: Öffne das Menü deines Browsers (z. B. „Teilen“ in Safari oder „⋮“ in Firefox und Chrome) und wähle „Zum Startbildschirm hinzufügen“.';

export const INSTALL_BANNER_TEXTS = {
  label: 'App installieren',
  text: 'Installiere unsere App: News, Spielplan und Mannschaften mit einem Tipp – auch offline.',
  install: 'App installieren',
  close: 'Schließen',
} as const;

export const UPDATE_BANNER_TEXTS = {
  label: 'Neue Inhalte',
  cancel: 'Abbrechen',
  /** at the countdown's end on a page whose form holds typed input (decision 059): no reload by itself */
  formKept: 'Neue Inhalte verfügbar. Die Seite wird nicht von selbst neu geladen, damit Ihre Eingaben im Formular bleiben.',
  reloadNow: 'Jetzt neu laden',
} as const;

/** 'Neue Inhalte verfügbar. Die Seite wird in 5 Sekunden neu geladen.' */
export function updateCountdownText(secondsLeft: number): string {
  const unit = secondsLeft === 1 ? 'Sekunde' : 'Sekunden';
  return `Neue Inhalte verfügbar. Die Seite wird in ${secondsLeft} ${unit} neu geladen.`;
}

export const SAVED_COPY_TEXTS = {
  label: 'Gespeicherte Fassung',
  reload: 'Neu laden',
  /** a form's code of the build this page came with is gone from the server (a deploy since it was loaded) */
  newBuildLabel: 'Neue Version',
  newBuild: 'Die Website wurde inzwischen aktualisiert. Bitte die Seite neu laden, um das Formular zu nutzen.',
} as const;

// Made when first needed (an offline page), not when the module loads: every public page loads it,
// and a browser's first Intl.DateTimeFormat with a time zone takes 30 ms of a fast desktop's main
// thread (four times that on the phone Lighthouse simulates), before the page answers (issue 16).
let savedFormats: { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | null = null;
const savedAtFormats = () =>
  (savedFormats ??= {
    day: new Intl.DateTimeFormat('de-AT', { day: 'numeric', month: 'long', timeZone: 'Europe/Vienna' }),
    time: new Intl.DateTimeFormat('de-AT', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Vienna' }),
  });

/**
 * 'Keine Verbindung: Du siehst die gespeicherte Fassung vom 28. November, 14:02 Uhr.', and when a publish changed
 * the page since (`outdated`), ' Die Seite wurde seitdem geändert.' `serverDown`: the connection worked, the
 * server answered with an error (a restart): 'Die Seite ist gerade nicht erreichbar: …'.
 */
export function savedCopyText(savedAt: number | null, outdated = false, serverDown = false): string {
  const since = outdated ? ' Die Seite wurde seitdem geändert.' : '';
  const why = serverDown ? 'Die Seite ist gerade nicht erreichbar' : 'Keine Verbindung';
  if (savedAt === null) return `${why}: Du siehst eine gespeicherte Fassung dieser Seite.${since}`;
  const at = new Date(savedAt);
  const { day, time } = savedAtFormats();
  return `${why}: Du siehst die gespeicherte Fassung vom ${day.format(at)}, ${time.format(at)} Uhr.${since}`;
}
