// Render processes: pages render and compress in forked child processes, so
// that the server's main thread keeps serving visitors and only writes files,
// and so that the memory rendering leaves behind goes back to the system when
// a process exits instead of staying in the server. A big job (a full publish,
// a footer change) gets one process per core, but no more than one for each
// PAGES_PER_PROCESS pages, which exit two seconds after it;
// a job too big to render in the server itself but small for every core
// (render.ts, decision 043) gets up to two, which stay five minutes for the next
// such job and then exit; with every save sent here (PUBLISH_IN_PROCESS_MAX=0),
// one is kept ready while an admin is at work (prewarm) (docs/decisions/007-benchmark-method.md, "Where pages render").
import type { RenderResult } from './render';
import { DEPTH, PAGES_PER_PROCESS, type RenderPoolOptions } from './render-pool-options';
import { holdProcess, resultOf, startRenderProcess, stopRenderProcess, type Slot, type Task, type WorkerMessage } from './render-process';

export class RenderPool {
  private readonly slots = new Set<Slot>();
  private readonly waiting: Task[] = [];
  /** warm-up renders of prewarm(): only when nothing real waits */
  private readonly warmups: Task[] = [];
  private nextId = 1;
  private closed = false;
  private brokenBy: Error | null = null;
  private brokenAt = 0;
  /** the processes alive (retired ones until they have exited): killed when this process exits */
  private readonly children = new Set<Slot['child']>();
  private readonly killChildren = () => {
    for (const child of this.children) child.kill('SIGKILL');
  };
  readonly size: number;
  private readonly bigJob: number;
  private readonly pagesPerProcess: number;
  private readonly smallJob: number;
  private readonly idleMs: number;
  private readonly keepAliveMs: number;
  private readonly renderTimeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly retryBrokenAfterMs: number;
  /** processes the current job may use: up to smallJob for a small job, up to size for a big one */
  private target = 1;
  private lastJobBig = false;
  /** processes in a row that exited before they were ready */
  private startFailures = 0;
  private readonly log: Pick<Console, 'info' | 'warn' | 'error'>;

  constructor(private readonly options: RenderPoolOptions) {
    this.size = Math.max(1, options.size);
    this.bigJob = options.bigJob ?? 24;
    this.pagesPerProcess = Math.max(1, options.pagesPerProcess ?? PAGES_PER_PROCESS);
    this.smallJob = Math.max(1, Math.min(this.size, options.smallJob ?? 2));
    this.idleMs = options.idleMs ?? 2_000;
    this.keepAliveMs = options.keepAliveMs ?? 5 * 60_000;
    this.renderTimeoutMs = options.renderTimeoutMs ?? 60_000;
    this.startTimeoutMs = options.startTimeoutMs ?? 60_000;
    this.retryBrokenAfterMs = options.retryBrokenAfterMs ?? 5 * 60_000;
    this.log = options.log ?? console;
  }

  /**
   * Set when render processes cannot start or cannot load the build: the caller renders in its own
   * thread instead. Cleared retryBrokenAfterMs later: the next job tries the processes again.
   */
  get broken(): Error | null {
    if (this.brokenBy && Date.now() - this.brokenAt >= this.retryBrokenAfterMs) {
      this.brokenBy = null;
      this.startFailures = 0;
    }
    return this.brokenBy;
  }

  private markBroken(error: Error): void {
    this.brokenBy = error;
    this.brokenAt = Date.now();
    this.log.error(`[publish] ${error.message}`);
    this.rejectPending(error);
  }

  /** Render processes alive now (for tests and the benchmark). */
  get processes(): number {
    return this.slots.size;
  }

  /** A job of this many renders is coming: start the processes it will use now. */
  expect(renders: number): void {
    this.lastJobBig = renders >= this.bigJob;
    this.target = this.lastJobBig
      ? Math.min(this.size, Math.ceil(renders / this.pagesPerProcess))
      : Math.max(1, Math.min(this.smallJob, renders));
    while (!this.closed && !this.broken && this.slots.size < this.target) this.spawn();
  }

