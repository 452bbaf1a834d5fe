// Shared building blocks of the admin managers: one way to show a field, a
// dialog, a save button, a confirmation, a toast.
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { Toast } from '../ui/toast';

export const ADMIN_TEXTS = {
  saving: 'Speichert...',
  save: 'Speichern',
  cancel: 'Abbrechen',
  create: 'Erstellen',
  edit: 'Bearbeiten',
  delete: 'Löschen',
  published: 'Veröffentlicht',
  unsavedChanges: 'Es gibt ungespeicherte Änderungen. Seite wirklich verlassen?',
  requiredFields: 'Bitte füllen Sie alle Pflichtfelder aus',
} as const;

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

/** The save button: disabled while saving and then reading 'Speichert...'. */
export function SaveButton({ saving, disabled, children }: { saving: boolean; disabled?: boolean; children?: ReactNode }) {
  return (
    <button type="submit" className="btn" disabled={saving || disabled}>
      {saving ? ADMIN_TEXTS.saving : (children ?? ADMIN_TEXTS.save)}
    </button>
  );
}

/** A modal dialog on the native <dialog> element (focus trap and Escape for free). */
export function Dialog({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
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
