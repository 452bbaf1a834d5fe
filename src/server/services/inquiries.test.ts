// The public forms' service: the limit holds for posts sent at once, and the
// notification is sent after the answer, one line per header and label.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import { withDatabase, type Db } from '../db/client';
import { membershipInquiries } from '../db/schema';
import { issueCaptcha } from '../auth/captcha';
import { FORM_POLICY } from '../auth/rate-limit';
import { solveProof } from '../../lib/pow';
import type { Mail } from '../mail/mailer';
import { submitInquiry } from './inquiries';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

async function solved() {
  const challenge = await issueCaptcha(db);
  return { captchaToken: challenge.token, captchaAnswer: String(challenge.a + challenge.b), captchaProof: (await solveProof(challenge.pow))! };
}

const form = { name: 'Bot', email: 'bot@example.org', betreff: 'Werbung', nachricht: 'Kaufen Sie', source: 'kontakt' as const };

describe('submitInquiry', () => {
  it('30 posts from one address sent at once store no more than the few one after the other would', async () => {
    const captchas = await Promise.all(Array.from({ length: 30 }, solved));
    const mails: Mail[] = [];
    const outcomes = await withDatabase(db, () =>
      Promise.all(captchas.map((captcha) => submitInquiry({ ...form, ...captcha }, '198.51.100.7', async (mail) => (mails.push(mail), { transport: 'outbox' })))),
    );
    const stored = db.select().from(membershipInquiries).all().length;
    console.info(`[figures] inquiries at once: tried 30, stored ${stored}, refused ${outcomes.filter((o) => o === 'rate-limited').length}`);
    expect(stored).toBeLessThanOrEqual(FORM_POLICY.free + 1);
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(stored);
  });

  it('answers before the mail server does, and writes the visitor\'s lines as one line each', async () => {
    let release!: () => void;
    const sent: Mail[] = [];
    const slow = (mail: Mail) => new Promise<{ transport: 'smtp' }>((resolve) => (release = () => (sent.push(mail), resolve({ transport: 'smtp' }))));
    const outcome = await withDatabase(db, async () =>
      submitInquiry({ ...form, name: 'Anna\nE-Mail: chef@verein.at', betreff: 'Frage\u0000\u000b\fzum Training', ...(await solved()) }, '198.51.100.8', slow),
    );
    expect(outcome).toBe('sent');
    expect(db.select().from(membershipInquiries).all()).toHaveLength(1);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent[0].subject).toBe('Neue Anfrage (Kontakt): Frage zum Training');
    expect(sent[0].text).toContain('Name: Anna E-Mail: chef@verein.at\n');
    expect(sent[0].text.match(/^E-Mail: /gm)).toHaveLength(1);
  });
});
