// Reloading admin data when someone else changes it (admin-area.md §4): the
// server pushes the changed tables over server-sent events.
import { useEffect, useRef } from 'react';

type Listener = (tables: string[]) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;

function connect() {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource('/api/admin/events');
  source.addEventListener('change', (event) => {
    try {
      const { tables } = JSON.parse((event as MessageEvent<string>).data) as { tables: string[] };
      for (const listener of listeners) listener(tables);
    } catch {
      // a malformed event is ignored; the next one reloads
    }
  });
}

/** Calls `reload` whenever one of the tables changes (also after this panel's own saves). */
export function useLiveReload(tables: string[], reload: () => void) {
  const latest = useRef(reload);
  latest.current = reload;
  const key = tables.join(',');
  useEffect(() => {
    connect();
    const wanted = new Set(key.split(','));
    const listener: Listener = (changed) => {
      if (changed.length === 0 || changed.some((t) => wanted.has(t))) latest.current();
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [key]);
}
