// The club's icons and web app manifest (/verein/icon-192.png, …): drawn from the
// crest and colours a superadmin set in 'Verein' (src/server/content/club-assets.ts).
import type { APIRoute } from 'astro';
import { clubAssetResponse } from '../../server/content/club-assets';
import { forClub, storedClubIdentity } from '../../server/content/club';
import { SITE_TEXTS } from '../../server/content/defaults';

export const GET: APIRoute = ({ params }) => clubAssetResponse(params.id ?? '', storedClubIdentity(), forClub(SITE_TEXTS.defaultDescription));
