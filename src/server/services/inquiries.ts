// Inquiries from the public membership and contact forms: checked (captcha,
// honeypot, rate limit), stored as unread for the admin inbox, and announced by
// e-mail to the club's contact address.
import { getDb } from '../db/client';
import { write } from '../db/write';
import { membershipInquiries } from '../db/schema';
import { verifyCaptcha } from '../auth/captcha';
import { FORM_POLICY, addressForLimits, inTurn, recordAttempt, retryAfter } from '../auth/rate-limit';
import { inquiryRecipientIn } from '../content/club-facts';
import { sendMail } from '../mail/mailer';
import { config } from '../config';
import { requestPublish } from '../publish/notify';
import type { InquiryInput } from '../../lib/schemas/inquiry';

/** 'captcha-expired': the question was older than its 30 minutes (a long message, a phone tab left), not answered wrongly. */
export type InquiryOutcome = 'sent' | 'captcha' | 'captcha-expired' | 'rate-limited' | 'ignored';

export async function submitInquiry(
  input: InquiryInput & { source: 'mitglied' | 'kontakt'; captchaToken: string; captchaAnswer: string; captchaProof?: string; website?: string },
  clientAddress: string,
  send: typeof sendMail = sendMail,
): Promise<InquiryOutcome> {
  const db = getDb();
  const limitKey = `form:${addressForLimits(clientAddress)}`;
  // one post of an address after the other: each sees the count of those before it
  const checked = await inTurn(limitKey, async () => {
    if (retryAfter(db, limitKey) > 0) return 'rate-limited' as const;
    const captcha = await verifyCaptcha(db, input.captchaToken, input.captchaAnswer, input.captchaProof);
    if (captcha === 'expired') return 'captcha-expired' as const;
    if (captcha !== 'ok') return 'captcha' as const;
    recordAttempt(db, limitKey, FORM_POLICY);
    return null;
  });
  if (checked) return checked;
  // a filled honeypot is a bot: it is told "sent", and nothing is stored
  if (input.website && input.website.trim() !== '') return 'ignored';
  const row = write('inquiry.submit', () =>
    db
      .insert(membershipInquiries)
      .values({ name: input.name, email: input.email, betreff: input.betreff, nachricht: input.nachricht, status: 'unread' })
      .returning()
      .get(),
  );
  // no public page shows inquiries; this tells open admin inboxes to reload
  void requestPublish([{ table: 'membership_inquiries' }]).catch((error) => console.error('[publish] inquiry notice failed:', error));
  // the footer's address, else the club address's (a renamed club has no built-in one: decision 055)
  const to = inquiryRecipientIn(db);
  if (!to) {
    console.error(`[mail] no club e-mail address to announce inquiry ${row.id}: it waits in the admin inbox`);
    return 'sent';
  }
  const origin = input.source === 'mitglied' ? 'Mitglied werden' : 'Kontakt';
  // sent in the background: the inquiry is stored, and a slow mail server must not keep the visitor
  // waiting into a proxy's timeout, whose error would invite sending it again
  void send({
    to,
    purpose: 'inquiry',
    replyTo: input.email,
    subject: `Neue Anfrage (${origin}): ${oneLine(input.betreff).slice(0, 200)}`,
    text: `Neue Nachricht über das Formular „${origin}“ der Website.\n\nName: ${oneLine(input.name)}\nE-Mail: ${input.email}\nBetreff: ${oneLine(input.betreff)}\n\n${input.nachricht}\n\nAlle Anfragen: ${config.siteUrl}/admin`,
  }).catch((error: unknown) => {
    // the inquiry reaches the admin inbox either way
    console.error(`[mail] notification for inquiry ${row.id} failed:`, error);
  });
  return 'sent';
}

/** A header or a labelled line is one line: no control characters, whatever the visitor typed (or forged lines in the mail). */
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