  /** True while renders wait or run (for the benchmark, which waits for a warm-up to end). */
  get busy(): boolean {
    return this.pending() > 0 || [...this.slots].some((slot) => slot.tasks.size > 0 || !slot.ready);
  }

  /**
   * An admin is at work: have one process ready for the next save, warmed up on
   * one page of each kind, and keep it keepAliveMs from now. Cheap when one is
   * alive already; `urls` is only asked for when a process starts.
   */
  prewarm(urls: () => string[]): void {
    if (this.closed || this.broken) return;
    this.lastJobBig = false;
    if (this.slots.size > 0) {
      for (const slot of this.slots) if (slot.ready && slot.tasks.size === 0) this.idle(slot);
      return;
    }
    this.target = 1;
    this.spawn();
    // rendered and thrown away: the page modules load and the code gets hot before a save needs it
    for (const url of urls()) this.warmups.push({ id: this.nextId++, url, resolve: () => undefined, reject: () => undefined });
    this.dispatch();
  }

  private pending(): number {
    return this.waiting.length + this.warmups.length;
  }

  /** The next render to send: a real one first. */
  private next(): Task | undefined {
    return this.waiting.shift() ?? this.warmups.shift();
  }

  private rejectPending(error: Error): void {
    for (const task of [...this.waiting.splice(0), ...this.warmups.splice(0)]) task.reject(error);
  }

