// Merging two edits of the same row (issue 15, decision 032): when an admin's
// save is refused because someone else saved the row meanwhile, the admin sees
// per field their input and the stored version and picks one. A three-way view:
// `base` is what the admin's form was loaded with, `mine` what they typed,
// `theirs` what is stored now.

import { epochToViennaLocal } from './dates-de';

export type MergeChoice = 'mine' | 'theirs';

export type MergeField = {
  key: string;
  mine: unknown;
  theirs: unknown;
  /** The admin changed this field. */
  changedByMe: boolean;
  /** Someone else changed this field since the form was loaded. */
  changedByThem: boolean;
  /** Both changed it, differently: the admin must look. */
  conflict: boolean;
  /** What is kept unless the admin picks otherwise. */
  choice: MergeChoice;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields where the admin's input and the stored version differ, in the
 * form's order, with a proposed choice: the side that changed the field, and
 * the admin's own input where both did.
 */
export function compareVersions<V extends Record<string, unknown>>(base: V, mine: V, theirs: V): MergeField[] {
  const fields: MergeField[] = [];
  for (const key of Object.keys(mine)) {
    if (same(mine[key], theirs[key])) continue;
    const changedByMe = !same(mine[key], base[key]);
    const changedByThem = !same(theirs[key], base[key]);
    fields.push({
      key,
      mine: mine[key],
      theirs: theirs[key],
      changedByMe,
      changedByThem,
      conflict: changedByMe && changedByThem,
      choice: changedByThem && !changedByMe ? 'theirs' : 'mine',
    });
  }
  return fields;
}

/** The merged values: the admin's input with the fields chosen as 'theirs' taken from the stored version. */
export function mergeValues<V extends Record<string, unknown>>(mine: V, theirs: V, choices: Record<string, MergeChoice>): V {
  const out: Record<string, unknown> = { ...mine };
  for (const [key, choice] of Object.entries(choices)) if (choice === 'theirs' && key in theirs) out[key] = theirs[key];
  return out as V;
}

function listText(value: string): string | null {
  if (!value.startsWith('[')) return null;
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) && list.every((x) => typeof x === 'string' || typeof x === 'number') ? list.join(', ') : null;
  } catch {
    return null;
  }
}

/**
 * A stored row (its columns as the revisions keep them) in the shape of a
 * form's values: each form field from the column of the same name, as a text,
 * a flag or a list like the form holds it; fields without a column keep the
 * form's value. Forms whose fields differ from the columns pass their own
 * conversion instead.
 */
export function storedToForm<V extends Record<string, unknown>>(data: Record<string, unknown>, current: V): V {
  const out: Record<string, unknown> = { ...current };
  for (const key of Object.keys(current)) {
    if (!(key in data)) continue;
    const value = data[key];
    const now = current[key];
    if (typeof now === 'boolean') out[key] = value === true || value === 1 || value === '1' || value === 'true';
    else if (typeof now === 'number') out[key] = typeof value === 'number' ? value : Number(value ?? 0);
    else if (Array.isArray(now)) out[key] = Array.isArray(value) ? value : typeof value === 'string' ? safeList(value) : [];
    else if (typeof now === 'string') {
      if (value === null || value === undefined) out[key] = '';
      // a moment stored as ms since epoch, edited in a datetime-local field (publish_at ...)
      else if (typeof value === 'number' && key.endsWith('_at')) out[key] = epochToViennaLocal(value);
      else if (Array.isArray(value)) out[key] = value.join(', ');
      else if (typeof value === 'string') out[key] = listText(value) ?? value;
      else out[key] = String(value);
    }
  }
  return out as V;
}

function safeList(value: string): unknown[] {
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** A field's value as the comparison shows it. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nein';
  if (Array.isArray(value)) return value.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ') || '–';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
