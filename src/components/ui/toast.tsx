import { useCallback, useState } from 'react';

export type Toast = { id: number; title: string; description?: string; variant?: 'default' | 'destructive' };

/** Toasts as the specs describe them: a title, a message, and a destructive variant. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const toast = useCallback((t: Omit<Toast, 'id'>) => {
    const id = Date.now() + Math.random();
    setToasts((list) => [...list, { ...t, id }]);
    window.setTimeout(() => setToasts((list) => list.filter((x) => x.id !== id)), 6000);
  }, []);
  return { toasts, toast };
}

export function Toaster({ toasts }: { toasts: Toast[] }) {
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast${t.variant === 'destructive' ? ' destructive' : ''}`}>
          <strong>{t.title}</strong>
          {t.description && <span>{t.description}</span>}
        </div>
      ))}
    </div>
  );
}
