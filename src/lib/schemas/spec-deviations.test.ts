// Decision 059: where the product checks more than the specification's literal text, shown on the schemas
// the forms and the actions share (the social links' web-address rule: social.test.ts; the excerpt's
// ellipsis only where cut: text.test.ts).
import { describe, expect, it } from 'vitest';
import { inquirySchema } from './inquiry';
import { newsUpdateSchema } from './news';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('decision 059', () => {
  it('refuses a news edit without title or content with the create message (the spec: no validation on edit)', () => {
    const edit = { id: '7f0c5a4e-2f53-4d5b-9c1e-0a8f2b1d3c4e', base_revision: 3, content: 'Der Text bleibt.' };
    expect(messages(newsUpdateSchema.safeParse({ ...edit, title: '  ' }))).toEqual(['Titel und Inhalt sind erforderlich.']);
    expect(messages(newsUpdateSchema.safeParse({ ...edit, title: 'Sieg', content: '' }))).toEqual(['Titel und Inhalt sind erforderlich.']);
    expect(newsUpdateSchema.safeParse({ ...edit, title: 'Sieg' }).success).toBe(true);
  });

  it('takes inquiries up to the limits and refuses one character more (the spec: no length rules)', () => {
    const atLimit = { name: 'N'.repeat(200), email: 'fan@example.at', betreff: 'B'.repeat(300), nachricht: 'x'.repeat(10_000) };
    expect(inquirySchema.safeParse(atLimit).success).toBe(true);
    for (const [field, length] of [['name', 201], ['betreff', 301], ['nachricht', 10_001]] as const) {
      expect(inquirySchema.safeParse({ ...atLimit, [field]: 'y'.repeat(length) }).success, field).toBe(false);
    }
  });
});
