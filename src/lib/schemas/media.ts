// The media library (issue 15): the schema of an image's stored alt text, what
// the library lists, and its German texts, shared by the actions, the 'Medien'
// tab and the picker of every image field.
import { z } from 'astro/zod';
import './zod-german';
import { cleanText } from './common';

/** Screen readers read alt texts whole: a sentence, not an article. */
export const MAX_ALT_LENGTH = 300;

export const MEDIA_TEXTS = {
  title: 'Medien',
  intro: 'Alle hochgeladenen Bilder an einem Ort: wo sie verwendet werden, ihr Alternativtext für die Website, und Löschen, wenn sie nirgends mehr verwendet werden.',
  sweepIntro:
    'Ein Bild, das nirgends mehr verwendet wird, auch nicht im Papierkorb oder in einer aufbewahrten älteren Fassung, löscht die Website nachts von selbst, frühestens 30 Tage nach dem Hochladen (später, wenn der Papierkorb länger aufbewahrt). Wann, steht beim Bild.',
  empty: 'Noch keine Bilder hochgeladen.',
  search: 'Suchen (Datei, Alternativtext oder Verwendung)',
  noMatch: 'Kein Bild passt zur Suche.',
  onlyUnused: 'Nur unbenutzte Bilder',
  usedIn: 'Verwendet in',
  unused: 'Nirgends verwendet',
  sweepOn: (date: string) => `Wird ab dem ${date} nachts automatisch gelöscht, wenn es bis dahin nirgends verwendet wird.`,
  sweepNext: 'Wird in der nächsten Nacht automatisch gelöscht.',
  keptForVersion: 'Steht in einer älteren Fassung eines Inhalts: bleibt, solange diese Fassung aufbewahrt wird.',
  keptForName: 'Wird wegen seines Dateinamens nicht automatisch gelöscht: bei Bedarf hier löschen.',
  alt: 'Alternativtext',
  altHint: 'Beschreibt das Bild für Menschen, die es nicht sehen. Leer: die Website beschreibt es wie bisher.',
  altSave: 'Alternativtext speichern',
  altSaved: 'Alternativtext gespeichert',
  altTooLong: `Der Alternativtext darf höchstens ${MAX_ALT_LENGTH} Zeichen lang sein.`,
  delete: 'Löschen',
  deleteConfirm: 'Dieses Bild wirklich löschen? Die Datei wird entfernt.',
  notShown: 'nicht veröffentlicht (ohne Einwilligung); Löschen entfernt das Foto auch beim Spieler',
  deleteConfirmNotShown: (players: string[]) =>
    `Dieses Bild wirklich löschen? Die Datei wird entfernt, und das Foto wird bei ${players.join(', ')} entfernt, wo es ohne Einwilligung nicht veröffentlicht ist.`,
  deleted: 'Bild gelöscht',
  deleteFailed: 'Bild nicht gelöscht',
  notFound: 'Dieses Bild gibt es nicht mehr in der Mediathek.',
  stillUsed: (places: string[]) => `Das Bild wird noch verwendet: ${places.join(', ')}. Bitte es zuerst dort entfernen.`,
  missingFile: 'Datei fehlt',
  pick: 'Aus Mediathek wählen',
  pickTitle: 'Bild aus der Mediathek',
  pickClose: 'Mediathek schließen',
  pickOne: (name: string) => `Dieses Bild wählen: ${name}`,
  loadError: 'Die Mediathek konnte nicht geladen werden.',
  loading: 'Lädt...',
  size: (width: number | null, height: number | null, bytes: number | null) =>
    [width && height ? `${width} × ${height} px` : '', bytes ? `${Math.max(1, Math.round(bytes / 1024))} KB` : ''].filter(Boolean).join(', '),
} as const;

/** Which image: its public address as stored in the content (/uploads/…). */
export const mediaUrlSchema = z.object({
  url: z.string().trim().min(1, MEDIA_TEXTS.notFound).max(2000, MEDIA_TEXTS.notFound).regex(/^\/uploads\//, MEDIA_TEXTS.notFound),
});

/** The alt text of one image; empty: the pages describe it as before. */
export const mediaAltSchema = mediaUrlSchema.extend({
  alt: cleanText(MAX_ALT_LENGTH, { tooLong: MEDIA_TEXTS.altTooLong }),
});

/** One place that shows an image. */
export type MediaUse = {
  table: string;
  id: string;
  label: string;
  field: string;
  /** a player's photo the public pages do not show (a protected child without consent): deleting the image takes it off */
  notShown?: true;
};

/** One image of the library as the admin sees it. */
export type MediaItem = {
  url: string;
  /** a small copy for the grid (the 480 px WebP), or the image itself */
  thumb: string;
  alt: string;
  bytes: number | null;
  width: number | null;
  height: number | null;
  uploaded_by: string | null;
  created_at: string;
  missing: boolean;
  uses: MediaUse[];
  /** why the nightly sweep leaves an unused image alone (src/server/media/sweep.ts): a kept version names it, or its name is not plain */
  keptBecause: 'version' | 'name' | null;
  /** an unused image's first moment to be swept at night (ISO); null: used, or kept */
  sweepableFrom: string | null;
};

/** The file name of an upload address, for people: /uploads/news/ab12.jpg → news/ab12.jpg, %C3%BC → ü */
export function mediaName(url: string): string {
  try {
    return decodeURIComponent(url.replace(/^\/uploads\//, ''));
  } catch {
    return url;
  }
}

/**
 * Whether an image matches what the admin typed into a search of the library (the 'Medien' tab, an image field's
 * picker): its file name as people read it (an imported 'Spieler Müller.jpg' is stored as 'Spieler%20M%C3%BCller.jpg'),
 * its alt text or a place it is used, regardless of case and of how the umlaut was typed (NFC).
 */
export function mediaMatches(item: Pick<MediaItem, 'url' | 'alt' | 'uses'>, query: string): boolean {
  const needle = query.normalize('NFC').trim().toLowerCase();
  if (!needle) return true;
  return [mediaName(item.url), item.url, item.alt, ...item.uses.map((use) => use.label)].some((text) =>
    text.normalize('NFC').toLowerCase().includes(needle),
  );
}
