import { describe, expect, it } from 'vitest';
import { decodeText } from './text-decoding';

const HEADER = 'Nr;Datum;Anstoß;Heim;Gast;Austragungsort\nT-1;07.03.2027;15:00;SV Möllersdorf;FC Größing;Sportplatz Süd – Nord\n';

/** How German Excel saves a CSV: each character one byte of Windows-1252 ('–' is 0x96 there). */
function asWindows1252(text: string): Uint8Array {
  const upper: Record<string, number> = { '–': 0x96, '€': 0x80, '„': 0x84, '“': 0x93 };
  return Uint8Array.from([...text].map((c) => upper[c] ?? c.charCodeAt(0)));
}

describe('decodeText', () => {
  it('reads a UTF-8 file as UTF-8, its byte order mark left out', () => {
    expect(decodeText(new TextEncoder().encode(HEADER))).toBe(HEADER);
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(HEADER)]))).toBe(HEADER);
  });

  it("reads German Excel's Windows-1252 with its umlauts, ß and dash", () => {
    const bytes = asWindows1252(HEADER);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(decodeText(bytes)).toBe(HEADER);
  });

  it("follows the server's own charset, and reads as if none was given when it names none Node knows", () => {
    expect(decodeText(asWindows1252('Größing – Süd'), 'ISO-8859-1')).toBe('Größing – Süd');
    expect(decodeText(asWindows1252('Größing'), 'utf-8')).toBe('Größing');
    expect(decodeText(new TextEncoder().encode('Größing'), 'x-unbekannt')).toBe('Größing');
  });
});
