// Text files as clubs save them: UTF-8, or Windows-1252 from a German Excel ('Speichern unter → CSV'), whose
// umlauts and 'ß' are single bytes UTF-8 cannot read (they became '�', and the 'Anstoß' column went unrecognised).
// UTF-8 is tried strictly first: a UTF-8 file is never read as 1252, and a 1252 file almost never passes as UTF-8
// (an umlaut byte followed by a plain letter is no valid UTF-8 sequence).

/** The labels the Encoding standard reads as Windows-1252 (Latin-1 among them), the ones servers send. */
const WINDOWS_1252_LABELS = new Set(['windows-1252', 'cp1252', 'x-cp1252', 'iso-8859-1', 'iso8859-1', 'latin1', 'l1', 'us-ascii', 'ascii']);

/** The text of a file or a download; `charset` is the server's own label (Content-Type), when it sent one. */
export function decodeText(bytes: Uint8Array, charset?: string): string {
  const label = charset?.trim().toLowerCase();
  if (label && WINDOWS_1252_LABELS.has(label)) return fromWindows1252(bytes);
  if (label && label !== 'utf-8' && label !== 'utf8') {
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // a label the browser or Node does not know: read as if none was given
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fromWindows1252(bytes);
  }
}

// Windows-1252's bytes 0x80–0x9F ('€', '„', '–', '“' …; the rest is Latin-1). Node 20's own 'windows-1252'
// decoder reads them as Latin-1's control characters, so the table is here (WHATWG Encoding, index-windows-1252).
const HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

function fromWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte >= 0x80 && byte <= 0x9f ? HIGH[byte - 0x80] : String.fromCharCode(byte);
  return text;
}
