// The WebP copies an upload writes beside each image (name-480.webp, …): their
// widths and names, shared by the upload service, the pages' srcset
// (responsive-images.ts) and the benchmark's data generator. Imports nothing, so
// that a script can use it before it has chosen its DATA_DIR.

/** Widths of the WebP copies written beside each uploaded image. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

/** The variant's address: /uploads/news/abc.jpg → /uploads/news/abc-480.webp */
export function variantUrl(url: string, width: number): string {
  return url.replace(/\.[a-z0-9]+$/i, `-${width}.webp`);
}
