// What keeps an admin form's input safe (issue 15, decision 032): the draft in
// the browser while typing with the offer to restore it, the panel's list of
// forms with unsaved changes (tab switch, dialog close), and notices shown at
// the top of the form itself. Used by useFormState, so every form of the kit
// has it without markup of its own.
import { useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { formatDateTime } from '../../lib/dates-de';
import { NEW_ROW, browserStorage, clearDraft, draftDiffers, fitDraft, readDraft, writeDraft, type Draft, type DraftTarget } from './drafts';
import { AdminUserContext, setFormDirty } from './ui';

export const DRAFT_TEXTS = {
  found: (at: number) => `Ungespeicherter Entwurf vom ${formatDateTime(at)} gefunden.`,
  restore: 'Wiederherstellen',
  discard: 'Verwerfen',
} as const;

/** Which row a form edits: the entity (its SQL table) and the row's id, null for a new row. */
export type DraftOf = {
  entity: string;
  id: string | null;
  /** tells apart two forms of one row, or for new rows of one entity */
  slot?: string;
  /** the row's revision when the list it came from was read: the base of its save (decision 032) */
  revision?: number;
};

/**
 * Renders `node` at the top of `form`, in a root of its own: a form needs no
 * markup for the kit's notices. The notices' buttons are type="button", so
 * they never submit the form they sit in.
 */
export function useFormNotice(form: HTMLFormElement | null, node: ReactNode) {
  const mounted = useRef<Root | null>(null);
  useEffect(() => {
    if (!form) return;
    const host = document.createElement('div');
    host.className = 'form-notices';
    form.prepend(host);
    const root = createRoot(host);
    mounted.current = root;
    return () => {
      mounted.current = null;
      host.remove();
      // not during the outer root's commit
      window.setTimeout(() => root.unmount(), 0);
    };
  }, [form]);
  useEffect(() => {
    mounted.current?.render(node ?? null);
  });
}

/** The draft banner: when the draft was typed, restore or discard. */
function DraftBanner({ draft, onRestore, onDiscard }: { draft: Draft<unknown>; onRestore: () => void; onDiscard: () => void }) {
  return (
    <div className="draft-banner" role="status" style={{ border: '1px solid var(--border, #ccc)', borderLeft: '4px solid var(--primary, #1d4ed8)', borderRadius: 6, padding: '0.5rem 0.75rem', marginBottom: '0.75rem', display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}>
      <span style={{ flex: '1 1 14rem' }}>{DRAFT_TEXTS.found(draft.savedAt)}</span>
      <button type="button" className="btn btn-small" onClick={onRestore}>
        {DRAFT_TEXTS.restore}
      </button>
      <button type="button" className="btn btn-outline btn-small" onClick={onDiscard}>
        {DRAFT_TEXTS.discard}
      </button>
    </div>
  );
}

/**
 * A form's safety net: its element (learnt from the first bound field), its
 * entry in the panel's list of unsaved forms, and, given `draft`, the draft
 * kept while typing and offered again, with the row's revision it was typed on.
 */
export function useFormSafety<T extends Record<string, unknown>>({
  values,
  read,
  dirty,
  restore,
  revert,
  draft: of,
}: {
  values: T;
  /** the values the edit started from: kept with the draft, given back with its values */
  read: T;
  dirty: boolean;
  restore: (values: T, read?: T) => void;
  /** Back to the loaded values ('Verwerfen' when leaving). */
  revert: () => void;
  draft?: DraftOf | null;
}) {
  const userId = useContext(AdminUserContext);
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const fieldRef = useCallback((el: Element | null) => {
    // a dialog's form is a new element each time the dialog opens
    const found = el?.closest('form');
    if (found) setForm((f) => (f === found ? f : found));
  }, []);
  const target: DraftTarget | null = of ? { userId, entity: of.entity, id: `${of.id ?? NEW_ROW}${of.slot ? `-${of.slot}` : ''}` } : null;
  const key = target ? `${target.userId}|${target.entity}|${target.id}` : '';
  const [offer, setOffer] = useState<{ key: string; draft: Draft<T> } | null>(null);
  // the revision belongs to the row it was read for: a dialog that turns to another row starts without one
  // a row from a list brings the revision its values are of; asking when the form opens would take a
  // newer one for older values, and the save would overwrite what was saved in between
  const listed = of?.revision ?? null;
  const [revisionOf, setRevisionOf] = useState<{ key: string; revision: number | null }>({ key, revision: listed });
  const revision = revisionOf.key === key ? revisionOf.revision : listed;
  const keyRef = useRef(key);
  keyRef.current = key;
  const setRevision = useCallback((next: number | null) => setRevisionOf({ key: keyRef.current, revision: next }), []);
  const latest = useRef({ values, target, revision, offer });
  latest.current = { values, target, revision, offer };

  // whether this row's form has differed from what was loaded since it opened: only such a form, back to it (saved,
  // or changed back), forgets its draft. The form's first pass is not back to anything: it cleared the draft it had
  // just offered (the effect ran before the offer was state), and a second reload before an answer lost it.
  const changedSinceOpen = useRef(false);

  // the draft of this row, offered when it differs from what the form shows; one that does not is dropped (it
  // would be offered once the row changed elsewhere, as if it were an edit of the newer values)
  useEffect(() => {
    changedSinceOpen.current = false;
    const t = latest.current.target;
    if (!t) return setOffer(null);
    const found = readDraft<T>(browserStorage(), t);
    const differs = found !== null && draftDiffers(found, latest.current.values);
    if (found && !differs) clearDraft(browserStorage(), t);
    setOffer(differs ? { key, draft: found } : null);
  }, [key]);
  const pending = offer !== null && offer.key === key;

  // kept on every change while the form differs from what was loaded, under the banner too: the offered draft is
  // held in the page, the stored one is then what was typed (nothing typed under the banner was kept: a tab the
  // phone closed lost it, and the old draft came back). A form back to what was loaded after a change (saved, or
  // changed back) forgets its draft, and has answered the banner.
  useEffect(() => {
    if (!target) return;
    if (dirty) {
      writeDraft(browserStorage(), target, values, revision, Date.now(), read);
      changedSinceOpen.current = true;
    } else if (changedSinceOpen.current) {
      clearDraft(browserStorage(), target);
      if (pending) setOffer(null);
    }
    // key stands for target
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, dirty, key, pending, revision, read]);

  const forget = useCallback(() => {
    const t = latest.current.target;
    if (t) clearDraft(browserStorage(), t);
    // a save answers the offer too: a restore after it put back values older than the save
    setOffer(null);
  }, []);

  // the panel's list of forms with unsaved changes; 'Verwerfen' reverts the
  // form too (a tab whose successor is still loading stays mounted, hidden)
  const id = useId();
  const revertRef = useRef(revert);
  revertRef.current = revert;
  useEffect(() => {
    const discard = () => {
      forget();
      revertRef.current();
    };
    setFormDirty(id, dirty ? { form: () => form, discard } : null);
    return () => setFormDirty(id, null);
  }, [id, dirty, form, forget]);

  const restoreDraft = () => {
    const o = latest.current.offer;
    if (!o) return;
    setOffer(null);
    if (o.draft.baseRevision !== null) setRevision(o.draft.baseRevision);
    const current = latest.current.values;
    restore(fitDraft(o.draft.values, current), o.draft.read ? fitDraft(o.draft.read, current) : undefined);
  };
  const discardDraft = () => {
    // the stored draft is what was typed under the banner, if anything: that stays
    if (changedSinceOpen.current) setOffer(null);
    else forget();
  };
  useFormNotice(form, pending && offer ? <DraftBanner draft={offer.draft} onRestore={restoreDraft} onDiscard={discardDraft} /> : null);

  return { form, fieldRef, forgetDraft: forget, revision, setRevision };
}
