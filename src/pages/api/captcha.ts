import type { APIRoute } from 'astro';
import { getDb } from '../../server/db/client';
import { issueCaptcha } from '../../server/auth/captcha';

/** A new arithmetic question with its proof of work, signed by the server; open to everyone. */
export const GET: APIRoute = async () => {
  const { token, question, pow } = await issueCaptcha(getDb());
  return Response.json({ token, question, pow }, { headers: { 'cache-control': 'no-store' } });
};
