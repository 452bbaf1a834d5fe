// The share image of a team: its name and category.
import type { APIRoute } from 'astro';
import { siteUrl } from '../../../server/config';
import { teamShareContent } from '../../../server/content/share';
import { shareImageResponse } from '../../../server/content/share-image';

export const GET: APIRoute = ({ params }) => shareImageResponse(teamShareContent(params.id ?? ''), siteUrl().host);
