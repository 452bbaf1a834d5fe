// One zod schema per entity (design habit 6). The admin forms and the actions
// validate with the same schema; create and update shapes derive from it.
import { z } from 'astro/zod';

const text = (max: number) => z.string().trim().max(max, `Höchstens ${max} Zeichen.`);
const required = (max: number) => text(max).min(1, 'Bitte füllen Sie alle Pflichtfelder aus');

/** membership_inquiries: what the membership and the contact form send. */
export const inquirySchema = z.object({
  name: required(200),
  email: z.string().trim().max(320).email('Bitte gib eine gültige E-Mail-Adresse ein.'),
  betreff: required(300),
  nachricht: required(10_000),
});
export type InquiryInput = z.infer<typeof inquirySchema>;

/** The form's extra fields: the signed captcha and the honeypot. */
export const inquiryFormSchema = inquirySchema.extend({
  source: z.enum(['mitglied', 'kontakt']),
  captchaToken: z.string().max(1000),
  captchaAnswer: z.string().trim().max(10),
  // bots fill every field; people never see this one
  website: z.string().max(1000).optional().default(''),
});
