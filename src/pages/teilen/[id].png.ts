// The share image of a section of the site (/teilen/spielplan.png): src/server/content/share.ts.
import type { APIRoute } from 'astro';
import { siteUrl } from '../../server/config';
import { forClub } from '../../server/content/club';
import { SHARE_SECTIONS } from '../../server/content/share';
import { shareImageResponse } from '../../server/content/share-image';

export const GET: APIRoute = ({ params }) => {
  const section = SHARE_SECTIONS[params.id ?? ''] ?? null;
  // the home page's image is titled with the club's name: the one saved in 'Verein'
  return shareImageResponse(section && { ...section, title: forClub(section.title) }, siteUrl().host);
};