  render(url: string, at?: number): Promise<RenderResult> {
    if (this.closed) return Promise.reject(new Error('render pool closed'));
    if (this.broken) return Promise.reject(this.broken);
    return new Promise<RenderResult>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, url, at, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    if (!this.closed) this.options.onClose?.();
    this.closed = true;
    this.rejectPending(new Error('render pool closed'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, new Error('render pool closed'))));
  }

  /**
   * The next render a process may take now. A page sent again after its process died goes alone to a
   * process with nothing else, and that process takes nothing beside it: of two pages in flight when a
   * process dies, only the one that killed it fails the second time.
   */
  private takeFor(slot: Slot): Task | undefined {
    if (slot.tasks.size >= DEPTH) return undefined;
    for (const task of slot.tasks.values()) if (task.retried) return undefined;
    const head = this.waiting[0] ?? this.warmups[0];
    if (!head || (head.retried && slot.tasks.size > 0)) return undefined;
    return this.next();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.pending() === 0) return;
      if (slot.ready) for (let task = this.takeFor(slot); task; task = this.takeFor(slot)) this.assign(slot, task);
    }
    if (this.pending() === 0 || this.closed || this.broken) return;
    // renders without expect() (a stop's saves, a retry): the processes they fill, at most as many as
    // the last job had (a save at a stop started all four of a big job's before)
    const starting = [...this.slots].filter((slot) => !slot.ready).length;
    const wanted = Math.min(this.target, this.slots.size + Math.ceil(Math.max(0, this.pending() - starting * DEPTH) / DEPTH));
    while (!this.broken && this.slots.size < wanted) this.spawn();
  }

  private assign(slot: Slot, task: Task): void {
    clearTimeout(slot.idleTimer);
    slot.collected = false;
    slot.tasks.set(task.id, task);
    holdProcess(slot, true);
    task.timer = setTimeout(() => {
      this.log.error(`[publish] ${task.url}: rendering took longer than ${this.renderTimeoutMs} ms; its process is replaced`);
      // the page beside it did nothing wrong: it goes once more
      void this.retire(slot, new Error(`render timeout after ${this.renderTimeoutMs} ms`), (other) => other !== task && !other.retried);
      this.dispatch();
    }, this.renderTimeoutMs);
    slot.child.send({ id: task.id, url: task.url, at: task.at });
  }

  private spawn(): void {
    let slot: Slot;
    try {
      slot = startRenderProcess(this.options.serverEntry, this.options.nodeEnv, {
        message: (message) => this.onMessage(slot, message),
        failed: (error) => {
          this.log.error('[publish] a render process failed:', error);
          this.ended(slot, error);
        },
        closed: (reason) => {
          if (this.slots.has(slot)) this.ended(slot, new Error(`render process exited (${reason})`));
        },
      });
    } catch (error) {
      // the system refused the process outright (ENOMEM, say): thrown here, it ended the server
      this.markBroken(new Error(`render processes cannot start: ${error instanceof Error ? error.message : String(error)}`));
      return;
    }
    slot.startTimer = setTimeout(() => this.ended(slot, new Error(`render process not ready after ${this.startTimeoutMs} ms`)), this.startTimeoutMs);
    slot.startTimer.unref();
    this.slots.add(slot);
    const child = slot.child;
    if (this.children.size === 0) process.on('exit', this.killChildren);
    this.children.add(child);
    child.once('exit', () => {
      this.children.delete(child);
      if (this.children.size === 0) process.off('exit', this.killChildren);
    });
  }

  /** A process ended on its own. One that could not even start twice in a row means none can. */
  private ended(slot: Slot, error: Error): void {
    if (!this.slots.has(slot)) return;
    if (!slot.ready && ++this.startFailures >= 2 && !this.broken) {
      this.markBroken(new Error(`render processes cannot start: ${error.message}${slot.stderrTail ? `\n${slot.stderrTail.trim()}` : ''}`));
    }
    // the pages it had in flight go once more, each alone (takeFor): which of them killed it is not known
    void this.retire(slot, error, (task) => !task.retried);
    this.dispatch();
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if ('ready' in message) {
      clearTimeout(slot.startTimer);
      slot.ready = true;
      this.startFailures = 0;
      this.fill(slot);
      return;
    }
    if ('fatal' in message) {
      // the build itself cannot load: every process would fail the same way
      const error = new Error(`render processes cannot load the build: ${message.fatal}`);
      void this.retire(slot, error);
      this.markBroken(error);
      return;
    }
    const task = slot.tasks.get(message.id);
    if (!task) return;
    clearTimeout(task.timer);
    slot.tasks.delete(message.id);
    if ('error' in message) task.reject(new Error(message.error));
    else task.resolve(resultOf(message));
    this.fill(slot);
  }

  /** Gives a ready process waiting renders up to DEPTH; with none in flight it is idle. */
  private fill(slot: Slot): void {
    for (let task = this.takeFor(slot); task; task = this.takeFor(slot)) this.assign(slot, task);
    if (slot.tasks.size === 0) this.idle(slot);
    // a page sent again waits for a process with nothing else: another one may be free now
    else if (this.pending() > 0) this.dispatch();
  }

  /**
   * An idle process collects its garbage at once (a warm one is then about
   * 100 MB instead of 250) and exits after idleMs; after a small job, the
   * processes of small jobs stay keepAliveMs for the next save.
   */
  private idle(slot: Slot): void {
    holdProcess(slot, false);
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (slot.tasks.size > 0 || !slot.child.connected) return;
      if (!slot.collected) slot.child.send({ gc: true });
      slot.collected = true;
      const keep = !this.lastJobBig && this.slots.size <= this.smallJob;
      slot.idleTimer = setTimeout(() => {
        if (slot.tasks.size === 0) void this.retire(slot, null);
      }, keep ? this.keepAliveMs : this.idleMs);
      slot.idleTimer.unref();
    }, 250);
    slot.idleTimer.unref();
  }

  /** Ends a process; its renders in flight fail, or go once more where `again` says so. */
  private async retire(slot: Slot, error: Error | null, again: (task: Task) => boolean = () => false): Promise<void> {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.idleTimer);
    clearTimeout(slot.startTimer);
    const requeued: Task[] = [];
    for (const task of slot.tasks.values()) {
      clearTimeout(task.timer);
      if (!this.closed && !this.broken && again(task)) requeued.push(Object.assign(task, { retried: true }));
      else task.reject(error ?? new Error('render process ended'));
    }
    this.waiting.unshift(...requeued);
    slot.tasks.clear();
    await stopRenderProcess(slot);
  }
}
