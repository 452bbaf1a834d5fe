import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestDb } from '../db/test-db';
import { solveProof } from '../../lib/pow';
import { CAPTCHA_TTL_MS, issueCaptcha, verifyCaptcha } from './captcha';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

/** A question with its proof of work solved, as the form sends it. */
async function issued(now = Date.now()) {
  const challenge = await issueCaptcha(db, now);
  return { ...challenge, proof: (await solveProof(challenge.pow))! };
}

describe('captcha', () => {
  it('asks for the sum of two integers from 1 to 10', async () => {
    for (let i = 0; i < 200; i++) {
      const { a, b, question } = await issueCaptcha(db);
      expect(a).toBeGreaterThanOrEqual(1);
      expect(a).toBeLessThanOrEqual(10);
      expect(b).toBeGreaterThanOrEqual(1);
      expect(b).toBeLessThanOrEqual(10);
      expect(question).toBe(`${a} + ${b}`);
    }
  });

  it('accepts the right answer with its solved proof of work once', async () => {
    const { token, a, b, proof } = await issued();
    expect(await verifyCaptcha(db, token, ` ${a + b} `, proof)).toBe('ok');
    // replayed: the question and its proof are used up
    expect(await verifyCaptcha(db, token, String(a + b), proof)).toBe('used');
  });

  it('rejects a wrong answer and uses the question up', async () => {
    const { token, a, b, proof } = await issued();
    expect(await verifyCaptcha(db, token, String(a + b + 1), proof)).toBe('wrong');
    expect(await verifyCaptcha(db, token, String(a + b), proof)).toBe('used');
    const other = await issued();
    expect(await verifyCaptcha(db, other.token, 'zwölf', other.proof)).toBe('wrong');
  });

  it('a script that only parses the question pays: no proof, a wrong number or another question\'s proof is refused', async () => {
    const first = await issued();
    const second = await issued();
    const third = await issued();
    const fourth = await issueCaptcha(db);
    // the plain-text question alone (what a one-line parser solves)
    expect(await verifyCaptcha(db, first.token, String(first.a + first.b), undefined)).toBe('proof');
    // a proof solved for a different question
    expect(await verifyCaptcha(db, second.token, String(second.a + second.b), third.proof)).toBe('proof');
    // a number guessed instead of found
    const guessed = JSON.parse(atob(third.proof)) as { number: number };
    const forged = btoa(JSON.stringify({ ...guessed, number: guessed.number + 1 }));
    expect(await verifyCaptcha(db, third.token, String(third.a + third.b), forged)).toBe('proof');
    expect(await verifyCaptcha(db, fourth.token, String(fourth.a + fourth.b), 'x'.repeat(3000))).toBe('proof');
  });

  it('writes nothing for a post without the work; the question can still be answered with it, once', async () => {
    const used = () => db.$client.prepare('SELECT COUNT(*) FROM used_captchas').pluck().get();
    const { token, a, b, proof } = await issued();
    for (let i = 0; i < 20; i++) expect(await verifyCaptcha(db, token, String(a + b + i), undefined)).toBe('proof');
    expect(used()).toBe(0);
    // the same solved question sent twice at once: one passes
    const both = await Promise.all([verifyCaptcha(db, token, String(a + b), proof), verifyCaptcha(db, token, String(a + b), proof)]);
    expect(both.sort()).toEqual(['ok', 'used']);
    expect(used()).toBe(1);
  });

  it('rejects expired and forged challenges', async () => {
    const now = Date.now();
    const { token, a, b, proof } = await issued(now);
    expect(await verifyCaptcha(db, token, String(a + b), proof, now + CAPTCHA_TTL_MS + 1)).toBe('expired');
    const [payload, signature] = (await issueCaptcha(db)).token.split('.');
    const tampered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), exp: now + 10 ** 9 })).toString('base64url');
    expect(await verifyCaptcha(db, `${tampered}.${signature}`, '2', proof)).toBe('invalid');
    expect(await verifyCaptcha(db, 'kein-token', '2', proof)).toBe('invalid');
  });

  it('does not carry the answer readably in the token', async () => {
    const { token, a, b } = await issueCaptcha(db);
    const data = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as Record<string, unknown>;
    expect(Object.values(data)).not.toContain(a + b);
    expect(JSON.stringify(data)).not.toContain('sum');
  });
});
