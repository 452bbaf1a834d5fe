// 'Erste Schritte': what a new club does in its first hours, as a list at the top of the admin until each is
// done or the list is hidden (docs/decisions/071). The steps, their tabs and their German texts in one place;
// whether each is done is the server's (src/server/services/admin/first-steps.ts).
import type { TabKey } from '../components/admin/tabs';

export type FirstStepKey = 'verein' | 'adresse' | 'impressum' | 'mannschaft' | 'spiele' | 'news' | 'benutzer';

export type FirstStepDefinition = { key: FirstStepKey; tab: TabKey; label: string; hint: string; superadminOnly?: true };

/** In the order a club does them: who it is, where it is, then what the site shows. */
export const FIRST_STEPS: readonly FirstStepDefinition[] = [
  { key: 'verein', tab: 'verein', label: 'Vereinsname, Wappen und Farben', hint: 'Bis dahin zeigt die Website den Beispielverein.', superadminOnly: true },
  { key: 'adresse', tab: 'kontakt', label: 'Vereinsadresse', hint: 'Unter Kontakt: die Kontaktseite und das Impressum nennen sie.' },
  { key: 'impressum', tab: 'impressum', label: 'Impressum', hint: 'ZVR-Zahl und vertretungsbefugte Personen.' },
  { key: 'mannschaft', tab: 'mannschaften', label: 'Erste Mannschaft', hint: 'Spielplan und Spielerseiten hängen an ihr.' },
  { key: 'spiele', tab: 'spielplan', label: 'Spiele der Saison', hint: 'Selbst eintragen oder einen Kalender importieren.' },
  { key: 'news', tab: 'news', label: 'Erste News', hint: 'Die Startseite zeigt die neuesten sechs.' },
  { key: 'benutzer', tab: 'benutzer', label: 'Weitere Admins einladen', hint: 'Damit am Spieltag jemand anderer eintragen kann.', superadminOnly: true },
];

export type FirstStepsState = { key: FirstStepKey; done: boolean }[];

/** The steps, and whether this admin chose 'Ausblenden' (then the list is not shown, 'Mein Konto' offers it again). */
export type FirstStepsShown = { hidden: boolean; steps: FirstStepsState };

export const FIRST_STEPS_TEXTS = {
  heading: 'Erste Schritte',
  progress: (done: number, all: number) => `${done} von ${all} erledigt`,
  open: 'Öffnen',
  done: 'Erledigt',
  hide: 'Ausblenden',
  hideFailed: 'Ausblenden fehlgeschlagen',
  // under 'Mein Konto', while the list is hidden and a step is open
  hiddenNote: (open: number) => `Du hast die Liste ausgeblendet. ${open === 1 ? 'Ein Schritt ist' : `${open} Schritte sind`} noch offen.`,
  showAgain: 'Wieder anzeigen',
  showFailed: 'Anzeigen fehlgeschlagen',
} as const;
