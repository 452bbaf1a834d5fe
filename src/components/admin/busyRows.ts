// The rows of a list busy with an action (delete, restore, publish, open for editing). Each row waits for
// its own action: with one busy row per list, a second row's action took the mark from the first, whose
// buttons then took a second click while its action still ran (found by a review).
import { useCallback, useState } from 'react';

export type BusyRows<K> = {
  /** the rows with an action under way */
  busy: ReadonlySet<K>;
  /** Runs `action` with row `key` marked busy until it has ended. */
  during: <T>(key: K, action: () => Promise<T>) => Promise<T>;
};

export function useBusyRows<K>(): BusyRows<K> {
  const [busy, setBusy] = useState<ReadonlySet<K>>(() => new Set());
  const during = useCallback(async <T>(key: K, action: () => Promise<T>): Promise<T> => {
    setBusy((rows) => new Set(rows).add(key));
    try {
      return await action();
    } finally {
      setBusy((rows) => {
        const left = new Set(rows);
        left.delete(key);
        return left;
      });
    }
  }, []);
  return { busy, during };
}
