// What the content managers (shop, membership, sponsors, contacts, imprint,
// privacy, social, history, page content) share beyond ui.tsx: calling an
// action safely, German messages from a failed call, the 'Veröffentlicht' toast
// after a save, form state with the unsaved-changes warning, client-side
// validation with the entity's own schema. The edit dialog and its buttons:
// editDialog.tsx.
import { isActionError, isInputError } from 'astro:actions';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { z } from 'astro/zod';
import ImageUpload from './ImageUpload';
import { useFormSafety, type DraftOf } from './formGuard';
import { ADMIN_TEXTS, useToast, useUnsavedChangesWarning } from './ui';

export const KIT_TEXTS = {
  published: 'Veröffentlicht',
  publishedText: 'Die Website zeigt die Änderung jetzt an.',
  publishFailed: 'Veröffentlichung ausstehend',
  publishFailedText: (pages: number) =>
    `Gespeichert. ${pages === 1 ? '1 Seite wird' : `${pages} Seiten werden`} automatisch veröffentlicht, sobald es wieder möglich ist.`,
  pendingBadge: (pages: number) => `Veröffentlichung ausstehend: ${pages} ${pages === 1 ? 'Seite' : 'Seiten'}`,
  notPublished: 'Gespeichert',
  notPublishedText: 'Die Website wird beim nächsten Veröffentlichen aktualisiert.',
  error: 'Fehler',
  unknownError: 'Unbekannter Fehler',
  networkError: 'Der Server ist nicht erreichbar. Bitte später erneut versuchen.',
  loadError: 'Fehler beim Laden',
  loading: 'Lädt...',
  changedElsewhere: 'Diese Inhalte wurden inzwischen von jemand anderem geändert.',
  reloadChanged: 'Neu laden',
  discardChanges: ADMIN_TEXTS.discardChanges,
  active: 'Aktiv',
  inactive: 'Inaktiv',
  required: ADMIN_TEXTS.requiredFields,
  showMore: (next: number, hidden: number) => `Weitere ${next} anzeigen (noch ${hidden})`,
  skipToPanel: 'Zum Bereich springen',
} as const;

export type Publication = { published: number | null; failed: string[]; pending?: number };
/** A failed call: its German message, per-field messages, and the action's error code ('CONFLICT', 'NOT_FOUND' ...). */
type ActionFailure = { message: string; fields: Record<string, string>; code?: string };
export type CallResult<T> = { ok: true; data: T } | ({ ok: false } & ActionFailure);

/** The first message of each field of an input error. */
function fieldMessages(fields: Record<string, string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, list] of Object.entries(fields)) if (list && list[0]) out[key] = list[0];
  return out;
}

/** Unique messages, joined: the same required-fields message once, not per field. */
export function joinMessages(fields: Record<string, string>): string {
  return [...new Set(Object.values(fields))].join(' ');
}

/**
 * Calls an action and never throws: validation messages come back per field,
 * other failures with the server's German message or the fallback.
 */
export async function callAction<T>(
  call: () => Promise<{ data?: T; error?: unknown }>,
  fallback: string = KIT_TEXTS.unknownError,
): Promise<CallResult<T>> {
  try {
    const { data, error } = await call();
    if (!error) return { ok: true, data: data as T };
    if (isInputError(error)) {
      const fields = fieldMessages(error.fields as Record<string, string[] | undefined>);
      return { ok: false, fields, message: joinMessages(fields) || fallback };
    }
    if (isActionError(error)) {
      // an unexpected server failure carries no message meant for people
      const message = error.code === 'INTERNAL_SERVER_ERROR' || !error.message ? fallback : error.message;
      return { ok: false, fields: {}, message, code: error.code };
    }
    return { ok: false, fields: {}, message: fallback };
  } catch {
    return { ok: false, fields: {}, message: fallback === KIT_TEXTS.unknownError ? KIT_TEXTS.networkError : fallback };
  }
}

/** Validates form values with the entity's schema: the parsed data, or one message per field. */
export function validateWith<S extends z.ZodTypeAny>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; fields: Record<string, string>; message: string } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!fields[key]) fields[key] = issue.message;
  }
  return { ok: false, fields, message: joinMessages(fields) };
}

