import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

export type Toast = { id: number; title: string; description?: string; variant?: 'default' | 'destructive' };

/** How long a toast lasts. */
const SHOWN_MS = 6_000;
/** Between taking out a toast and showing one alike in its place: the live region's text changes twice. */
const AGAIN_AFTER_MS = 100;

/** Whether two toasts say the same (title, message and variant). */
export function alike(a: Omit<Toast, 'id'>, b: Omit<Toast, 'id'>): boolean {
  return a.title === b.title && a.description === b.description && (a.variant ?? 'default') === (b.variant ?? 'default');
}

/**
 * Toasts as the specs describe them: a title, a message, and a destructive variant. One alike still shown makes
 * room for the new one instead of a second beside it (an admin who saves twice in a row sees one 'Erfolgreich
 * gespeichert', for its own 6 s): taken out first, the new one shown a moment later, because the same text put
 * in place of the same text may not be read out again by a screen reader; a region that changes is.
 */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const shown = useRef<Toast[]>([]);
  useEffect(() => {
    shown.current = toasts;
  }, [toasts]);
  const toast = useCallback((t: Omit<Toast, 'id'>) => {
    const added: Toast = { ...t, id: Date.now() + Math.random() };
    const show = () => {
      setToasts((list) => [...list.filter((x) => !alike(x, added)), added]);
      window.setTimeout(() => setToasts((list) => list.filter((x) => x.id !== added.id)), SHOWN_MS);
    };
    if (!shown.current.some((x) => alike(x, added))) return show();
    setToasts((list) => list.filter((x) => !alike(x, added)));
    window.setTimeout(show, AGAIN_AFTER_MS);
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
