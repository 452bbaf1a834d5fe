// Graceful stop: what happens between SIGTERM (or SIGINT) and exit, in one
// place (docs/decisions/012-graceful-stop.md). The listener stops accepting,
// open admin event streams end, every request in flight is answered (up to a
// deadline), then the caller closes the publish queue, the render processes
// and the database.
import type http from 'node:http';
import net from 'node:net';

const STOPPING_KEY = Symbol.for('anstoss.serverStopping');
type StopListeners = Set<() => void>;

/**
 * Code in the Astro bundle (the admin event stream) and the server load separate
 * copies of this module: the listeners live on globalThis (as in notify.ts).
 */
function stopListeners(): StopListeners {
  const holder = globalThis as unknown as Record<symbol, StopListeners | undefined>;
  return (holder[STOPPING_KEY] ??= new Set());
}

/** Long-lived responses (event streams) end themselves when the server stops. */
export function onServerStopping(listener: () => void): () => void {
  stopListeners().add(listener);
  return () => stopListeners().delete(listener);
}

const ANNOUNCED_KEY = Symbol.for('anstoss.serverStopAnnounced');

/** Whether this process was told to stop (announceStopping): for work that starts later and must not. */
export function stopAnnounced(): boolean {
  return (globalThis as unknown as Record<symbol, boolean | undefined>)[ANNOUNCED_KEY] === true;
}

/** Ends the long-lived responses (event streams); drainServer does it too, a cluster's owner first of all. */
export function announceStopping(): void {
  (globalThis as unknown as Record<symbol, boolean | undefined>)[ANNOUNCED_KEY] = true;
  for (const listener of [...stopListeners()]) {
    try {
      listener();
    } catch (error) {
      console.error('[server] closing a stream on stop failed:', error);
    }
  }
}

export type RequestTracker = {
  /** requests received and not answered yet */
  readonly inFlight: number;
  /** connections open (with or without a request) */
  readonly connections: number;
  /** connections accepted since the start */
  readonly accepted: number;
  /** from now on every answer closes its connection (no new request on a kept-alive one) */
  stop(): void;
  /**
   * Closes the connections that were without a request at the last sweep and
   * still are. Two sweeps with I/O between them: a request that had reached
   * the socket but was not read yet at the first sweep is read by the second.
   */
  sweepIdle(): void;
  /** closes the kept-alive connections without a request now (what http.Server#close does) */
  closeKeptAliveIdle(): void;
  /** closes every connection, requests or not */
  cutAll(): void;
};

type Connection = { idleAtLastSweep: boolean; bytesAtLastSweep: number; acceptedAt: number };

/** What node:http sets on a socket while a response is owed on it (and clears when it is sent). */
type HttpSocket = net.Socket & { _httpMessage?: http.ServerResponse | null };

/**
 * A connection that never had a request is left alone this long: its first
 * request may still be on its way (a busy client, a busy machine), and cutting
 * it would reset a request the client had already sent.
 */
const FIRST_REQUEST_GRACE_MS = 1_000;

/**
 * Counts requests and connections; once stopping, answers carry `Connection: close`.
 * Nothing runs per request while serving (decision 037): a connection owes an
 * answer while node:http has a response on its socket, and it has answered one
 * once it wrote bytes. Only stop() adds a 'request' listener.
 */
export function trackRequests(server: http.Server): RequestTracker {
  const connections = new Map<HttpSocket, Connection>();
  let stopping = false;
  let accepted = 0;
  const closeAfter = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };
  // or the fast lane's answer is still being written (fast-lane.ts: no response object)
  const busy = (socket: HttpSocket) => socket._httpMessage != null || socket.writableLength > 0;
  server.on('connection', (socket: HttpSocket) => {
    accepted += 1;
    connections.set(socket, { idleAtLastSweep: false, bytesAtLastSweep: 0, acceptedAt: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  return {
    get inFlight() {
      let count = 0;
      for (const socket of connections.keys()) if (busy(socket)) count += 1;
      return count;
    },
    get connections() {
      return connections.size;
    },
    get accepted() {
      return accepted;
    },
    stop() {
      if (stopping) return;
      stopping = true;
      // first listener, so that the header is set before the handler writes its head
      server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => closeAfter(res));
      for (const socket of connections.keys()) if (socket._httpMessage) closeAfter(socket._httpMessage);
    },
    sweepIdle() {
      const now = Date.now();
      for (const [socket, connection] of connections) {
        // an answer owed, or bytes sent since the last sweep: not idle
        const bytes = socket.bytesWritten;
        if (busy(socket) || bytes !== connection.bytesAtLastSweep) {
          connection.idleAtLastSweep = false;
          connection.bytesAtLastSweep = bytes;
          continue;
        }
        if (bytes === 0 && now - connection.acceptedAt < FIRST_REQUEST_GRACE_MS) continue;
        if (connection.idleAtLastSweep) socket.destroy();
        else connection.idleAtLastSweep = true;
      }
    },
    closeKeptAliveIdle() {
      for (const socket of connections.keys()) if (!busy(socket) && socket.bytesWritten > 0) socket.destroy();
    },
    cutAll() {
      for (const socket of connections.keys()) socket.destroy();
    },
  };
}

/** How long the stop goes on accepting while new connections keep coming (acceptWhatIsQueued). */
const ACCEPT_QUEUED_MAX_MS = 3_000;

/**
 * Connections a client opened before the signal wait in the kernel's accept
 * queue; closing the listener would reset them. Node accepts one of them per
 * turn of the event loop, in the poll phase. Each look below comes after a
 * poll phase: once a look finds nothing new (and the looks have gone on for
 * 50 ms), the queue is empty. A steady stream of new connections is cut off
 * after ACCEPT_QUEUED_MAX_MS of looking: long enough for a hundred queued
 * connections on one loaded process, each turn also answering a request (CI
 * took more than a second for them), and far inside the 10 s a stop may take.
 *
 * A look is in the check phase (setImmediate), which follows the poll phase of
 * the same turn, and the limit counts from the first look. When this thread
 * was busy as the stop began (a render, a stalled write), a timer alone was due
 * at the start of the next turn, before its poll phase, and the time spent busy
 * counted against the limit: the first look found nothing new, the listener
 * closed, and every connection queued meanwhile was reset (CI's fault suite:
 * 36 of 100 reads).
 */
async function acceptWhatIsQueued(tracker: RequestTracker): Promise<void> {
  let firstLook: number | null = null;
  let seen = tracker.accepted;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setImmediate(resolve));
    firstLook ??= Date.now();
    const looking = Date.now() - firstLook;
    if ((tracker.accepted === seen && looking >= SWEEP_MS) || looking > ACCEPT_QUEUED_MAX_MS) return;
    seen = tracker.accepted;
  }
}

