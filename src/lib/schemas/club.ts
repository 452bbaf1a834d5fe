// The club's identity (issue 13, admin tab 'Verein', superadmins only): names,
// crest, colours and home ground. One zod schema for the form, the action and
// the service; the German texts of the tab beside it.
import { z } from 'astro/zod';
import './zod-german';
import { optional, required } from './admin-fields';
import { OUTDATED_FORM } from './common';
import { COLOUR_MESSAGE } from './homepage';
import { isGoneUpload, UPLOAD_TEXTS } from './upload';

const colour = z
  .string({ required_error: COLOUR_MESSAGE, invalid_type_error: COLOUR_MESSAGE })
  .trim()
  .regex(/^#[0-9a-f]{6}$/i, COLOUR_MESSAGE)
  .transform((v) => v.toLowerCase());

/** A crest is an upload of ours (the crest upload stores it as PNG): nothing from elsewhere. */
const crestUrl = z
  .string({ invalid_type_error: 'Bitte ein Wappen hochladen.' })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^\/uploads\/[a-z0-9/_-]+\.png$/i.test(v), 'Das Wappen muss über „Wappen hochladen“ hochgeladen werden.')
  // as every image field (decision 033): one deleted in the library while the form held it would show broken
  // on every page, and the icons and share images would fall back to the initials
  .refine((v) => v === null || !isGoneUpload(v), UPLOAD_TEXTS.gone);

export const clubSettingsSchema = z.object({
  short_name: required(30),
  long_name: required(120),
  crest_url: crestUrl,
  primary_color: colour,
  secondary_color: colour,
  home_ground: optional(200),
  // 'Minderjährige schützen' (issue 14): kept in site_settings, not in the club row;
  // absent leaves it as it is (a caller that does not know the setting changes nothing)
  protect_minors: z.boolean({ invalid_type_error: 'Bitte ja oder nein wählen.' }).optional(),
  // the form's values as it was filled: a save is refused when the club changed since (decision 032)
  read: z.record(z.string().max(40, OUTDATED_FORM), z.union([z.string().max(1_000, OUTDATED_FORM), z.boolean(), z.null()])).optional(),
});
export type ClubSettingsInput = z.input<typeof clubSettingsSchema>;
export type ClubSettingsData = Omit<z.output<typeof clubSettingsSchema>, 'read'>;

/** A crest as the admin's browser sends it: the file's bytes in base64, at most 512 KB. */
export const CREST_MAX_BYTES = 512 * 1024;
export const crestUploadSchema = z.object({
  name: z.string().max(200).default('wappen'),
  data: z
    .string({ required_error: 'Bitte eine Datei wählen.' })
    .max(Math.ceil((CREST_MAX_BYTES * 4) / 3) + 8, 'Das Wappen darf höchstens 512 KB groß sein.'),
});

export const CLUB_TEXTS = {
  tab: 'Verein',
  heading: 'Verein',
  intro: 'Name, Wappen und Farben des Vereins: sie erscheinen auf jeder Seite, im Browser-Tab, im App-Symbol und in geteilten Links.',
  shortName: 'Kurzname',
  shortNameHint: 'für enge Stellen, z. B. „SV Kirchberg“',
  longName: 'Vollständiger Name',
  crest: 'Wappen',
  crestHint: 'SVG oder PNG, quadratisch, höchstens 512 KB. SVG wird in ein Bild umgewandelt.',
  uploadCrest: 'Wappen hochladen',
  removeCrest: 'Wappen entfernen',
  noCrest: 'Kein Wappen: es wird ein Schild mit den Anfangsbuchstaben gezeigt.',
  primary: 'Hauptfarbe',
  secondary: 'Zweitfarbe',
  homeGround: 'Heimstätte',
  save: 'Speichern',
  saved: 'Verein gespeichert',
  savedText: 'Alle Seiten, das App-Symbol und die Vorschaubilder werden neu veröffentlicht.',
  saveError: 'Fehler beim Speichern',
  loadError: 'Fehler beim Laden',
  crestUploaded: 'Wappen hochgeladen',
  crestError: 'Wappen konnte nicht verarbeitet werden',
  contrastWarning: (which: string, ratio: string, variant: string) =>
    `${which} ist auf hellem Grund schwer lesbar (Kontrast ${ratio}, nötig 4,5:1). Für Text und Links wird die lesbare Variante ${variant} verwendet.`,
  secondaryContrastWarning: (which: string, ratio: string, variant: string) =>
    `${which} trägt weiße Schrift schlecht (Kontrast ${ratio}, nötig 4,5:1). In den Seitenköpfen wird die dunklere Variante ${variant} verwendet.`,
  shortNameStillBuiltIn: (club: string) => `Noch der Kurzname des ${club}: bitte den eigenen eintragen.`,
  homeGroundStillBuiltIn: (club: string) => `Noch die Heimstätte des ${club}: bitte die eigene eintragen oder das Feld leeren.`,
  builtInFactsLeft: (club: string, places: string[]) =>
    `Hier stehen noch Angaben des ${club} (Adresse, E-Mail, Vereinsregister, Konto oder Heimstätte): ${places.join(', ')}. Bitte dort die eigenen eintragen.`,
  contrastOk: (ratio: string) => `Kontrast auf hellem Grund ${ratio}: gut lesbar.`,
  secondaryContrastOk: (ratio: string) => `Kontrast mit weißer Schrift ${ratio}: gut lesbar.`,
  onlySuperadmin: 'Nur Superadmins können die Vereinsdaten ändern.',
  badCrest: 'Diese Datei ist kein verwendbares Wappen. Bitte ein SVG oder PNG hochladen.',
  protectMinors: 'Minderjährige schützen',
  protectMinorsHint:
    'Von Spielern unter 14 Jahren zeigt die Website nur den Namen – kein Foto, keine Rückennummer, kein Alter, keine Position und keine Statistik –, solange kein Einverständnis der Eltern unter „Spieler“ eingetragen ist. In Österreich ist für Fotos von Minderjährigen das Einverständnis der Erziehungsberechtigten üblich. Ausgeschaltet zeigt die Website alle Spieler wie bisher.',
  unsafeSvg: 'Dieses SVG enthält Skripte, Verweise oder eingebettete Inhalte und wird nicht angenommen.',
} as const;
