// One zod schema per entity (design habit 6). The admin forms and the actions
// validate with the same schema; create and update shapes derive from it.
import { z } from 'astro/zod';
import './zod-german';
import { requiredText } from './common';

/** membership_inquiries: what the membership and the contact form send. */
export const inquirySchema = z.object({
  name: requiredText(200),
  email: z.string().trim().max(320).email('Bitte gib eine gültige E-Mail-Adresse ein.'),
  betreff: requiredText(300),
  nachricht: requiredText(10_000),
});
export type InquiryInput = z.infer<typeof inquirySchema>;

/** The form's extra fields: the signed captcha and the honeypot. */
export const inquiryFormSchema = inquirySchema.extend({
  source: z.enum(['mitglied', 'kontakt']),
  captchaToken: z.string().max(1000),
  captchaAnswer: z.string().trim().max(10),
  /** the solved proof of work (src/server/auth/captcha.ts); checked on the server */
  captchaProof: z.string().max(2000).optional(),
  // bots fill every field; people never see this one
  website: z.string().max(1000).optional().default(''),
});
