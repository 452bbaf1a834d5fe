// Image work is the one thing an admin can make the server do that costs a lot
// of CPU and memory (docs/decisions/017-image-limits.md). Everything that
// decodes an upload runs through here: a few at a time, each with a time
// limit, and with libvips' operation cache off, so a burst of large uploads
// waits in line instead of filling the memory.
import sharp from 'sharp';

// the operation cache keeps decoded images around for reuse we never make
sharp.cache(false);

/** Images decoded at once; the rest wait in line (two at once peaked at 537 MB for ten 5 MB uploads, one at 381 MB: decision 017). */
export const IMAGE_WORK_SLOTS = 1;
/** More than this many waiting: refused at once rather than queued for minutes. */
export const IMAGE_WORK_QUEUE = 8;
/** One upload's decoding and encoding may take this long (sharp stops it after). */
export const IMAGE_WORK_SECONDS = 20;

export class ImageWorkBusy extends Error {
  constructor() {
    super('image work queue full');
    this.name = 'ImageWorkBusy';
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a slot is free; throws ImageWorkBusy when too many wait already. */
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_WORK_SLOTS) {
    if (waiting.length >= IMAGE_WORK_QUEUE) throw new ImageWorkBusy();
    // the slot is handed over by the one that ends (running stays as it is)
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** How many run and wait now (tests, and the log of a refused burst). */
export function imageWorkLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
