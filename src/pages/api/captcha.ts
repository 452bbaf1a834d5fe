import type { APIRoute } from 'astro';
import { getDb } from '../../server/db/client';
import { issueCaptcha } from '../../server/auth/captcha';

/** A new arithmetic question, signed by the server; open to everyone. */
export const GET: APIRoute = () => {
  const { token, question } = issueCaptcha(getDb());
  return Response.json({ token, question }, { headers: { 'cache-control': 'no-store' } });
};
