// Parts of a list page made once per row and kept between renders (issue 16):
// a match result renders the fixtures list, its filter and season pages and both
// calendars again, each with every match of the club, of which one changed. A
// part is kept per key with a copy of the row's fields it was made of (a row may
// be a shared read's, read-memo.ts, and change under the page) and of anything
// else it depends on, and made again only when one of those differs. Compared
// field by field: a key string of all of them, built and hashed per row, cost a
// third of a calendar. Bounded: past `max` parts it starts over.

/**
 * `get` answers the part kept for `key`, or makes it when any of the row's `fields` or the `context` differs
 * from what the kept one was made of. `keepIf`, asked only for a part just made: whether it may be kept.
 */
export type RowParts<Row, Part> = {
  get(key: string, row: Row, context: readonly unknown[], make: () => Part, keepIf?: () => boolean): Part;
};

export function rowParts<Row extends object, Part>(fields: readonly (keyof Row)[], max = 20_000): RowParts<Row, Part> {
  type Kept = { values: unknown[]; context: readonly unknown[]; part: Part };
  const kept = new Map<string, Kept>();
  const same = (k: Kept, row: Row, context: readonly unknown[]) => {
    for (let i = 0; i < fields.length; i++) if (k.values[i] !== row[fields[i]]) return false;
    if (k.context.length !== context.length) return false;
    for (let i = 0; i < context.length; i++) if (k.context[i] !== context[i]) return false;
    return true;
  };
  return {
    get(key, row, context, make, keepIf) {
      const known = kept.get(key);
      if (known !== undefined && same(known, row, context)) return known.part;
      const part = make();
      if (keepIf?.() ?? true) {
        if (kept.size >= max) kept.clear();
        kept.set(key, { values: fields.map((field) => row[field]), context, part });
      }
      return part;
    },
  };
}
