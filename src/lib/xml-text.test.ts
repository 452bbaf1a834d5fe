import { describe, expect, it } from 'vitest';
import { escapeXml, withoutControlCharacters } from './xml-text';

describe('text in XML and typed text', () => {
  it('escapes the markup characters and drops the ones XML 1.0 forbids', () => {
    expect(escapeXml(`<a href="x">Tom's & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom&apos;s &amp; Jerry&apos;s&lt;/a&gt;');
    expect(escapeXml('A\u0000B\u0001C\u0008D\u000BE\u000CF\u001FG\uFFFEH\uFFFF')).toBe('ABCDEFGH');
    // tab, line feed and carriage return are allowed
    expect(escapeXml('a\tb\nc\rd')).toBe('a\tb\nc\rd');
  });

  it('takes control characters out of typed text: a soft line or page break becomes a space', () => {
    expect(withoutControlCharacters('SV Kirchberg\u000Ban der Raab')).toBe('SV Kirchberg an der Raab');
    expect(withoutControlCharacters('Seite\u000Czwei')).toBe('Seite zwei');
    expect(withoutControlCharacters('Geg\u0002ner\u007F\u0000')).toBe('Gegner');
    expect(withoutControlCharacters('Zeile 1\r\nZeile 2\tTab')).toBe('Zeile 1\r\nZeile 2\tTab');
    expect(withoutControlCharacters('Umlaute äöü ß „Anführung“ – 😀')).toBe('Umlaute äöü ß „Anführung“ – 😀');
  });
});
