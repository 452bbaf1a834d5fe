// EPC QR code payload ('GiroCode', EPC069-12 version 002) for a SEPA credit
// transfer that Austrian banking apps can scan.

/** `amountCents` null: no amount in the code, the payer types it (a fee the texts do not say as a number). */
export type EpcTransfer = { name: string; iban: string; bic?: string; amountCents: number | null; text: string };

const MAX_BYTES = 331;
const MAX_CENTS = 99_999_999_999;

export function normaliseIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/**
 * IBAN lengths of the SEPA countries a club's account is likely in (SWIFT's IBAN registry): an Austrian IBAN with
 * a digit dropped passed the mod-97 check one time in 97, and the banking apps refused its code.
 */
const IBAN_LENGTHS: Record<string, number> = { AT: 20, DE: 22, CH: 21, LI: 21, IT: 27, SI: 19, HU: 28, CZ: 24, SK: 24, LU: 20, NL: 18, BE: 16, FR: 27 };

/** The ISO 13616 check of an IBAN (mod 97), and its country's length where known. */
export function isValidIban(iban: string): boolean {
  const v = normaliseIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(v)) return false;
  const length = IBAN_LENGTHS[v.slice(0, 2)];
  if (length !== undefined && v.length !== length) return false;
  const rearranged = v.slice(4) + v.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  return remainder === 1;
}

// an amount as clubs write it: '36', '36,50', '36.50', '1.200', '1 200,00', and no cents as '50,-' or '50,–';
// thousands grouped by a point or a space on the same line (a plain space after a word or a number is too unsure,
// 'bis 14 120 €': no amount then; a no-break space groups) (a line break or a word before a number is no group:
// 'U7–U14 120 €', 'bis 18⏎120 €', 'Saison 2025/26 120 €'), and never a season or year after the currency ('EUR 2026/27')
const NUMBER = String.raw`(\d{1,3}(?:[. \u00a0\u2009\u202f]\d{3})+|\d{1,6})(?:[.,](\d{1,2}|[-–—]))?(?![\d/])`;
const NOT_AFTER = String.raw`(?<![\p{L}\d.,–/-])`;
const CURRENCY_BEFORE = String.raw`(?:€|\bEUR\b|\bEuro\b)`;
const CURRENCY_AFTER = String.raw`(?:€|EUR\b|Euro\b)`;
const YEAR = String.raw`(?:19|20)\d\d(?![\d.,])`;
/** Number then currency ('36 €', '50,- Euro'), or currency then number ('€ 50,–', 'EUR 36,50'). */
const AMOUNT = new RegExp(String.raw`${NOT_AFTER}${NUMBER}[ \u00a0]*${CURRENCY_AFTER}|${CURRENCY_BEFORE}[ \u00a0]*(?!${YEAR})${NUMBER}`, 'iu');

/**
 * The first euro amount in a text such as 'Überweise 36 € /Jahr', '36,50 EUR', '€ 50,–' or '1.200 €', in
 * cents; null for none, and for 0 (a transfer of 0.00 is no EPC code a bank takes).
 */
export function amountFromText(text: string | null | undefined): number | null {
  const match = AMOUNT.exec(text ?? '');
  if (!match) return null;
  const [euros, cents] = match[1] !== undefined ? [match[1], match[2]] : [match[3], match[4]];
  // 'bis 14 120 €': after a word or a number, a plain space may end that one as well as group thousands (it
  // pre-filled 14.120,00 €); the payer types the amount rather than pay a wrong one
  if (match[1] !== undefined && / /.test(euros) && /[\p{L}\d][ \t]$/u.test((text ?? '').slice(0, match.index))) return null;
  const total = Number(euros.replace(/[^\d]/g, '')) * 100 + (cents && /^\d+$/.test(cents) ? Number(cents.padEnd(2, '0')) : 0);
  // a transfer of nothing, or of more than the code can carry (EPC069-12: EUR999999999.99 at most), is no amount
  return total > 0 && total <= MAX_CENTS ? total : null;
}

export function epcPayload(t: EpcTransfer): string {
  const amount = t.amountCents === null ? '' : `EUR${(t.amountCents / 100).toFixed(2)}`;
  const lines = [
    'BCD',
    '002',
    '1', // UTF-8
    'SCT',
    (t.bic ?? '').replace(/\s+/g, '').toUpperCase(),
    // the payee on one line (a line break in it pushed every field after it down one)
    t.name.replace(/\s+/g, ' ').trim().slice(0, 70),
    normaliseIban(t.iban),
    amount,
    '', // purpose code
    '', // structured reference
    // unstructured remittance text: one line (a line break in it made a twelfth line, the note to the payer)
    t.text.replace(/\s+/g, ' ').trim().slice(0, 140),
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
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter((part) => part && !PLACEHOLDER.test(part));
  const words = new Set(parts.join(' ').toLowerCase().split(/\s+/));
  return [...(words.has(purpose.toLowerCase()) ? [] : [purpose]), ...parts].join(', ');
}