/** Toasts of a save: the success title, then when the public site shows it. */
export function useSaveToasts() {
  const toast = useToast();
  const saved = useCallback(
    (title: string, publication?: Publication | null, description?: string) => {
      toast({ title, description });
      if (!publication) return;
      if (publication.failed.length > 0) {
        const pages = Math.max(publication.failed.length, publication.pending ?? 0);
        toast({ title: KIT_TEXTS.publishFailed, description: KIT_TEXTS.publishFailedText(pages), variant: 'destructive' });
      } else if (publication.published === null) {
        toast({ title: KIT_TEXTS.notPublished, description: KIT_TEXTS.notPublishedText });
      } else {
        toast({ title: KIT_TEXTS.published, description: KIT_TEXTS.publishedText });
      }
    },
    [toast],
  );
  const failed = useCallback(
    (title: string, description?: string) => toast({ title, description, variant: 'destructive' }),
    [toast],
  );
  return { toast, saved, failed };
}

/**
 * Form values, whether they differ from what was loaded, the leave-page
 * warning and the panel's tab-switch question; given `draft` (entity and row),
 * the input is also kept in the browser while typing and offered again after a
 * reload (formGuard.tsx).
 */
export function useFormState<T extends Record<string, unknown>>(initial: T, options: { draft?: DraftOf | null } = {}) {
  // values and baseline in one state, so that follow() can decide on the state
  // it is applied to, not on the one a (possibly older) render saw
  // `read`: the values the edit started from where they are not the baseline (a restored draft's,
  // typed on older values); a save checked by the values it read sends these (decision 032)
  const [form, setForm] = useState<{ values: T; baseline: T; read?: T }>({ values: initial, baseline: initial });
  const { values, baseline } = form;
  const readBase = form.read ?? baseline;
  const [errors, setShownErrors] = useState<Record<string, string>>({});
  // a refused save's messages: the first field they mark takes the focus (below), so a keyboard or screen
  // reader user is where the error is, not on the button; typing afterwards only clears them
  const focusFirstError = useRef(false);
  const setErrors = useCallback((next: Record<string, string>) => {
    focusFirstError.current = Object.keys(next).length > 0;
    setShownErrors(next);
  }, []);
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(baseline), [values, baseline]);
  useUnsavedChangesWarning(dirty);
  const setValues = useCallback((next: T | ((current: T) => T)) => {
    setForm((f) => ({ ...f, values: typeof next === 'function' ? next(f.values) : next }));
  }, []);
  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setForm((f) => ({ ...f, values: { ...f.values, [key]: value } }));
    setShownErrors((e) => {
      if (!e[key as string]) return e;
      const { [key as string]: _dropped, ...rest } = e;
      return rest;
    });
  }, []);
  /** Starts over from new values (after loading or saving): no longer dirty. */
  const reset = useCallback((next: T) => {
    setForm({ values: next, baseline: next });
    setShownErrors({});
  }, []);
  /**
   * A save of `sent` stored `stored`, and the form stays open: what is stored is the new baseline, and each
   * field shows it unless the admin changed the field while it saved (a footer save takes seconds), which
   * keeps what was typed since, and the form dirty. Decided on the state it is applied to, as follow().
   */
  const settle = useCallback((sent: T, stored: T) => {
    setForm((f) => {
      const shown = { ...stored };
      for (const key of Object.keys(f.values) as (keyof T)[]) {
        if (JSON.stringify(f.values[key]) !== JSON.stringify(sent[key])) shown[key] = f.values[key];
      }
      return { values: shown, baseline: stored };
    });
    setShownErrors({});
  }, []);
  /**
   * Takes newly loaded values unless the admin has changed the form: decided
   * when the update is applied, so a keystroke that arrives together with a
   * reload is never overwritten.
   */
  const follow = useCallback((next: T) => {
    setForm((f) => (JSON.stringify(f.values) === JSON.stringify(f.baseline) ? { values: next, baseline: next } : f));
  }, []);
  const revert = useCallback(() => setForm((f) => ({ values: f.baseline, baseline: f.baseline })), []);
  /** A draft's values, and the values it was typed on when it kept them. */
  const restoreDraft = useCallback((next: T, read?: T) => setForm((f) => ({ ...f, values: next, read: read ?? f.read })), []);
  const safety = useFormSafety({ values, read: readBase, dirty, restore: restoreDraft, revert, draft: options.draft });
  const { fieldRef, form: formElement } = safety;
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    formElement?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, formElement]);
  /** onChange for an input, textarea or select bound to a text field. */
  const bind = useCallback(
    (key: keyof T) => ({
      ref: fieldRef,
      value: (values[key] ?? '') as string,
      onChange: (e: { target: { value: string } }) => set(key, e.target.value as T[keyof T]),
      'aria-invalid': errors[key as string] ? true : undefined,
    }),
    [values, errors, set, fieldRef],
  );
  return { values, baseline, readBase, setValues, set, bind, dirty, reset, settle, follow, errors, setErrors, safety, forgetDraft: safety.forgetDraft };
}

