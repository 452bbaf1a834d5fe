// The spec's arithmetic captcha (two integers 1–10), issued and checked by the
// server: a signed, expiring challenge whose id can be answered only once.
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { usedCaptchas } from '../db/schema';
import { signingSecret } from './secret';

export const CAPTCHA_MIN = 1;
export const CAPTCHA_MAX = 10;
export const CAPTCHA_TTL_MS = 30 * 60 * 1000;

export type CaptchaChallenge = { token: string; a: number; b: number; question: string };
export type CaptchaResult = 'ok' | 'wrong' | 'expired' | 'used' | 'invalid';

function sign(db: Db, payload: string): string {
  return createHmac('sha256', signingSecret(db)).update(payload).digest('base64url');
}

/** The token carries only a keyed hash of the answer: a bot cannot read the sum from it. */
function answerHash(db: Db, id: string, answer: number): string {
  return sign(db, `answer:${id}:${answer}`);
}

export function issueCaptcha(db: Db, now = Date.now()): CaptchaChallenge {
  const a = randomInt(CAPTCHA_MIN, CAPTCHA_MAX + 1);
  const b = randomInt(CAPTCHA_MIN, CAPTCHA_MAX + 1);
  const id = randomUUID();
  const payload = Buffer.from(JSON.stringify({ id, h: answerHash(db, id, a + b), exp: now + CAPTCHA_TTL_MS })).toString(
    'base64url',
  );
  return { token: `${payload}.${sign(db, payload)}`, a, b, question: `${a} + ${b}` };
}

/** Checks the answer and uses the challenge up, right or wrong: each question is answered once. */
export function verifyCaptcha(db: Db, token: string, answer: string | number, now = Date.now()): CaptchaResult {
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
