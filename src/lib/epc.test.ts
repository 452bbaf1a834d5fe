import { describe, expect, it } from 'vitest';
import { amountFromText, epcPayload, isValidIban, remittanceText } from './epc';

describe('EPC QR payload', () => {
  it('writes the eleven lines of version 002', () => {
    const payload = epcPayload({ name: 'SV Kirchberg an der Raab', iban: 'AT61 1904 3002 3457 3201', amountCents: 3600, text: 'Mitgliedsbeitrag Max Muster' });
    expect(payload.split('\n')).toEqual([
      'BCD', '002', '1', 'SCT', '', 'SV Kirchberg an der Raab', 'AT611904300234573201', 'EUR36.00', '', '', 'Mitgliedsbeitrag Max Muster',
    ]);
  });
  it('stays within 331 bytes and the field limits', () => {
    const payload = epcPayload({ name: 'N'.repeat(100), iban: 'AT611904300234573201', amountCents: 3600, text: 'ü'.repeat(300) });
    const lines = payload.split('\n');
    expect(lines[5]).toHaveLength(70);
    expect(lines[10].length).toBeLessThanOrEqual(140);
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(331);
  });
  it('checks IBANs and reads amounts from text', () => {
    expect(isValidIban('AT61 1904 3002 3457 3201')).toBe(true);
    expect(isValidIban('AT61 1904 3002 3457 3202')).toBe(false);
    expect(amountFromText('Überweise 36 € /Jahr')).toBe(3600);
    expect(amountFromText('36,50 EUR')).toBe(3650);
    expect(amountFromText('kostenlos')).toBeNull();
  });
  it('reads fees as Austrian clubs write them, and says none for 0 or a number without a currency', () => {
    expect(amountFromText('Mitgliedsbeitrag: € 50,–')).toBe(5000);
    expect(amountFromText('EUR 50,-')).toBe(5000);
    expect(amountFromText('50,- Euro pro Familie')).toBe(5000);
    expect(amountFromText('36.- €')).toBe(3600);
    expect(amountFromText('Förderbeitrag 1.200 €')).toBe(120000);
    expect(amountFromText('Förderbeitrag 1.200,50 EUR')).toBe(120050);
    expect(amountFromText('36.50 €')).toBe(3650);
    expect(amountFromText('0 €')).toBeNull();
    expect(amountFromText('Saison 2026 – Beitrag laut Aushang')).toBeNull();
    expect(amountFromText('Europa-Park 2026')).toBeNull();
    // a number before is no thousands group, a word holding 'eur' no currency, a season no amount
    expect(amountFromText('Jahresbeitrag U7–U14 120 €, Erwachsene 200 €')).toBe(12000);
    expect(amountFromText('Jugend bis 18\n120 € im Jahr')).toBe(12000);
    expect(amountFromText('Beitrag in EUR 2026/27: 40')).toBeNull();
    expect(amountFromText('Preise in Euro 2026')).toBeNull();
    expect(amountFromText('Als Amateur 1. Klasse')).toBeNull();
    expect(amountFromText('Tel. 0664 123 456\nEUR 40,-')).toBe(4000);
    expect(amountFromText('Beitrag 1\u00a0200 € pro Saison')).toBe(120000);
  });
  it("never pre-fills a fee made of two numbers: a season or an age before a three-digit fee, nor more than a code carries", () => {
    // it read 26.120,00 € and 14.120,00 €
    expect(amountFromText('Mitgliedsbeitrag Saison 2025/26 120 €')).toBe(12000);
    expect(amountFromText('Jugend bis 14 120 €')).toBeNull();
    expect(amountFromText('1.000.000.000 €')).toBeNull();
    expect(amountFromText('1 200 € Förderpaket')).toBe(120000);
  });
  it("knows an Austrian IBAN's length (one with a digit dropped passed one time in 97), and writes the payee on one line", () => {
    const bban = '190430023457320';
    const check = String(98n - (BigInt(`${bban}102900`) % 97n)).padStart(2, '0');
    expect(isValidIban(`AT${check}${bban}`)).toBe(false);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    const lines = epcPayload({ name: 'SV Test\nan der Raab', iban: 'AT611904300234573201', amountCents: 100, text: 'x' }).split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[5]).toBe('SV Test an der Raab');
  });
  it('writes no amount when none is known (the payer types it), and the reference on one line', () => {
    const lines = epcPayload({ name: 'SV Test', iban: 'AT611904300234573201', amountCents: null, text: remittanceText('Mitgliedsbeitrag 2026\nVor- und Nachname\nGeburtsjahr') }).split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[7]).toBe('');
    expect(lines[10]).toBe('Mitgliedsbeitrag 2026, Geburtsjahr');
    expect(epcPayload({ name: 'SV Test', iban: 'AT611904300234573201', amountCents: 100, text: 'Zeile eins\r\nZeile zwei' }).split('\n')).toHaveLength(11);
  });
  it('takes the remittance text from the stored reference: no placeholder words, the purpose once', () => {
    expect(remittanceText('Mitgliedsbeitrag, Vor- und Nachname')).toBe('Mitgliedsbeitrag');
    expect(remittanceText('Name')).toBe('Mitgliedsbeitrag');
    expect(remittanceText(null)).toBe('Mitgliedsbeitrag');
    expect(remittanceText('Mitgliedsname')).toBe('Mitgliedsbeitrag');
    expect(remittanceText('Beitrag 2026; Vorname Nachname')).toBe('Mitgliedsbeitrag, Beitrag 2026');
    expect(remittanceText('mitgliedsbeitrag Jugend')).toBe('mitgliedsbeitrag Jugend');
    expect(remittanceText('Spende [Name]')).toBe('Mitgliedsbeitrag, Spende [Name]');
  });
});
