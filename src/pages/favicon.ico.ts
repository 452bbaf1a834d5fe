// /favicon.ico, which browsers and tools ask for whatever a page links: the
// club's crest once 'Verein' is saved, else the build's own icon.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRoute } from 'astro';
import { config } from '../server/config';
import { clubAssetResponse } from '../server/content/club-assets';
import { storedClubIdentity } from '../server/content/club';

export const GET: APIRoute = async () => {
  const club = storedClubIdentity();
  if (club) return clubAssetResponse('favicon.ico', club, '');
  const builtIn = await fs.promises.readFile(path.join(config.clientDir, 'icons', 'favicon-default.ico'));
  return new Response(new Uint8Array(builtIn), { headers: { 'content-type': 'image/x-icon' } });
};
