// The share image of a match (issue 14): competition, date, the teams and the score.
import type { APIRoute } from 'astro';
import { siteUrl } from '../../../server/config';
import { matchShareContent } from '../../../server/content/share';
import { shareImageResponse } from '../../../server/content/share-image';

export const GET: APIRoute = ({ params }) => shareImageResponse(matchShareContent(params.id ?? ''), siteUrl().host);
