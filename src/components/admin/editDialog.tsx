// The admin's modal form (the native <dialog>) and its buttons: what every edit dialog shares. The
// dialog asks before it drops unsaved edits and stays while its form saves; the buttons wait for an
// upload under way.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { ADMIN_TEXTS, confirmLeave, useModalDialog } from './ui';
import { refusedWhile } from '../ui/refused';
import { useUploadUnderWay } from './uploadsUnderWay';

/**
 * How a dialog's buttons tell the dialog that its form is saving: it does not close meanwhile. Closed during
 * a save, the save went on: the admin was asked to discard what was then stored, and its end closed the
 * dialog of the row opened since.
 */
const DialogSaving = createContext<((saving: boolean) => void) | null>(null);

/**
 * A modal form on the native <dialog>. Escape, the close button and a click on
 * 'Abbrechen' ask first when the form holds unsaved changes, and do nothing while it saves.
 */
export function EditDialog({
  open,
  title,
  dirty,
  onClose,
  children,
  wide,
}: {
  open: boolean;
  title: string;
  dirty: boolean;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useModalDialog(open);
  const [saving, setSaving] = useState(false);
  const requestClose = () => {
    if (saving) return;
    void confirmLeave(ref.current, dirty).then((leave) => leave && onClose());
  };
  return (
    <dialog
      ref={ref}
      className="modal admin-dialog"
      aria-label={title}
      style={{ maxWidth: wide ? '46rem' : '34rem', maxHeight: 'calc(100dvh - 2rem)', overflowY: 'auto' }}
      onCancel={(e) => {
        e.preventDefault();
        requestClose();
      }}
    >
      <div className="admin-dialog-head" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'start', gap: '1rem' }}>
        <h2 style={{ marginTop: 0, overflowWrap: 'anywhere' }}>{title}</h2>
        <button type="button" className="btn btn-outline btn-small" aria-label="Schließen" onClick={requestClose} disabled={saving}>
          ✕
        </button>
      </div>
      <DialogSaving.Provider value={setSaving}>{open && children}</DialogSaving.Provider>
    </dialog>
  );
}

/** Tells the dialog around it that its form saves: it does not close meanwhile. DialogButtons does it for its form. */
export function useDialogSaving(saving: boolean): void {
  const tellDialog = useContext(DialogSaving);
  useEffect(() => {
    tellDialog?.(saving);
    return () => tellDialog?.(false);
  }, [saving, tellDialog]);
}

/** For a dialog whose forms have buttons of their own (a match's details): its saves keep it open. */
export function DialogSavingState({ saving }: { saving: boolean }): null {
  useDialogSaving(saving);
  return null;
}

/** A dialog form's buttons: save ('Speichert...' while saving) and cancel. */
export function DialogButtons({ saving, dirty, onCancel, disabled }: { saving: boolean; dirty: boolean; onCancel: () => void; disabled?: boolean }) {
  // a save pressed while a photo uploads would store the row without it
  const uploading = useUploadUnderWay();
  useDialogSaving(saving);
  return (
    <div className="admin-actions" style={{ justifyContent: 'flex-end' }}>
      <button
        type="button"
        className="btn btn-outline"
        {...refusedWhile(saving)}
        onClick={(event) => {
          void confirmLeave(event.currentTarget.closest('dialog, form'), dirty).then((leave) => leave && onCancel());
        }}
      >
        {ADMIN_TEXTS.cancel}
      </button>
      <button type="submit" className="btn" {...refusedWhile(saving || disabled === true || uploading)}>
        {saving ? ADMIN_TEXTS.saving : uploading ? ADMIN_TEXTS.uploadUnderWay : ADMIN_TEXTS.save}
      </button>
    </div>
  );
}
