// The srcset that lets a phone load the small WebP copy of an upload instead of
// the original (which may be 2,400 pixels wide). Kept apart from
// services/uploads.ts so that rendering a page does not load the image library.
import fs from 'node:fs';
import path from 'node:path';
import { config } from '../config';
import { VARIANT_WIDTHS, variantUrl } from './image-variants';

// an image's copies never change once written (uploads get new names), so an
// address whose copies are all there is looked up on disk once. One whose copies
// are not (yet) there is looked up again: the server process that renders saves
// lives long, and the copies of an upload may be written after a first publish.
const known = new Map<string, string>();
/** bounded: past this many addresses it starts over */
const KNOWN_MAX = 20_000;

/**
 * The srcset of an uploaded image's WebP copies, or undefined when the image is
 * not an upload of ours or its copies are not all there (an imported address, an
 * image from elsewhere): then the page shows the original as before.
 */
export function uploadSrcset(url: string | null | undefined, uploadsDir: string = config.uploadsDir): string | undefined {
  if (!url || !/^\/uploads\/(?:[a-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:jpe?g|png|webp|gif|avif)$/i.test(url)) return undefined;
  const key = `${uploadsDir}\n${url}`;
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  const relative = url.slice('/uploads/'.length);
  const complete = VARIANT_WIDTHS.every((width) => fs.existsSync(path.join(uploadsDir, variantUrl(relative, width))));
  if (!complete) return undefined;
  const srcset = VARIANT_WIDTHS.map((width) => `${variantUrl(url, width)} ${width}w`).join(', ');
  if (known.size >= KNOWN_MAX) known.clear();
  known.set(key, srcset);
  return srcset;
}

/**
 * How wide an image is shown where the pages put it (the layout's breakpoints in
 * site.css), so that the browser picks the smallest copy that is sharp enough.
 */
export const IMAGE_SIZES = {
  /** the home page's hero photo, across the whole window */
  banner: '100vw',
  /** cards in `.grid` (one column on phones, up to three in the 72rem container) */
  card: '(min-width: 72rem) 23rem, (min-width: 36rem) 50vw, 100vw',
  /** square photos in `.grid-4` (1, 2, 3 or 4 columns) */
  square: '(min-width: 1200px) 18rem, (min-width: 900px) 33vw, (min-width: 640px) 50vw, 100vw',
  /** the article's or the team's own photo in the 48rem text column */
  column: '(min-width: 50rem) 48rem, 100vw',
  /** sponsor logos (at most 240 × 120) */
  logo: '15rem',
  /** round contact photos and club logos */
  avatar: '6rem',
} as const;

/** `srcset` and `sizes` for an <img> of an upload, or nothing (spread into the element). */
export function responsiveImage(url: string | null | undefined, shownAs: keyof typeof IMAGE_SIZES): { srcset?: string; sizes?: string } {
  const srcset = uploadSrcset(url);
  return srcset ? { srcset, sizes: IMAGE_SIZES[shownAs] } : {};
}
