// The rows a manager's form saved, kept until the manager's list brings them back. A list reloads after
// every save, but the reload takes a moment (longer on a busy server): a row opened again before its answer
// came, or from a reload that set off before the save, gave the form the values and the revision the save had
// replaced. Its next save was refused as a conflict with the admin's own save (decision 032), and a field
// changed by the first save would have gone back unseen had it been let through. Opening a row takes the
// saved one while the list's entry is older.
import { useCallback, useRef } from 'react';

/** What a form's save hands to its manager: the stored row and the revision it is at (entityKit's Saved). */
export type SavedRow = { row: unknown; revision?: number };

/** A manager's memory of its saves: `note` each save, open rows through `fresh`. */
export function useSavedRows<E extends { id: string }>() {
  const saved = useRef(new Map<string, { row: Partial<E>; revision: number }>());
  const note = useCallback((s: SavedRow) => {
    const row = s.row as (Partial<E> & { id?: unknown }) | null;
    if (!row || typeof row.id !== 'string' || s.revision === undefined) return;
    saved.current.set(row.id, { row, revision: s.revision });
  }, []);
  /** The entry as last saved here when the list's entry is older; the list's own once it has caught up. */
  const fresh = useCallback((entry: E): E => {
    const s = saved.current.get(entry.id);
    if (!s) return entry;
    const listed = (entry as { revision?: number }).revision;
    if (listed !== undefined && listed >= s.revision) {
      saved.current.delete(entry.id);
      return entry;
    }
    return { ...entry, ...s.row, revision: s.revision };
  }, []);
  return { note, fresh };
}
