// When the nightly sweep (sweep.ts) may delete an unused image: as long after its
// upload as the trash keeps a deleted row, so that a form left open with a new
// upload, or a row deleted the day the image came, is not robbed of it. Apart
// from sweep.ts so that the library's listing (inventory.ts), which sweep.ts
// reads, can show the date without the two loading each other.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first moment the sweep may delete an image uploaded at `createdAt` (ISO), if nothing names it by then. */
export function sweepableFrom(createdAt: string, days: number): string {
  return new Date(Date.parse(createdAt) + days * DAY_MS).toISOString();
}
