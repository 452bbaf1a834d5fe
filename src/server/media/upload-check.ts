// The server's side of the image fields' check (lib/schemas/upload.ts): a save may
// name an upload whose file is there, or one a stored row already names (a file lost
// on disk blocks no edit of a text beside it; the library lists it as missing). An
// image deleted in the library while a form held it, then saved, is refused: the
// page would show a broken image.
import fs from 'node:fs';
import { registerUploadCheck } from '../../lib/schemas/upload';
import { config, siteUrl } from '../config';
import { getDb } from '../db/client';
import { uploadFile } from './inventory';
import { usesOfImage, mediaUses } from './usage';
import { ownUploadPath } from './upload-path';

export function uploadMayBeNamed(url: string, uploadsDir: string = config.uploadsDir, site: URL = siteUrl()): boolean {
  const upload = ownUploadPath(url, site);
  if (upload === null) return true;
  const file = uploadFile(upload, uploadsDir);
  if (file && fs.existsSync(file)) return true;
  // rare: only then are the stored rows read (their uses are kept without host and query, as `upload` is)
  return usesOfImage(mediaUses(getDb()), upload).length > 0;
}

/** Called once at start, in the process that answers the actions. */
export function installUploadCheck(uploadsDir: string = config.uploadsDir, site: URL = siteUrl()): void {
  registerUploadCheck((url) => uploadMayBeNamed(url, uploadsDir, site));
}
