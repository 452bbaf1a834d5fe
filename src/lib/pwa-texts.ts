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
} as const;

/** 'Neue Inhalte verfügbar. Die Seite wird in 5 Sekunden neu geladen.' */
export function updateCountdownText(secondsLeft: number): string {
  const unit = secondsLeft === 1 ? 'Sekunde' : 'Sekunden';
  return `Neue Inhalte verfügbar. Die Seite wird in ${secondsLeft} ${unit} neu geladen.`;
}
