// Reordering table rows by dragging a handle, by touch, or by keyboard (the
// teams and youth teams tables, admin-area.md §2, §4). Pointer events serve
// mouse and finger alike (HTML drag and drop does not work on phones); on the
// focused handle ArrowUp/ArrowDown move the row one place. Every move is saved
// at once as the full new order; on failure the caller reloads the list.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { CallResult, Publication } from './contentKit';

type Row = { id: string; name: string };

export function useRowReorder<T extends Row>(rows: T[] | null, persist: (ids: string[]) => Promise<void>) {
  const [order, setOrder] = useState<T[]>(rows ?? []);
  const [dragging, setDraggingState] = useState<string | null>(null);
  // pointer events can arrive before React re-renders: the handlers read the ref
  const draggingRef = useRef<string | null>(null);
  const setDragging = (id: string | null) => {
    draggingRef.current = id;
    setDraggingState(id);
  };
  const [announcement, setAnnouncement] = useState('');
  const orderRef = useRef(order);
  orderRef.current = order;
  const startOrder = useRef<string[]>([]);
  const refocus = useRef<string | null>(null);

  // a reload (own save, another admin's change) replaces the local order, but not mid-drag
  useEffect(() => {
    if (!draggingRef.current) setOrder(rows ?? []);
  }, [rows]);

  useEffect(() => {
    if (!refocus.current) return;
    const id = refocus.current;
    refocus.current = null;
    document.querySelector<HTMLButtonElement>(`[data-handle-id="${CSS.escape(id)}"]`)?.focus();
  }, [order]);

  const announce = (list: T[], id: string) => {
    const index = list.findIndex((r) => r.id === id);
    if (index >= 0) setAnnouncement(`${list[index].name} an Position ${index + 1} von ${list.length} verschoben.`);
  };

  const moveTo = useCallback((id: string, target: number): T[] | null => {
    const list = orderRef.current;
    const from = list.findIndex((r) => r.id === id);
    if (from < 0 || target < 0 || target >= list.length || target === from) return null;
    const next = [...list];
    const [item] = next.splice(from, 1);
    next.splice(target, 0, item);
    orderRef.current = next;
    setOrder(next);
    return next;
  }, []);

  const save = (list: T[]) => void persist(list.map((r) => r.id));

  const handleProps = (row: T) => ({
    'data-handle-id': row.id,
    'aria-label': `Reihenfolge ändern: ${row.name}. Mit Pfeil nach oben oder unten verschieben.`,
    title: 'Ziehen oder mit den Pfeiltasten verschieben',
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
      event.preventDefault();
      const from = orderRef.current.findIndex((r) => r.id === row.id);
      const next = moveTo(row.id, from + (event.key === 'ArrowUp' ? -1 : 1));
      if (!next) return;
      refocus.current = row.id;
      announce(next, row.id);
      save(next);
    },
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0 || draggingRef.current) return;
      event.preventDefault();
      startOrder.current = orderRef.current.map((r) => r.id);
      setDragging(row.id);
      // listening on the window: the row (and its handle) moves in the DOM while
      // dragging, which ends any pointer capture on the handle
      const pointerId = event.pointerId;
      const onMove = (e: globalThis.PointerEvent) => {
        if (e.pointerId !== pointerId) return;
        const over = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLElement>('[data-row-id]');
        const overId = over?.dataset.rowId;
        if (!overId || overId === row.id) return;
        const target = orderRef.current.findIndex((r) => r.id === overId);
        if (target >= 0) moveTo(row.id, target);
      };
      const finish = (e: globalThis.PointerEvent) => {
        if (e.pointerId !== pointerId) return;
        window.removeEventListener('pointermove', onMove);
        window.removeEventListener('pointerup', finish);
        window.removeEventListener('pointercancel', finish);
        setDragging(null);
        if (e.type === 'pointercancel') {
          // the gesture was interrupted (the browser took over for scrolling): back to the start
          const byId = new Map(orderRef.current.map((r) => [r.id, r]));
          const restored = startOrder.current.map((id) => byId.get(id)).filter((r): r is T => Boolean(r));
          orderRef.current = restored;
          setOrder(restored);
          return;
        }
        if (orderRef.current.map((r) => r.id).join() === startOrder.current.join()) return;
        announce(orderRef.current, row.id);
        save(orderRef.current);
      };
      window.addEventListener('pointermove', onMove);
      window.addEventListener('pointerup', finish);
      window.addEventListener('pointercancel', finish);
    },
  });

  const rowProps = (row: T) => ({ 'data-row-id': row.id, className: dragging === row.id ? 'dragging' : undefined });

  return { order, handleProps, rowProps, announcement, dragging };
}

/** The live region that tells screen readers where a row went. */
export function ReorderAnnouncer({ text }: { text: string }) {
  return (
    <p className="visually-hidden" aria-live="polite">
      {text}
    </p>
  );
}

/**
 * useRowReorder for a manager's list: each new order is saved and toasted; when
 * saving fails, the failure is toasted and the stored order reloaded.
 */
export function useSavedRowReorder<T extends Row>(
  list: {
    data: T[] | null;
    reload: () => Promise<unknown>;
    saved: (title: string, publication?: Publication | null) => void;
    failed: (title: string, description?: string) => void;
  },
  save: (ids: string[]) => Promise<CallResult<Publication>>,
  texts: { failed: string; saved: string },
) {
  return useRowReorder(list.data, async (ids) => {
    const result = await save(ids);
    if (!result.ok) {
      list.failed(texts.failed, result.message);
      void list.reload();
      return;
    }
    list.saved(texts.saved, result.data);
  });
}
