// Background worker liveness (public-site.md §4): a heartbeat every 10 s; when
// no reply came for more than 35 s (checked every 30 s), a restart is asked for.
import { HEARTBEAT_MS, LIVENESS_CHECK_MS, RESTART_AFTER_MS } from './pwa-protocol';

export type Timers = {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: never) => void;
};

export type LivenessOptions = {
  sendHeartbeat: () => void;
  sendRestart: () => void;
  now?: () => number;
  timers?: Timers;
};

export type Liveness = {
  /** call when the worker answered a heartbeat */
  onReply: () => void;
  stop: () => void;
};

export function startLiveness({ sendHeartbeat, sendRestart, now = Date.now, timers = globalThis as unknown as Timers }: LivenessOptions): Liveness {
  // the worker gets the full threshold from the start before it counts as silent
  let lastReply = now();
  sendHeartbeat();
  const heartbeat = timers.setInterval(() => sendHeartbeat(), HEARTBEAT_MS);
  const check = timers.setInterval(() => {
    if (now() - lastReply > RESTART_AFTER_MS) sendRestart();
  }, LIVENESS_CHECK_MS);
  return {
    onReply: () => {
      lastReply = now();
    },
    stop: () => {
      timers.clearInterval(heartbeat as never);
      timers.clearInterval(check as never);
    },
  };
}
