// The share image of a section of the site (/teilen/spielplan.png): src/server/content/share.ts.
import type { APIRoute } from 'astro';
import { siteUrl } from '../../server/config';
import { SHARE_SECTIONS } from '../../server/content/share';
import { shareImageResponse } from '../../server/content/share-image';

export const GET: APIRoute = ({ params }) => shareImageResponse(SHARE_SECTIONS[params.id ?? ''] ?? null, siteUrl().host);
