// The public forms' service: the limit holds for posts sent at once, and the
// notification is sent after the answer, one line per header and label.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import { withDatabase, type Db } from '../db/client';
import { contactInfo, membershipInquiries } from '../db/schema';
import { write } from '../db/write';
import { issueCaptcha } from '../auth/captcha';
import { FORM_POLICY } from '../auth/rate-limit';
import { solveProof } from '../../lib/pow';
import type { Mail } from '../mail/mailer';
import { saveClubSettings } from './admin/club';
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

describe('where a renamed club is told of an inquiry (decision 055)', () => {
  const rename = () =>
    saveClubSettings({ short_name: 'Union Gnas', long_name: 'SV Union Gnas 1946', crest_url: null, primary_color: '#0f766e', secondary_color: '#fde047', home_ground: null }, db);
  const submit = async (sent: Mail[]) => {
    const outcome = await withDatabase(db, async () =>
      submitInquiry({ ...form, ...(await solved()) }, '198.51.100.9', async (mail) => (sent.push(mail), { transport: 'outbox' })),
    );
    await new Promise((resolve) => setImmediate(resolve));
    return outcome;
  };

  it('tells a right answer to a question older than its 30 minutes from a wrong one, and stores neither', async () => {
    const old = await issueCaptcha(db, Date.now() - 31 * 60 * 1000);
    const late = { captchaToken: old.token, captchaAnswer: String(old.a + old.b), captchaProof: (await solveProof(old.pow))! };
    expect(await withDatabase(db, () => submitInquiry({ ...form, ...late }, '198.51.100.9'))).toBe('captcha-expired');
    const fresh = await solved();
    expect(await withDatabase(db, () => submitInquiry({ ...form, ...fresh, captchaAnswer: '99' }, '198.51.100.9'))).toBe('captcha');
    expect(db.select().from(membershipInquiries).all()).toHaveLength(0);
  });

  it("goes to the club address's e-mail, never to the built-in club's", async () => {
    rename();
    write('test.address', () => db.insert(contactInfo).values({ name: 'SV Union Gnas 1946', role: 'Vereinsadresse', email: 'office@union-gnas.at' }).run(), db);
    const sent: Mail[] = [];
    expect(await submit(sent)).toBe('sent');
    expect(sent.map((m) => m.to)).toEqual(['office@union-gnas.at']);
  });

  it('without any club e-mail is stored for the admin inbox and mailed to no one', async () => {
    rename();
    const sent: Mail[] = [];
    expect(await submit(sent)).toBe('sent');
    expect(sent).toEqual([]);
    expect(db.select().from(membershipInquiries).all()).toHaveLength(1);
  });

  it("of the built-in club goes to the spec's footer e-mail as before", async () => {
    const sent: Mail[] = [];
    await submit(sent);
    expect(sent.map((m) => m.to)).toEqual(['office@sv-kirchberg.at']);
  });
});