/**
 * A field's validation message under it, inside the field's label: the field names it as its description, so
 * the reason is read with the field (not a row of alerts at once: the toast says that the save failed).
 */
export function FieldError({ message }: { message?: string }) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  // a message outside a label (a group of boxes, an upload) has no field to be read with: it is an alert
  const [alone, setAlone] = useState(false);
  useEffect(() => {
    const label = ref.current?.closest('label');
    // the field marked invalid (a colour's text beside its picker), else the label's own control
    const control = label?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? label?.control;
    setAlone(Boolean(message) && !control);
    if (!message || !control) return;
    const described = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    control.setAttribute('aria-describedby', [...described, id].join(' '));
    return () => {
      const rest = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((d) => d && d !== id);
      if (rest.length > 0) control.setAttribute('aria-describedby', rest.join(' '));
      else control.removeAttribute('aria-describedby');
    };
  }, [message, id]);
  if (!message) return null;
  return (
    <small ref={ref} id={id} className="field-error" role={alone ? 'alert' : undefined} style={{ color: 'var(--danger)', fontWeight: 600 }}>
      {message}
    </small>
  );
}

/** 'Aktiv' / 'Inaktiv' as a badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={active ? 'badge badge-blue' : 'badge'}>{active ? KIT_TEXTS.active : KIT_TEXTS.inactive}</span>
  );
}

/** A list's loading state, failure message and reload: the same in every manager. */
export function useLoader<T>(load: () => Promise<CallResult<T>>, onError?: (message: string) => void) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ load, onError });
  latest.current = { load, onError };
  // reloads can overlap (a save's, another admin's live event): only the last one asked shows its list, and an
  // earlier one resolves when that list is shown: a delete that moved the focus on once its own reload came back
  // found the deleted row still there while the later reload was under way, and left the focus on the page
  const asked = useRef(0);
  const newest = useRef<Promise<CallResult<T>> | null>(null);
  const reload = useCallback((): Promise<CallResult<T>> => {
    const mine = ++asked.current;
    const shown = (async () => {
      const result = await latest.current.load();
      if (mine !== asked.current) return newest.current ?? result;
      if (result.ok) {
        setData(result.data);
        setFailed(false);
      } else {
        setFailed(true);
        latest.current.onError?.(result.message);
      }
      setLoading(false);
      return result;
    })();
    newest.current = shown;
    return shown;
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, setData, loading, failed, reload };
}

/** Long names and links must not widen the panel on a phone. */
export const wrapStyle = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

/**
 * An image field: upload (into `folder`) or the address of an image (an upload
 * path or an http(s) URL); '' when there is none.
 */
export function ImageField({
  label,
  value,
  onChange,
  error,
  name,
  folder,
  uploadTexts,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  name: string;
  folder?: string;
  uploadTexts?: { success: string; error: string };
}) {
  // position: relative keeps ImageUpload's visually hidden file input (which
  // '.admin-field input' widens to 100%) inside the form on a phone
  return (
    <div style={{ position: 'relative' }}>
      <ImageUpload
        label={label}
        name={name}
        value={value || null}
        onChange={(url) => onChange(url ?? '')}
        folder={folder}
        successText={uploadTexts?.success}
        errorTitle={uploadTexts?.error}
        error={error}
        allowUrl
      />
    </div>
  );
}
