// Two admins editing the same row (issue 15, decision 032): an edit form learns
// the row's revision when it opens and sends it with the save; the server
// refuses a save on an older revision ('CONFLICT', naming who changed it). The
// form keeps the input, says why, and 'Vergleichen' shows per field the
// admin's input beside the stored version to pick from; the next save goes on
// the stored version's revision.
import { actions } from 'astro:actions';
import { useCallback, useEffect, useRef, useState } from 'react';
import { compareVersions, mergeValues, showValue, storedToForm, type MergeChoice, type MergeField } from '../../lib/merge';
import { callAction, type useFormState } from './contentKit';
import { useFormNotice } from './formGuard';
import { ADMIN_TEXTS } from './ui';

export const MERGE_TEXTS = {
  compare: 'Vergleichen',
  title: 'Änderungen vergleichen',
  intro: 'Wählen Sie je Feld, welche Fassung gespeichert werden soll. Danach speichern Sie wie gewohnt.',
  mine: 'Ihre Eingabe',
  theirs: 'Gespeicherte Fassung',
  both: 'Von beiden geändert',
  apply: 'Übernehmen',
  same: 'Ihre Eingabe entspricht der gespeicherten Fassung. Speichern Sie erneut.',
  loadFailed: 'Die gespeicherte Fassung konnte nicht geladen werden.',
} as const;

type Version = { id: number; data: Record<string, unknown> };
type RevisionsApi = {
  current: (input: { entity: string; id: string }) => Promise<{ data?: { revision: number | null }; error?: unknown }>;
  history: (input: { entity: string; id: string }) => Promise<{ data?: { versions: Version[] }; error?: unknown }>;
};
// the revisions actions (src/actions/admin/revisions.ts) by their contract
const revisions = (actions.admin as unknown as { revisions: RevisionsApi }).revisions;

/** The latest revision of a row, null when unknown (no revisions yet, or the server cannot tell). */
/** The row's latest version: null when it has none yet, undefined when it could not be asked. */
export async function currentRevision(entity: string, id: string): Promise<number | null | undefined> {
  const result = await callAction(() => revisions.current({ entity, id }));
  return result.ok ? (result.data?.revision ?? null) : undefined;
}

/** A field's label as the form shows it ('Name *' → 'Name'), else its key. */
function labelOf(form: HTMLFormElement | null, key: string): string {
  const field = form?.querySelector(`[name="${CSS.escape(key)}"]`);
  const label = field?.closest('label')?.querySelector('span')?.textContent ?? (field as HTMLInputElement | null)?.labels?.[0]?.textContent;
  return label ? label.replace(/\s*\*\s*$/, '').trim() : key;
}

