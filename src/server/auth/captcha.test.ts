import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestDb } from '../db/test-db';
import { CAPTCHA_TTL_MS, issueCaptcha, verifyCaptcha } from './captcha';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

describe('captcha', () => {
  it('asks for the sum of two integers from 1 to 10', () => {
    for (let i = 0; i < 200; i++) {
      const { a, b, question } = issueCaptcha(db);
      expect(a).toBeGreaterThanOrEqual(1);
      expect(a).toBeLessThanOrEqual(10);
      expect(b).toBeGreaterThanOrEqual(1);
      expect(b).toBeLessThanOrEqual(10);
      expect(question).toBe(`${a} + ${b}`);
    }
  });

  it('accepts the right answer once, as an integer', () => {
    const { token, a, b } = issueCaptcha(db);
    expect(verifyCaptcha(db, token, ` ${a + b} `)).toBe('ok');
    expect(verifyCaptcha(db, token, String(a + b))).toBe('used');
  });

  it('rejects a wrong answer and uses the question up', () => {
    const { token, a, b } = issueCaptcha(db);
    expect(verifyCaptcha(db, token, String(a + b + 1))).toBe('wrong');
    expect(verifyCaptcha(db, token, String(a + b))).toBe('used');
    const other = issueCaptcha(db);
    expect(verifyCaptcha(db, other.token, 'zwölf')).toBe('wrong');
  });

  it('rejects expired and forged challenges', () => {
    const now = Date.now();
    const { token, a, b } = issueCaptcha(db, now);
    expect(verifyCaptcha(db, token, String(a + b), now + CAPTCHA_TTL_MS + 1)).toBe('expired');
    const [payload, signature] = issueCaptcha(db).token.split('.');
    const tampered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), exp: now + 10 ** 9 })).toString('base64url');
    expect(verifyCaptcha(db, `${tampered}.${signature}`, '2')).toBe('invalid');
    expect(verifyCaptcha(db, 'kein-token', '2')).toBe('invalid');
  });

  it('does not carry the answer readably in the token', () => {
    const { token, a, b } = issueCaptcha(db);
    const data = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as Record<string, unknown>;
    expect(Object.values(data)).not.toContain(a + b);
    expect(JSON.stringify(data)).not.toContain('sum');
  });
});
