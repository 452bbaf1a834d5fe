// Text in XML (the share images' and icons' SVG, the news feed) and control characters in typed or imported
// text. XML 1.0 forbids most C0 control characters and U+FFFE/U+FFFF even as references: one in a title (a
// Word soft line break, U+000B, pasted into a club's name; a calendar's SUMMARY) made librsvg refuse the
// whole SVG, so the picture was never drawn and its page retried for ever.

/** The characters XML 1.0 does not allow: C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF. */
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text as XML character data or an attribute value: forbidden characters dropped, the five markup ones escaped. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_IN_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * Typed or imported text without control characters: a vertical tab or form feed (Word's soft line and
 * page breaks) becomes a space, the others and DEL go; tab, line feed and carriage return stay.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(/[\u000B\u000C]/g, ' ').replace(/[\u0000-\u0008\u000E-\u001F\u007F\uFFFE\uFFFF]/g, '');
}
