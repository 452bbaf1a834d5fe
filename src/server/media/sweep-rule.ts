// When the nightly sweep (sweep.ts) may delete an unused image: as long after its
// upload as the trash keeps a deleted row, so that a form left open with a new
// upload, or a row deleted the day the image came, is not robbed of it; and which
// images it may delete at all: those whose uses are found for certain. Apart
// from sweep.ts so that the library's listing (inventory.ts), which sweep.ts
// reads, can show the date without the two loading each other.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first moment the sweep may delete an image uploaded at `createdAt` (ISO), if nothing names it by then. */
export function sweepableFrom(createdAt: string, days: number): string {
  return new Date(Date.parse(createdAt) + days * DAY_MS).toISOString();
}

/**
 * Whether the uses of an image are found for certain: the upload service's names (hex, in a folder) and any
 * other of letters, digits, '-', '_' and '.'. A file copied in by hand as 'Mannschaft 2025.jpg' may be named
 * in a text as written, which the text's pattern does not read whole: such an image is left to the library.
 */
export function isPlainAddress(url: string): boolean {
  return /^\/uploads\/[A-Za-z0-9_\-./]+$/.test(url);
}
