// Drafts of admin forms in the browser (issue 15, decision 032): what an admin
// has typed and not saved, kept per user, entity and row in localStorage, so a
// reload, a crash or a flat phone battery loses nothing. Pure logic over a
// Storage-like object, so vitest runs it without a browser.

/** How long an unsaved draft is offered again. */
export const DRAFT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Every draft's storage key starts so (then the user, the entity and the row). */
export const DRAFT_KEY_PREFIX = 'anstoss:draft:v1:';
/** The row id of a form that creates a new row. */
export const NEW_ROW = 'neu';

/** Which form a draft belongs to: the signed-in user, the entity (its SQL table) and the row ('neu' for a new one). */
export type DraftTarget = { userId: string; entity: string; id: string };

/**
 * A stored draft: the typed values, when they were typed, the row's revision they were typed on, and
 * the values the form was filled with then (`read`: a form checked by those, not by a revision, sends
 * them with its save, so a draft restored after someone else's save is still refused, not taken as an
 * edit of the newer values).
 */
export type Draft<V> = { values: V; savedAt: number; baseRevision: number | null; read?: V };

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** The storage key of a form's draft: user, entity and row, each encoded so no part can spill into another. */
export function draftKey({ userId, entity, id }: DraftTarget): string {
  return DRAFT_KEY_PREFIX + [userId || 'anonym', entity, id || NEW_ROW].map(encodeURIComponent).join(':');
}

/** The browser's localStorage, or null where there is none (private modes and full disks throw). */
export function browserStorage(): StorageLike | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

function parse<V>(raw: string | null): Draft<V> | null {
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<Draft<V>>;
    if (typeof draft !== 'object' || draft === null || typeof draft.savedAt !== 'number' || typeof draft.values !== 'object') return null;
    const read = typeof draft.read === 'object' && draft.read !== null ? { read: draft.read as V } : {};
    return { values: draft.values as V, savedAt: draft.savedAt, baseRevision: typeof draft.baseRevision === 'number' ? draft.baseRevision : null, ...read };
  } catch {
    return null;
  }
}

/** The draft of a form, or null when there is none, it is unreadable or older than the expiry (then it is removed). */
export function readDraft<V>(storage: StorageLike | null, target: DraftTarget, now: number = Date.now()): Draft<V> | null {
  if (!storage) return null;
  const key = draftKey(target);
  let draft: Draft<V> | null = null;
  try {
    draft = parse<V>(storage.getItem(key));
    if (!draft && storage.getItem(key) !== null) storage.removeItem(key);
  } catch {
    return null;
  }
  if (draft && now - draft.savedAt > DRAFT_TTL_MS) {
    clearDraft(storage, target);
    return null;
  }
  return draft;
}

/** Keeps the form's typed values; false when the browser refused (quota, private mode). */
export function writeDraft<V>(storage: StorageLike | null, target: DraftTarget, values: V, baseRevision: number | null, now: number = Date.now(), read?: V): boolean {
  if (!storage) return false;
  try {
    storage.setItem(draftKey(target), JSON.stringify({ values, savedAt: now, baseRevision, ...(read ? { read } : {}) } satisfies Draft<V>));
    return true;
  } catch {
    return false;
  }
}

/** Forgets a form's draft: after a successful save or 'Verwerfen'. */
export function clearDraft(storage: StorageLike | null, target: DraftTarget): void {
  try {
    storage?.removeItem(draftKey(target));
  } catch {
    // a storage that cannot remove holds nothing we could offer either
  }
}

/** Removes every expired (or unreadable) draft of any user: run once when the panel opens. */
export function purgeExpiredDrafts(storage: StorageLike | null, now: number = Date.now()): number {
  if (!storage) return 0;
  const stale: string[] = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(DRAFT_KEY_PREFIX)) continue;
      const draft = parse(storage.getItem(key));
      if (!draft || now - draft.savedAt > DRAFT_TTL_MS) stale.push(key);
    }
    for (const key of stale) storage.removeItem(key);
  } catch {
    return 0;
  }
  return stale.length;
}

/** Whether a draft is worth offering: it differs from what the form shows now. */
export function draftDiffers<V>(draft: Draft<V> | null, current: V): boolean {
  return draft !== null && JSON.stringify(draft.values) !== JSON.stringify(current);
}

/**
 * A draft's values, fitted to the form's current shape: only the fields the
 * form has, each only when of the same type (a draft from before a form
 * changed must not put a number where a text is expected).
 */
export function fitDraft<V extends Record<string, unknown>>(draft: Record<string, unknown>, current: V): V {
  const out: Record<string, unknown> = { ...current };
  for (const key of Object.keys(current)) {
    if (!(key in draft)) continue;
    const value = draft[key];
    const now = current[key];
    const sameType = Array.isArray(now) ? Array.isArray(value) : now === null || value === null || typeof value === typeof now;
    if (sameType) out[key] = value;
  }
  return out as V;
}
