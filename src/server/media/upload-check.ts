// The server's side of the image fields' check (lib/schemas/upload.ts): a save may
// name an upload whose file is there, or one a stored row already names (a file lost
// on disk blocks no edit of a text beside it; the library lists it as missing). An
// image deleted in the library while a form held it, then saved, is refused: the
// page would show a broken image.
import fs from 'node:fs';
import { registerUploadCheck } from '../../lib/schemas/upload';
import { config } from '../config';
import { getDb } from '../db/client';
import { uploadFile } from './inventory';
import { usesOfImage, mediaUses } from './usage';

export function uploadMayBeNamed(url: string, uploadsDir: string = config.uploadsDir): boolean {
  const file = uploadFile(url, uploadsDir);
  if (file && fs.existsSync(file)) return true;
  // rare: only then are the stored rows read
  return usesOfImage(mediaUses(getDb()), url).length > 0;
}

/** Called once at start, in the process that answers the actions. */
export function installUploadCheck(uploadsDir: string = config.uploadsDir): void {
  registerUploadCheck((url) => uploadMayBeNamed(url, uploadsDir));
}
