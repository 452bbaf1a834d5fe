// Small text helpers shared by pages and islands.

/**
 * The first `length` UTF-16 units of a text, less the first half of a pair cut in two: an emoji's half ('🎉' at the
 * cut) is no character, and written out as UTF-8 it became '�' on the cards, in the feed and the JSON list.
 */
export function textHead(text: string, length: number): string {
  const cut = text.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The excerpt, or else the first `length` characters of the content plus '…'. */
export function newsExcerpt(excerpt: string | null | undefined, content: string, length = 150): string {
  if (excerpt && excerpt.trim()) return excerpt.trim();
  const text = content.trim();
  return text.length > length ? `${textHead(text, length)}…` : text;
}

/** Blank-line separated paragraphs. */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A single line of at most `max` characters, cut at a word where possible: for titles and meta descriptions. */
export function clip(text: string | null | undefined, max: number): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = textHead(line, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A name's key in German alphabetical order (DIN 5007-1): 'Özil' by 'ozil', 'Straße' by 'strasse', case ignored. */
export function germanSortKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase();
}

/** A list for structured data: undefined when empty, so that JSON leaves the property out. */
export function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined;
}
