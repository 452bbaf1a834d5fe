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

/**
 * A heartbeat sent less long ago than this may simply not be answered yet. A tab in the background (Chrome wakes
 * its timers once a minute) or a phone's tab woken from a freeze sends its heartbeat and checks in the same moment:
 * the last reply then lies a minute back although the worker answers at once, and a restart was asked for every
 * minute (the worker's checks started afresh each time, and two could overlap).
 */
const REPLY_ALLOWANCE_MS = HEARTBEAT_MS / 2;

export function startLiveness({ sendHeartbeat, sendRestart, now = Date.now, timers = globalThis as unknown as Timers }: LivenessOptions): Liveness {
  // the worker gets the full threshold from the start before it counts as silent
  let lastReply = now();
  /** when the oldest heartbeat not answered yet was sent (null: every one was answered) */
  let firstUnanswered: number | null = null;
  const beat = () => {
    firstUnanswered ??= now();
    sendHeartbeat();
  };
  beat();
  const heartbeat = timers.setInterval(beat, HEARTBEAT_MS);
  const check = timers.setInterval(() => {
    const waited = firstUnanswered === null ? 0 : now() - firstUnanswered;
    if (now() - lastReply > RESTART_AFTER_MS && waited >= REPLY_ALLOWANCE_MS) sendRestart();
  }, LIVENESS_CHECK_MS);
  return {
    onReply: () => {
      lastReply = now();
      firstUnanswered = null;
    },
    stop: () => {
      timers.clearInterval(heartbeat as never);
      timers.clearInterval(check as never);
    },
  };
}
