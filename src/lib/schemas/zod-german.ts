// zod's own messages in German (admin-area.md §5: every refusal is a clear
// German message). A field's schema names its own message where the form shows
// it; this map answers for everything else a caller of the actions can send
// wrong: a field missing or of the wrong type, an unknown choice, a text or
// list too long. zod has one error map per instance: every schema file imports
// this module (messages.test.ts checks), so the map is set wherever a schema is.
import { z } from 'astro/zod';
import { REQUIRED_MESSAGE } from './common';

const TYPE_MESSAGES: Partial<Record<string, string>> = {
  string: 'Bitte Text eingeben.',
  number: 'Bitte eine Zahl eingeben.',
  integer: 'Bitte eine ganze Zahl eingeben.',
  bigint: 'Bitte eine ganze Zahl eingeben.',
  boolean: 'Bitte ja oder nein wählen.',
  date: 'Bitte ein gültiges Datum eingeben.',
  array: 'Bitte eine Liste senden.',
};
const INVALID = 'Ungültige Eingabe.';
const CHOICE = 'Bitte einen Wert aus der Liste wählen.';

const germanErrorMap: z.ZodErrorMap = (issue) => {
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      if (issue.received === 'undefined') return { message: REQUIRED_MESSAGE };
      return { message: TYPE_MESSAGES[issue.expected] ?? INVALID };
    case z.ZodIssueCode.invalid_enum_value:
    case z.ZodIssueCode.invalid_literal:
    case z.ZodIssueCode.invalid_union_discriminator:
      return { message: CHOICE };
    case z.ZodIssueCode.too_small: {
      const min = Number(issue.minimum);
      if (issue.type === 'string') return { message: min <= 1 ? REQUIRED_MESSAGE : `Mindestens ${min} Zeichen.` };
      if (issue.type === 'array' || issue.type === 'set') return { message: `Mindestens ${min} Einträge.` };
      if (issue.type === 'number' || issue.type === 'bigint') return { message: `Bitte eine Zahl ab ${issue.inclusive ? min : min + 1} eingeben.` };
      return { message: INVALID };
    }
    case z.ZodIssueCode.too_big: {
      const max = Number(issue.maximum);
      if (issue.type === 'string') return { message: `Höchstens ${max} Zeichen.` };
      if (issue.type === 'array' || issue.type === 'set') return { message: `Höchstens ${max} Einträge.` };
      if (issue.type === 'number' || issue.type === 'bigint') return { message: `Bitte eine Zahl bis ${issue.inclusive ? max : max - 1} eingeben.` };
      return { message: INVALID };
    }
    case z.ZodIssueCode.invalid_string:
      if (issue.validation === 'email') return { message: 'Bitte eine gültige E-Mail-Adresse eingeben.' };
      if (issue.validation === 'url') return { message: 'Bitte eine gültige Adresse eingeben (https://…).' };
      return { message: INVALID };
    case z.ZodIssueCode.invalid_date:
      return { message: 'Bitte ein gültiges Datum eingeben.' };
    case z.ZodIssueCode.unrecognized_keys:
      return { message: `Unbekannte Angaben: ${issue.keys.join(', ').slice(0, 200)}.` };
    default:
      return { message: INVALID };
  }
};

z.setErrorMap(germanErrorMap);
