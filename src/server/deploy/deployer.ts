// After every publish, the site goes to each configured static host (issue 12,
// docs/decisions/022): one deploy at a time, changes arriving meanwhile make one
// more; a failed target is tried again with back-off (2 s doubling to 5 min)
// and by the next publish, and since each target compares the site with what it
// delivered, that run brings everything still pending. The content targets go
// first; a CDN purge only after all of them have the files.
import { EventEmitter } from 'node:events';
import { REAL_CLOCK, type Clock } from '../clock';
import { DEPLOY_TEXTS as T } from '../../lib/deploy-texts';
import { DeployError, type DeployTarget } from './target';
import { listSiteTree, type SiteDirs } from './tree';

export type TargetState = {
  id: string;
  label: string;
  status: 'waiting' | 'running' | 'live' | 'failed';
  /** the German reason of the last failure */
  message: string | null;
  /** when it was last live (ms) */
  liveAt: number | null;
};

export type DeployState = {
  status: 'none' | 'running' | 'live' | 'failed';
  targets: TargetState[];
  /** when the next try after a failure is due (ms), or null */
  retryAt: number | null;
};

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 5 * 60_000;

export class Deployer {
  private readonly events = new EventEmitter();
  private readonly targetStates: TargetState[];
  private running: Promise<void> | null = null;
  /** a deploy is under way (set and cleared inside run(), so its last report is already final) */
  private busy = false;
  private again = false;
  private retryTimer: unknown = null;
  private retryAt: number | null = null;
  private retryDelay = FIRST_RETRY_MS;
  private stopped = false;
  /** aborted when a stop's grace is over: the targets end their transfers (an rsync is killed) */
  private readonly halt = new AbortController();

  constructor(
    private readonly targets: DeployTarget[],
    private readonly dirs: SiteDirs,
    private readonly clock: Clock = REAL_CLOCK,
    private readonly log: Pick<Console, 'info' | 'error'> = console,
  ) {
    this.targetStates = targets.map((t) => ({ id: t.id, label: t.label, status: 'waiting', message: null, liveAt: null }));
    this.events.setMaxListeners(0);
  }

  get state(): DeployState {
    const targets = this.targetStates.map((t) => ({ ...t }));
    const status: DeployState['status'] =
      targets.length === 0
        ? 'none'
        : this.busy
          ? 'running'
          : targets.some((t) => t.status === 'failed')
            ? 'failed'
            : targets.every((t) => t.status === 'live')
              ? 'live'
              : 'running';
    return { status, targets, retryAt: this.retryAt };
  }

  onChange(listener: (state: DeployState) => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  private changed(): void {
    this.events.emit('change', this.state);
  }

  /** A publish wrote or removed files: deliver them (now, or right after the deploy that runs). */
  request(): void {
    if (this.stopped || this.targets.length === 0) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run()
      .catch((error: unknown) => {
        // whatever a run throws outside a target (the site's folders unreadable, say) fails this run, not
        // the server: it is tried again as a failed target would be
        this.log.error('[deploy] a deploy failed:', error);
        this.busy = false;
        for (const state of this.targetStates) Object.assign(state, { status: 'failed', message: T.failed(state.label, T.unknown) });
        this.changed();
        if (!this.stopped) this.scheduleRetry();
      })
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.request();
        }
      });
  }

  /** A superadmin's 'Erneut übertragen': at once, and with a fresh back-off. */
  retryNow(): void {
    this.retryDelay = FIRST_RETRY_MS;
    this.cancelRetry();
    this.request();
  }

  /** Resolves when no deploy runs or is due to run right after. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * The server stops: what runs may finish within `graceMs`, nothing new starts; then the transfers
   * under way are ended (an rsync left running would write to the host after the server is gone,
   * beside the next start's). What did not arrive goes with the next start's publish.
   */
  async stop(graceMs = 5_000, endMs = 2_000): Promise<void> {
    this.stopped = true;
    this.cancelRetry();
    if (await this.idleWithin(graceMs)) return;
    this.log.info('[deploy] beim Beenden abgebrochen: der nächste Start überträgt den Rest');
    this.halt.abort();
    await this.idleWithin(endMs);
  }

  private async idleWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([this.idle().then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]);
    clearTimeout(timer);
    return done;
  }

  private cancelRetry(): void {
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryAt = null;
  }

  private async run(): Promise<void> {
    this.cancelRetry();
    const tree = listSiteTree(this.dirs);
    const content = this.targets.filter((t) => !t.afterOthers);
    const after = this.targets.filter((t) => t.afterOthers);
    for (const state of this.targetStates) state.status = 'running';
    this.busy = true;
    this.changed();
    const ok = await Promise.all(content.map((target) => this.deployTo(target, tree)));
    // a CDN is told only when every host has the files it would fetch
    if (ok.every(Boolean)) for (const target of after) ok.push(await this.deployTo(target, tree));
    else for (const target of after) this.stateOf(target).status = 'waiting';
    if (ok.every(Boolean)) this.retryDelay = FIRST_RETRY_MS;
    else if (!this.stopped) this.scheduleRetry();
    this.busy = false;
    this.changed();
  }

  /** Another run after the back-off (doubling up to MAX_RETRY_MS). */
  private scheduleRetry(): void {
    const delay = this.retryDelay;
    this.retryDelay = Math.min(MAX_RETRY_MS, this.retryDelay * 2);
    this.retryAt = this.clock.now() + delay;
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = null;
      this.retryAt = null;
      this.request();
    }, delay);
  }

  private stateOf(target: DeployTarget): TargetState {
    return this.targetStates.find((s) => s.id === target.id)!;
  }

  private async deployTo(target: DeployTarget, tree: ReturnType<typeof listSiteTree>): Promise<boolean> {
    const state = this.stateOf(target);
    const started = this.clock.now();
    try {
      const result = await target.deploy(tree, { signal: this.halt.signal });
      Object.assign(state, { status: 'live', message: null, liveAt: this.clock.now() });
      if (result.delivered + result.removed > 0) {
        this.log.info(`[deploy] ${target.label}: ${result.delivered} übertragen, ${result.removed} entfernt (${this.clock.now() - started} ms)`);
      }
      return true;
    } catch (error) {
      const reason = error instanceof DeployError ? error.reason : T.unknown;
      const cause = (error as { cause?: unknown }).cause;
      this.log.error(`[deploy] ${target.label}: ${reason}${cause instanceof Error ? ` (${cause.message})` : ''}`);
      Object.assign(state, { status: 'failed', message: T.failed(target.label, reason) });
      return false;
    }
  }
}

// The Astro bundle (actions, the event stream) and the server load separate
// copies of this module: the one deployer of the process is kept on globalThis.
const KEY = Symbol.for('anstoss.deployer');

export function registerDeployer(deployer: Deployer | undefined): void {
  (globalThis as Record<symbol, unknown>)[KEY] = deployer;
}

export function getDeployer(): Deployer | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as Deployer | undefined;
}