/** The comparison: per differing field the admin's input and the stored version, one to pick. */
export function MergeDialog({
  fields,
  onApply,
  onClose,
}: {
  fields: (MergeField & { label: string })[];
  onApply: (choices: Record<string, MergeChoice>) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [choices, setChoices] = useState<Record<string, MergeChoice>>(() => Object.fromEntries(fields.map((f) => [f.key, f.choice])));
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const cell = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '12rem', overflowY: 'auto', display: 'block' } as const;
  return (
    <dialog
      ref={ref}
      className="modal admin-dialog merge-dialog"
      aria-label={MERGE_TEXTS.title}
      style={{ maxWidth: '52rem', maxHeight: 'calc(100dvh - 2rem)', overflowY: 'auto' }}
      onCancel={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onClose();
      }}
    >
      {/* a form of its own: Enter on a choice must not submit the edit form around it */}
      <form onSubmit={(e) => e.preventDefault()}>
      <h2 style={{ marginTop: 0 }}>{MERGE_TEXTS.title}</h2>
      <p>{fields.length ? MERGE_TEXTS.intro : MERGE_TEXTS.same}</p>
      {fields.map((f) => (
        <fieldset key={f.key} className={f.conflict ? 'merge-field merge-conflict' : 'merge-field'} data-field={f.key} style={{ marginBottom: '0.75rem' }}>
          <legend>
            <strong>{f.label}</strong> {f.conflict && <span className="badge badge-red">{MERGE_TEXTS.both}</span>}
          </legend>
          {(['mine', 'theirs'] as const).map((side) => (
            <label
              key={side}
              className={`merge-option${choices[f.key] === side ? ' merge-chosen' : ''}`}
              style={{ display: 'flex', gap: '0.5rem', alignItems: 'start', padding: '0.35rem', borderRadius: 4, background: (side === 'mine' ? f.changedByMe : f.changedByThem) ? 'var(--highlight, #fff4c2)' : undefined }}
            >
              <input type="radio" name={`merge-${f.key}`} checked={choices[f.key] === side} onChange={() => setChoices((c) => ({ ...c, [f.key]: side }))} />
              <span style={{ flex: 1 }}>
                <small>{side === 'mine' ? MERGE_TEXTS.mine : MERGE_TEXTS.theirs}</small>
                <span style={cell}>{showValue(side === 'mine' ? f.mine : f.theirs)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ))}
      <div className="admin-actions" style={{ justifyContent: 'flex-end' }}>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          {ADMIN_TEXTS.cancel}
        </button>
        <button type="button" className="btn" onClick={() => onApply(choices)}>
          {MERGE_TEXTS.apply}
        </button>
      </div>
      </form>
    </dialog>
  );
}

/** The refusal at the top of the form: the server's message and 'Vergleichen'. */
function ConflictNotice({ message, onCompare, busy }: { message: string; onCompare: () => void; busy: boolean }) {
  return (
    <div className="conflict-notice" role="alert" style={{ border: '1px solid var(--danger, #b91c1c)', borderRadius: 6, padding: '0.5rem 0.75rem', marginBottom: '0.75rem', display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}>
      <span style={{ flex: '1 1 14rem', overflowWrap: 'anywhere' }}>{message}</span>
      <button type="button" className="btn btn-outline btn-small" onClick={onCompare} disabled={busy}>
        {MERGE_TEXTS.compare}
      </button>
    </div>
  );
}

/**
 * A form's side of optimistic concurrency: fetches the row's revision when an
 * existing row's form opens, the refusal notice and the comparison. Returns
 * the notice to show in the form, and what to call on a refused save.
 */
export function useConcurrency<V extends Record<string, unknown>>({
  target,
  form,
  revision,
  setRevision,
  values,
  baseline,
  setValues,
  fromStored,
  theirs: storedNow,
}: {
  target: { entity: string; id: string | null } | null;
  form: HTMLFormElement | null;
  revision: number | null;
  setRevision: (revision: number | null) => void;
  values: V;
  baseline: V;
  setValues: (values: V) => void;
  fromStored?: (data: Record<string, unknown>, current: V) => V;
  /**
   * For a form checked by the values it was filled with, not by a revision (the home page's
   * sections): loads the stored values to compare, and makes them the form's new starting point.
   */
  theirs?: { load: () => Promise<V | null>; adopt: (stored: V) => void };
}) {
  const entity = target?.entity;
  const id = target?.id ?? null;
  const [conflict, setConflict] = useState<string | null>(null);
  const [merge, setMerge] = useState<{ fields: (MergeField & { label: string })[]; theirs: V; revision: number | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const known = useRef(revision);
  known.current = revision;

  const refresh = useCallback(async () => {
    if (!entity || !id) return;
    const latest = await currentRevision(entity, id);
    // 0: a row without versions yet (older than the revisions) is checked too
    if (latest !== undefined) setRevision(latest ?? 0);
  }, [entity, id, setRevision]);

  // the revision the admin starts from (a restored draft brings its own)
  useEffect(() => {
    if (!entity || !id) return;
    let live = true;
    void currentRevision(entity, id).then((latest) => {
      if (live && known.current === null && latest !== undefined) setRevision(latest ?? 0);
    });
    return () => {
      live = false;
    };
  }, [entity, id, setRevision]);

  const compare = async () => {
    if (storedNow) {
      setBusy(true);
      const stored = await storedNow.load();
      setBusy(false);
      if (!stored) return setConflict(MERGE_TEXTS.loadFailed);
      const fields = compareVersions(baseline, values, stored).map((f) => ({ ...f, label: labelOf(form, f.key) }));
      return setMerge({ fields, theirs: stored, revision: null });
    }
    if (!entity || !id) return;
    setBusy(true);
    const result = await callAction(() => revisions.history({ entity, id }));
    setBusy(false);
    const stored = result.ok ? result.data.versions[0] : undefined;
    if (!stored) return setConflict(MERGE_TEXTS.loadFailed);
    const theirs = fromStored ? fromStored(stored.data, values) : storedToForm(stored.data, values);
    const fields = compareVersions(baseline, values, theirs).map((f) => ({ ...f, label: labelOf(form, f.key) }));
    setMerge({ fields, theirs, revision: stored.id });
  };

  const notice = (
    <>
      {conflict && <ConflictNotice message={conflict} busy={busy} onCompare={() => void compare()} />}
      {merge && (
        <MergeDialog
          fields={merge.fields}
          onClose={() => setMerge(null)}
          onApply={(choices) => {
            // the stored version becomes the base of the next save, the merged values the input
            if (storedNow) storedNow.adopt(merge.theirs);
            setValues(mergeValues(values, merge.theirs, choices));
            if (merge.revision !== null) setRevision(merge.revision);
            setMerge(null);
            setConflict(null);
          }}
        />
      )}
    </>
  );

  return {
    notice: conflict || merge ? notice : null,
    /** A refused save: keep the input, show why and offer the comparison. */
    refused: (message: string) => setConflict(message),
    /**
     * A successful save: no refusal any more, and the row's new revision, as the save answered it
     * (read in the save's own step: asking afterwards would take a save by someone else in between).
     */
    saved: (revision?: number) => {
      setConflict(null);
      if (revision !== undefined) setRevision(revision);
      else void refresh();
    },
  };
}

/**
 * useConcurrency for a form of useFormState (contentKit.tsx): the row it edits
 * (null: a new row, or one not loaded yet) and its notice in the form.
 */
export function useFormConcurrency<V extends Record<string, unknown>>(
  form: ReturnType<typeof useFormState<V>>,
  target: { entity: string; id: string | null } | null,
  fromStored?: (data: Record<string, unknown>, current: V) => V,
) {
  const { safety } = form;
  const concurrency = useConcurrency({
    target,
    form: safety.form,
    revision: safety.revision,
    setRevision: safety.setRevision,
    values: form.values,
    baseline: form.readBase,
    setValues: form.setValues,
    fromStored,
  });
  useFormNotice(safety.form, concurrency.notice);
  return concurrency;
}

const noRevision = () => undefined;

/**
 * useConcurrency for a form of useFormState checked by the values it was filled with (sent as
 * `read`), not by a revision: the home page's sections, the club. `load` reads the stored values
 * to compare; 'Übernehmen' makes them the base of the next save.
 */
export function useReadConcurrency<V extends Record<string, unknown>>(form: ReturnType<typeof useFormState<V>>, load: () => Promise<V | null>) {
  const { reset } = form;
  const concurrency = useConcurrency({
    target: null,
    form: form.safety.form,
    revision: null,
    setRevision: noRevision,
    values: form.values,
    baseline: form.readBase,
    setValues: form.setValues,
    theirs: { load, adopt: reset },
  });
  useFormNotice(form.safety.form, concurrency.notice);
  return concurrency;
}
