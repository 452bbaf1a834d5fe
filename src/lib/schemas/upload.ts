// Image uploads (admin-area.md §5, §8, §9): the limit and the German texts the
// upload endpoint and the ImageUpload island share, and the schema of an image
// field in the entity schemas.
import { z } from 'astro/zod';
import './zod-german';
import { isSafeUrl } from '../urls';

/** 5 MB: 5,242,880 bytes are accepted, one byte more is not. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const UPLOAD_TEXTS = {
  tooLarge: 'Datei ist zu groß. Maximum 5MB erlaubt.',
  notAnImage: 'Nur Bilddateien (JPEG, PNG, WebP, GIF, AVIF) sind erlaubt.',
  tooManyPixels: (megapixels: number) => `Bild ist zu groß: höchstens ${megapixels} Megapixel.`,
  tooManyFrames: (frames: number) => `Animation hat zu viele Bilder: höchstens ${frames}.`,
  animationTooLarge: (megapixels: number) => `Animation ist zu groß: höchstens ${megapixels} Megapixel über alle Bilder.`,
  animationTooLong: (seconds: number) => `Animation ist zu lang: höchstens ${seconds} Sekunden.`,
  tooSlow: 'Das Bild konnte nicht rechtzeitig verarbeitet werden. Bitte ein kleineres Bild wählen.',
  busy: 'Gerade werden viele Bilder verarbeitet. Bitte in ein paar Sekunden noch einmal versuchen.',
  noFile: 'Bitte wählen Sie eine Datei aus.',
  badFolder: 'Ungültiger Ordner.',
  failed: 'Das Bild konnte nicht gespeichert werden.',
  successTitle: 'Bild erfolgreich hochgeladen!',
  errorTitle: 'Fehler beim Hochladen',
  // the shop's own wording (admin-area.md §8)
  shopSuccessTitle: 'Bild hochgeladen!',
  shopErrorTitle: 'Upload-Fehler',
  uploading: 'Lädt hoch...',
  choose: 'Bild auswählen',
  replace: 'Anderes Bild wählen',
  remove: 'Bild entfernen',
  badUrl: 'Bitte eine gültige Bild-Adresse angeben.',
  gone: 'Dieses Bild gibt es nicht mehr (inzwischen gelöscht). Bitte ein anderes wählen.',
  goneInText: (urls: string[]) =>
    `Der Text zeigt ${urls.length === 1 ? 'ein Bild, das es' : 'Bilder, die es'} nicht mehr gibt (inzwischen gelöscht): ${urls.join(', ')}. Bitte im Text entfernen oder neu einfügen.`,
} as const;

/** What the upload endpoint answers on success. */
export type UploadResult = {
  /** the stored image, re-encoded, in its own format: what image_url fields hold */
  url: string;
  /** web-sized WebP copies for srcset */
  variants: { width: number; url: string }[];
};

/** Upload folders: one or two lower-case segments such as 'shop/' or 'teams/'; never '..' or absolute. */
export const UPLOAD_FOLDER_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}(\/[a-z0-9][a-z0-9_-]{0,39})?\/?$/;

// Whether an uploaded image may be named by a save: set by the server at start
// (src/server/media/upload-check.ts), on globalThis because Astro's bundle and the
// server load separate copies of this module; in the browser nothing is set and
// the field is not checked there.
const UPLOAD_CHECK = Symbol.for('anstoss.uploadCheck');
type UploadCheck = (url: string) => boolean;

export function registerUploadCheck(check: UploadCheck | undefined): void {
  (globalThis as Record<symbol, unknown>)[UPLOAD_CHECK] = check;
}

/** An /uploads/ address the server says is gone (deleted while a form held it); the server tells its own host's from others. */
export function isGoneUpload(url: string): boolean {
  const check = (globalThis as Record<symbol, unknown>)[UPLOAD_CHECK] as UploadCheck | undefined;
  return url.includes('/uploads/') && check !== undefined && !check(url);
}

/**
 * An optional image field of an entity: a site path (/uploads/...) or an http(s)
 * URL; empty becomes null. Nothing that could run script (javascript:, data:), and
 * on the server no upload that is gone.
 */
export const optionalImageUrl = z
  .string()
  .trim()
  .max(2000, UPLOAD_TEXTS.badUrl)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (isSafeUrl(v) && !/^(mailto|tel):/i.test(v)), UPLOAD_TEXTS.badUrl)
  .refine((v) => v === null || !isGoneUpload(v), UPLOAD_TEXTS.gone);

/**
 * Upload addresses inside a text: src="/uploads/…" (the editor's), url(/uploads/…), a bare address, each with the
 * host it was written with ('https://verein.at/uploads/…'). '/uploads/' inside another path is none of ours:
 * every WordPress site's 'https://www.stfv.at/wp-content/uploads/2025/07/Auslosung.pdf' was taken for one that is
 * gone, and the text could not be saved. (A group, not a lookbehind: older Safari refuses those in the admin.)
 */
const UPLOAD_IN_TEXT = /(^|[^\w\-.%/:])((?:(?:https?:)?\/\/[^\s"'<>()/?#]+)?\/uploads\/[A-Za-z0-9_\-./%]+\.[A-Za-z0-9]+)/g;

/** The upload addresses a text names, as written (with their host, if any). */
export function uploadAddressesIn(text: string): string[] {
  return [...text.matchAll(UPLOAD_IN_TEXT)].map((match) => match[2]!);
}

/**
 * An HTML text field that may not show an upload that is gone (deleted in the library, or by the nightly
 * sweep, while the editor held it): the page would show a broken image. On the server only, as the image fields.
 */
export function withoutGoneUploads<T extends z.ZodTypeAny>(field: T): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return field.superRefine((value: z.output<T>, ctx) => {
    const text: unknown = value;
    if (typeof text !== 'string' || !text.includes('/uploads/')) return;
    const gone = [...new Set(uploadAddressesIn(text))].filter((url) => isGoneUpload(url));
    if (gone.length > 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: UPLOAD_TEXTS.goneInText(gone) });
  });
}
