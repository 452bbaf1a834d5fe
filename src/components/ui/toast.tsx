import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

export type Toast = { id: number; title: string; description?: string; variant?: 'default' | 'destructive' };

/**
 * The toasts shown with `added` last. One alike (the same title, message and variant) still shown goes: an admin
 * who saves twice in a row sees one 'Erfolgreich gespeichert', shown anew (and read out anew) for its own 6 s.
 */
export function withToast(list: readonly Toast[], added: Toast): Toast[] {
  const alike = (t: Toast) => t.title === added.title && t.description === added.description && (t.variant ?? 'default') === (added.variant ?? 'default');
  return [...list.filter((t) => !alike(t)), added];
}

/** Toasts as the specs describe them: a title, a message, and a destructive variant. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const toast = useCallback((t: Omit<Toast, 'id'>) => {
    const id = Date.now() + Math.random();
    setToasts((list) => withToast(list, { ...t, id }));
    window.setTimeout(() => setToasts((list) => list.filter((x) => x.id !== id)), 6000);
  }, []);
  return { toasts, toast };
}

/**
 * The open modal <dialog>, if any. A modal dialog sits in the browser's top layer and makes the rest of the
 * page inert: a toast outside it is drawn behind it and not read out, so a save inside a dialog ('Aufstellung
 * speichern') said nothing. Watched, because a save may close its dialog in the same turn as its toast comes.
 */
function useOpenDialog(): HTMLDialogElement | null {
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    const look = () => setDialog([...document.querySelectorAll<HTMLDialogElement>('dialog[open]')].at(-1) ?? null);
    look();
    const observer = new MutationObserver(look);
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'], childList: true });
    return () => observer.disconnect();
  }, []);
  return dialog;
}

/**
 * The page's live region is always there, empty or not: a screen reader reads what is put into a live region it
 * already knows, not one mounted with its text. A toast that came as its dialog closed moved from the dialog's
 * region into a page region mounted just then, and was not read out.
 */
export function Toaster({ toasts }: { toasts: Toast[] }) {
  const dialog = useOpenDialog();
  const items = toasts.map((t) => (
    <div key={t.id} className={`toast${t.variant === 'destructive' ? ' destructive' : ''}`}>
      <strong>{t.title}</strong>
      {t.description && <span>{t.description}</span>}
    </div>
  ));
  return (
    <>
      <div className="toaster" role="status" aria-live="polite">
        {dialog ? null : items}
      </div>
      {dialog &&
        createPortal(
          <div className="toaster" role="status" aria-live="polite">
            {items}
          </div>,
          dialog,
        )}
    </>
  );
}
