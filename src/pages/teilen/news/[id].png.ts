// The share image of an article without a photo: its title and date.
import type { APIRoute } from 'astro';
import { siteUrl } from '../../../server/config';
import { newsShareContent } from '../../../server/content/share';
import { shareImageResponse } from '../../../server/content/share-image';

export const GET: APIRoute = ({ params }) => shareImageResponse(newsShareContent(params.id ?? ''), siteUrl().host);
