// Reloading admin data when someone else changes it (admin-area.md §4): the
// server pushes the changed tables over server-sent events.
import { useEffect, useRef, useState } from 'react';

type Listener = (tables: string[]) => void;
const listeners = new Set<Listener>();
const pendingListeners = new Set<(count: number) => void>();
let pendingCount = 0;
let source: EventSource | null = null;

/** Where the static hosts stand, as the server's deployer reports it (src/server/deploy/deployer.ts). */
export type DeployTargetState = { id: string; label: string; status: 'waiting' | 'running' | 'live' | 'failed'; message: string | null; liveAt: number | null };
export type DeployState = { status: 'none' | 'running' | 'live' | 'failed'; targets: DeployTargetState[]; retryAt: number | null };
let deployState: DeployState | null = null;
const deployListeners = new Set<(state: DeployState) => void>();

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
  source.addEventListener('deploy', (event) => {
    try {
      deployState = JSON.parse((event as MessageEvent<string>).data) as DeployState;
      for (const listener of deployListeners) listener(deployState);
    } catch {
      // the next event brings the state again
    }
  });
  source.addEventListener('pending', (event) => {
    try {
      const { count } = JSON.parse((event as MessageEvent<string>).data) as { count: number };
      pendingCount = count;
      for (const listener of pendingListeners) listener(count);
    } catch {
      // the next event brings the count again
    }
  });
}

/** How many pages the server still has to publish (retried automatically); 0 when all are live. */
export function usePendingPublishCount(): number {
  const [count, setCount] = useState(pendingCount);
  useEffect(() => {
    connect();
    pendingListeners.add(setCount);
    return () => {
      pendingListeners.delete(setCount);
    };
  }, []);
  return count;
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

/** The deploy state pushed by the server; null until the first event (or without any target). */
export function useDeployState(): DeployState | null {
  const [state, setState] = useState(deployState);
  useEffect(() => {
    connect();
    deployListeners.add(setState);
    return () => {
      deployListeners.delete(setState);
    };
  }, []);
  return state;
}
