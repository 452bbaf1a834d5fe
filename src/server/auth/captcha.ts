// The spec's arithmetic captcha (two integers 1–10), issued and checked by the
// server: a signed, expiring challenge whose id can be answered only once.
// With it comes an invisible proof of work (ALTCHA, docs/decisions/018): the
// visitor's browser solves it while they type; a script must spend the work
// for every single post, and a solution counts for its own question only.
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { usedCaptchas } from '../db/schema';
import { signingSecret } from './secret';

export const CAPTCHA_MIN = 1;
export const CAPTCHA_MAX = 10;
export const CAPTCHA_TTL_MS = 30 * 60 * 1000;

/** The proof of work's range: a browser tries half of it on average (SHA-256 each). */
export const POW_MAX_NUMBER = 10_000;

export type CaptchaChallenge = { token: string; a: number; b: number; question: string; pow: Challenge };
export type CaptchaResult = 'ok' | 'wrong' | 'expired' | 'used' | 'invalid' | 'proof';

function sign(db: Db, payload: string): string {
  return createHmac('sha256', signingSecret(db)).update(payload).digest('base64url');
}

/** The token carries only a keyed hash of the answer: a bot cannot read the sum from it. */
function answerHash(db: Db, id: string, answer: number): string {
  return sign(db, `answer:${id}:${answer}`);
}

/** The key ALTCHA signs its challenges with: derived from the site's secret, never sent. */
function powKey(db: Db): string {
  return sign(db, 'altcha-hmac-key');
}

export async function issueCaptcha(db: Db, now = Date.now()): Promise<CaptchaChallenge> {
  const a = randomInt(CAPTCHA_MIN, CAPTCHA_MAX + 1);
  const b = randomInt(CAPTCHA_MIN, CAPTCHA_MAX + 1);
  const id = randomUUID();
  const exp = now + CAPTCHA_TTL_MS;
  const payload = Buffer.from(JSON.stringify({ id, h: answerHash(db, id, a + b), exp })).toString('base64url');
  // the proof of work belongs to this question: its signed parameters name it
  const pow = await createChallenge({ hmacKey: powKey(db), maxNumber: POW_MAX_NUMBER, expires: new Date(exp), params: { captcha: id } });
  return { token: `${payload}.${sign(db, payload)}`, a, b, question: `${a} + ${b}`, pow };
}

/** The solved proof of work (the base64 JSON the browser sends) is for this question, signed by us, not expired. */
async function proofHolds(db: Db, proof: string | undefined, id: string): Promise<boolean> {
  if (!proof || proof.length > 2000) return false;
  try {
    return (await verifySolution(proof, powKey(db), true)) && extractParams(proof).captcha === id;
  } catch {
    return false;
  }
}

/**
 * Checks the proof of work and the answer, and uses the question up, right or
 * wrong: each question is answered once (and so each proof counts once). A post
 * without the work uses nothing up: it would be a database write for free.
 */
export async function verifyCaptcha(
  db: Db,
  token: string,
  answer: string | number,
  proof: string | undefined,
  now = Date.now(),
): Promise<CaptchaResult> {
  const [payload, signature] = String(token ?? '').split('.');
  if (!payload || !signature) return 'invalid';
  const expected = Buffer.from(sign(db, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  let data: { id: string; h: string; exp: number };
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return 'invalid';
  }
  if (data.exp < now) return 'expired';
  // the work first: a post without it costs a hash, not a database write (the question stays unused)
  if (!(await proofHolds(db, proof, data.id))) return 'proof';
  // then used up, right or wrong; of the same solved question sent twice at once, one insert wins
  const inserted = write(
    'captcha.use',
    () => {
      db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, now)).run();
      return db.insert(usedCaptchas).values({ id: data.id, expiresAt: data.exp }).onConflictDoNothing().run();
    },
    db,
  );
  if (inserted.changes === 0) return 'used';
  const parsed = typeof answer === 'number' ? answer : /^\s*-?\d+\s*$/.test(answer) ? Number.parseInt(answer, 10) : NaN;
  if (!Number.isInteger(parsed)) return 'wrong';
  const expectedAnswer = Buffer.from(answerHash(db, data.id, parsed));
  const storedAnswer = Buffer.from(String(data.h));
  return expectedAnswer.length === storedAnswer.length && timingSafeEqual(expectedAnswer, storedAnswer) ? 'ok' : 'wrong';
}
