// Shared building blocks of the admin managers: one way to show a field, a
// dialog, a save button, a confirmation, a toast.
import { createContext, useContext, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { Toast } from '../ui/toast';
import { useUploadUnderWay } from './uploadsUnderWay';
import { refusedWhile } from '../ui/refused';

export const ADMIN_TEXTS = {
  saving: 'Speichert...',
  save: 'Speichern',
  uploadUnderWay: 'Bild wird hochgeladen...',
  cancel: 'Abbrechen',
  create: 'Erstellen',
  edit: 'Bearbeiten',
  delete: 'Löschen',
  published: 'Veröffentlicht',
  unsavedChanges: 'Es gibt ungespeicherte Änderungen. Seite wirklich verlassen?',
  requiredFields: 'Bitte füllen Sie alle Pflichtfelder aus',
  discardChanges: 'Ungespeicherte Änderungen verwerfen?',
  discard: 'Verwerfen',
  keepEditing: 'Weiter bearbeiten',
} as const;

/** The signed-in admin's id: drafts are kept per user (AdminApp provides it). */
export const AdminUserContext = createContext<string>('');

type ToastFn = (t: Omit<Toast, 'id'>) => void;
export const ToastContext = createContext<ToastFn>(() => undefined);
/** The panel's toaster: `toast({ title, description, variant })`. */
export const useToast = () => useContext(ToastContext);

export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <label className="admin-field">
      <span>{label}</span>
      {children}
      {hint && <small className="hint">{hint}</small>}
    </label>
  );
}

/**
 * When `step` changes (not on the first render), the focus goes to the element of `container` the first of
 * `selectors` that finds one finds (tried in order: a selector list would take the first in the page): a
 * panel whose steps replace each other (the import, the two-factor set-up) would otherwise leave it on the
 * page, with the button that went (a keyboard review).
 */
export function useFocusOnStepChange(step: string | null, container: RefObject<HTMLElement | null>, ...selectors: string[]): void {
  const shown = useRef(step);
  const tried = selectors.join('\n');
  useEffect(() => {
    const before = shown.current;
    shown.current = step;
    if (before === null || before === step) return;
    for (const selector of tried.split('\n')) {
      const target = container.current?.querySelector<HTMLElement>(selector);
      if (target) return target.focus();
    }
  }, [step, container, tried]);
}

/**
 * The save button: refuses while saving ('Speichert...') and while an image is uploaded. Marked with
 * aria-disabled, not disabled: a disabled button loses the focus, so a keyboard user pressing Enter on it was
 * sent back to the top of the page after every save. Its click (also Enter in a field, which clicks the
 * form's first submit button) is cancelled meanwhile.
 */
export function SaveButton({ saving, disabled, children }: { saving: boolean; disabled?: boolean; children?: ReactNode }) {
  const uploading = useUploadUnderWay();
  return (
    <button type="submit" className="btn" {...refusedWhile(saving || disabled === true || uploading)}>
      {saving ? ADMIN_TEXTS.saving : uploading ? ADMIN_TEXTS.uploadUnderWay : (children ?? ADMIN_TEXTS.save)}
    </button>
  );
}

/** The ref of a native <dialog> that is shown as a modal while `open` (focus trap and Escape for free). */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

/** A modal dialog on the native <dialog> element (focus trap and Escape for free). */
export function Dialog({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const ref = useModalDialog(open);
  return (
    <dialog ref={ref} className="modal admin-dialog" onClose={onClose} aria-label={title}>
      <h2 style={{ marginTop: 0 }}>{title}</h2>
      {open && children}
    </dialog>
  );
}

/** Asks before a destructive step; resolves true when confirmed. */
export function confirmAction(message: string): boolean {
  return window.confirm(message);
}

/**
 * Asks 'Ungespeicherte Änderungen verwerfen?' in a dialog of our own (an
 * alertdialog in the top layer, above any open edit dialog), not
 * window.confirm: screen readers announce it and tests can answer it. Resolves
 * true for 'Verwerfen'; Escape and 'Weiter bearbeiten' keep the edit.
 */
export function confirmDiscard(message: string = ADMIN_TEXTS.discardChanges): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'modal admin-dialog confirm-dialog';
    dialog.setAttribute('role', 'alertdialog');
    dialog.setAttribute('aria-modal', 'true');
    const title = document.createElement('h2');
    title.id = `confirm-${Date.now()}`;
    title.textContent = message;
    title.style.marginTop = '0';
    dialog.setAttribute('aria-labelledby', title.id);
    const buttons = document.createElement('div');
    buttons.className = 'admin-actions';
    buttons.style.justifyContent = 'flex-end';
    const button = (label: string, className: string, answer: boolean) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = className;
      b.textContent = label;
      b.addEventListener('click', () => finish(answer));
      buttons.append(b);
      return b;
    };
    const keep = button(ADMIN_TEXTS.keepEditing, 'btn btn-outline', false);
    button(ADMIN_TEXTS.discard, 'btn btn-danger', true);
    dialog.append(title, buttons);
    let done = false;
    const finish = (answer: boolean) => {
      if (done) return;
      done = true;
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    // Escape keeps the edit; the cancel event must not reach an edit dialog beneath
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      event.stopPropagation();
      finish(false);
    });
    document.body.append(dialog);
    dialog.showModal();
    keep.focus();
  });
}

/**
 * The panel's forms with unsaved changes: switching the tab asks first, and
 * 'Verwerfen' also forgets their drafts.
 */
const dirtyForms = new Map<string, { form: () => Element | null; discard: () => void }>();

export function setFormDirty(id: string, entry: { form: () => Element | null; discard: () => void } | null) {
  if (entry) dirtyForms.set(id, entry);
  else dirtyForms.delete(id);
}

/** Whether a form (inside `within`, else anywhere) holds unsaved changes. */
export function hasDirtyForms(within?: Element | null): boolean {
  return [...dirtyForms.values()].some((f) => !within || within.contains(f.form()));
}

/** After 'Verwerfen': the dirty forms (inside `within`, else all) forget their drafts. */
export function discardDirtyForms(within?: Element | null) {
  for (const [id, f] of [...dirtyForms]) {
    if (within && !within.contains(f.form())) continue;
    f.discard();
    dirtyForms.delete(id);
  }
}

/**
 * Asks before unsaved changes (inside `within`, else anywhere) are dropped;
 * true when there are none or the admin chose 'Verwerfen' (their drafts are
 * then forgotten too).
 */
export async function confirmLeave(within?: Element | null, dirty = false): Promise<boolean> {
  if (!dirty && !hasDirtyForms(within)) return true;
  if (!(await confirmDiscard())) return false;
  discardDirtyForms(within);
  return true;
}

/** Warns before leaving the page while a form has unsaved changes. */
export function useUnsavedChangesWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const handler = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ADMIN_TEXTS.unsavedChanges;
    };
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [dirty]);
}
