import { describe, expect, it } from 'vitest';
import { fieldMessages } from './field-messages';

describe('fieldMessages', () => {
  it('says each message once, in the order of the fields, and nothing for none', () => {
    const required = 'Bitte füllen Sie alle Pflichtfelder aus';
    expect(fieldMessages({ name: [required], betreff: [required], email: ['Bitte eine gültige E-Mail-Adresse angeben.'] })).toBe(`${required} Bitte eine gültige E-Mail-Adresse angeben.`);
    expect(fieldMessages({ name: undefined, betreff: [] })).toBe('');
  });
});
