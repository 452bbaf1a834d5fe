// EPC QR code payload ('GiroCode', EPC069-12 version 002) for a SEPA credit
// transfer that Austrian banking apps can scan.

export type EpcTransfer = { name: string; iban: string; bic?: string; amountCents: number; text: string };

const MAX_BYTES = 331;

export function normaliseIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** The ISO 13616 check of an IBAN (mod 97). */
export function isValidIban(iban: string): boolean {
  const v = normaliseIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(v)) return false;
  const rearranged = v.slice(4) + v.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  return remainder === 1;
}

/** The first euro amount in a text such as 'Überweise 36 € /Jahr' or '36,50 EUR', in cents. */
export function amountFromText(text: string | null | undefined): number | null {
  const match = /(\d{1,6})(?:[.,](\d{1,2}))?\s*(?:€|EUR|Euro)/i.exec(text ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

export function epcPayload(t: EpcTransfer): string {
  const amount = `EUR${(t.amountCents / 100).toFixed(2)}`;
  const lines = [
    'BCD',
    '002',
    '1', // UTF-8
    'SCT',
    (t.bic ?? '').replace(/\s+/g, '').toUpperCase(),
    t.name.trim().slice(0, 70),
    normaliseIban(t.iban),
    amount,
    '', // purpose code
    '', // structured reference
    t.text.trim().slice(0, 140), // unstructured remittance text
  ];
  let payload = lines.join('\n');
  while (Buffer.byteLength(payload, 'utf8') > MAX_BYTES && lines[10].length > 0) {
    lines[10] = lines[10].slice(0, -1);
    payload = lines.join('\n');
  }
  return payload;
}

/** Texts that only say what the payer should write ('Vor- und Nachname', 'Name'): never sent as if they were the reference. */
const PLACEHOLDER = /^(?:(?:vor-?\s*(?:und|&)\s*)?nach)?name$|^vorname\s*,?\s*nachname$|^mitgliedsname$|^(?:ihr|dein|euer)\s+name$|^\[.*\]$|^<.*>$/i;

/**
 * The remittance text of the transfer: the stored reference without its
 * placeholder parts, led by the purpose unless the reference names it already
 * ('Mitgliedsbeitrag, Vor- und Nachname' → 'Mitgliedsbeitrag').
 */
export function remittanceText(reference: string | null | undefined, purpose = 'Mitgliedsbeitrag'): string {
  const parts = (reference ?? '')
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part && !PLACEHOLDER.test(part));
  const words = new Set(parts.join(' ').toLowerCase().split(/\s+/));
  return [...(words.has(purpose.toLowerCase()) ? [] : [purpose]), ...parts].join(', ');
}