export type DrainResult = { answered: boolean; cut: number; ms: number };

const SWEEP_MS = 50;

/**
 * Stops accepting, ends event streams, waits until every request in flight is
 * answered and its connection closed. After `deadlineMs` the connections still
 * open are cut, so that a stuck client cannot hold the stop past the process
 * manager's timeout.
 */
export async function drainServer(
  server: http.Server,
  tracker: RequestTracker,
  options: { deadlineMs?: number; log?: Pick<Console, 'info' | 'warn'> } = {},
): Promise<DrainResult> {
  const started = Date.now();
  const log = options.log ?? console;
  const deadlineMs = options.deadlineMs ?? 8_000;
  tracker.stop();
  announceStopping();
  await acceptWhatIsQueued(tracker);
  const closed = new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    // net's close, not http's: http.Server#close also destroys every connection without a
    // parsed request, including a fresh one whose request is still on its way (reset on a
    // busy machine); our sweeps close the idle ones with that in mind
    (net.Server.prototype.close as (this: net.Server, callback: () => void) => net.Server).call(server, () => resolve());
  });
  // a kept-alive connection with no request in flight would hold close() forever
  tracker.closeKeptAliveIdle();
  tracker.sweepIdle();
  const sweep = setInterval(() => tracker.sweepIdle(), SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => (timer = setTimeout(() => resolve('deadline'), deadlineMs)));
  const outcome = await Promise.race([closed.then(() => 'closed' as const), deadline]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (outcome === 'closed') return { answered: true, cut: 0, ms: Date.now() - started };
  const cut = tracker.inFlight;
  log.warn(`[server] stop: ${cut} requests still open after ${deadlineMs} ms, connections closed`);
  tracker.cutAll();
  await closed;
  return { answered: false, cut, ms: Date.now() - started };
}

/** A wrapper (npm) forwards the signal the whole group got: that copy is not a second signal. */
const REPEAT_WINDOW_MS = 1_000;
const SIGNAL_NUMBERS: Record<string, number> = { SIGINT: 2, SIGTERM: 15 };

/** How long a graceful stop may take before it exits 1 (within systemd's TimeoutStopSec=15, deploy/anstoss.service). */
export const STOP_LIMIT_MS = 10_000;

/**
 * SIGTERM and SIGINT stop gracefully (`stop`); the exit code is 0 once it is
 * done, 1 when it failed or did not finish within `limitMs` (STOP_LIMIT_MS). A second signal,
 * later than the copy a wrapper forwards, exits at once (128 + its number).
 */
export function exitOnSignals(
  stop: () => Promise<void>,
  options: { limitMs?: number; log?: Pick<Console, 'info' | 'warn' | 'error'>; exit?: (code: number) => void } = {},
): () => void {
  const log = options.log ?? console;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let firstAt: number | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt !== null) {
      if (Date.now() - firstAt < REPEAT_WINDOW_MS) return;
      log.warn(`[server] ${signal} again: exiting now`);
      return exit(128 + (SIGNAL_NUMBERS[signal] ?? 0));
    }
    firstAt = Date.now();
    log.info(`[server] ${signal}: stopping (a second signal exits at once)`);
    const limit = setTimeout(() => {
      log.error(`[server] stop did not finish within ${options.limitMs ?? STOP_LIMIT_MS} ms`);
      exit(1);
    }, options.limitMs ?? STOP_LIMIT_MS);
    limit.unref();
    stop().then(
      () => {
        clearTimeout(limit);
        log.info(`[server] stopped after ${Date.now() - firstAt!} ms`);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(limit);
        log.error('[server] stop failed:', error);
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
}
