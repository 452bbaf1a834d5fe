// After every publish, the site goes to each configured static host (issue 12,
// docs/decisions/022): each host in a lane of its own, one deploy at a time per
// host, changes arriving meanwhile make one more; a slow or dead host does not
// hold back the others' next deploy. A failed target is tried again with back-off
// (2 s doubling to 5 min) and by the next publish, and since each target compares
// the site with what it delivered, that run brings everything still pending. A
// CDN purge comes only after every host has the files of the latest publish.
import { EventEmitter } from 'node:events';
import { REAL_CLOCK, type Clock } from '../clock';
import { DEPLOY_TEXTS as T } from '../../lib/deploy-texts';
import { DeployError, type DeployTarget } from './target';
import { SiteTreeReader, type FileChanges, type SiteDirs } from './tree';
import { BackOff } from './back-off';

export type TargetState = {
  id: string;
  label: string;
  status: 'waiting' | 'running' | 'live' | 'failed';
  /** the German reason of the last failure, or why it waits ('waiting' after a try: another process deploys to it) */
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

/** One target's deploys: one at a time; a request while it runs makes exactly one more. */
type Lane = {
  target: DeployTarget;
  running: Promise<void> | null;
  again: boolean;
  /** the request the last successful deploy started from (a generation of Deployer.requested) */
  delivered: number;
  /** the site's files that deploy sent: the purge of that request tells the CDN about them */
  deliveredTree: SiteTree | null;
  failed: boolean;
};
type SiteTree = ReturnType<SiteTreeReader['read']>;

export class Deployer {
  private readonly events = new EventEmitter();
  private readonly targetStates: TargetState[];
  private readonly hosts: Lane[];
  /** the CDN purges (targets with afterOthers), one after the other, run when every host has the latest files */
  private readonly after: { target: DeployTarget; failed: boolean }[];
  private afterRunning: Promise<void> | null = null;
  private purged = 0;
  /** counts the requests: a host that delivered from request n has every publish up to n */
  private requested = 0;
  private readonly backOff: BackOff;
  private stopped = false;
  /** aborted when a stop's grace is over: the targets end their transfers (an rsync is killed) */
  private readonly halt = new AbortController();
  private readonly files: SiteTreeReader;

  /** `fileChanges`: the publisher's announcements of the files it replaced, so that a deploy reads only those again (tree.ts) */
  constructor(
    private readonly targets: DeployTarget[],
    dirs: SiteDirs,
    private readonly clock: Clock = REAL_CLOCK,
    private readonly log: Pick<Console, 'info' | 'error'> = console,
    fileChanges?: FileChanges,
  ) {
    // without a target nothing reads the tree: the announcements of every publish would only pile up
    this.files = new SiteTreeReader(dirs, () => clock.now(), targets.length > 0 ? fileChanges : undefined);
    this.targetStates = targets.map((t) => ({ id: t.id, label: t.label, status: 'waiting', message: null, liveAt: null }));
    const lane = (target: DeployTarget): Lane => ({ target, running: null, again: false, delivered: 0, deliveredTree: null, failed: false });
    this.hosts = targets.filter((t) => !t.afterOthers).map(lane);
    this.after = targets.filter((t) => t.afterOthers).map((target) => ({ target, failed: false }));
    this.events.setMaxListeners(0);
    this.backOff = new BackOff(clock, () => this.request());
  }

  /** A deploy or a purge is under way. */
  private get busy(): boolean {
    return this.afterRunning !== null || this.hosts.some((lane) => lane.running !== null);
  }

  get state(): DeployState {
    const targets = this.targetStates.map((t) => ({ ...t }));
    const status: DeployState['status'] =
      targets.length === 0
        ? 'none'
        : // a failure first: a host kept busy by each publish must not hide another one that is down
          targets.some((t) => t.status === 'failed')
          ? 'failed'
          : this.busy || !targets.every((t) => t.status === 'live')
            ? 'running'
            : 'live';
    return { status, targets, retryAt: this.backOff.at };
  }

  onChange(listener: (state: DeployState) => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  private changed(): void {
    this.events.emit('change', this.state);
  }

  /** A publish wrote or removed files: deliver them to every host (now, or right after its deploy that runs). */
  request(): void {
    if (this.stopped || this.targets.length === 0) return;
    this.backOff.cancel();
    this.requested += 1;
    for (const lane of this.hosts) this.start(lane);
    // only CDN purges configured: nothing to wait for
    if (this.hosts.length === 0) this.purgeWhenDelivered();
  }

  /** A superadmin's 'Erneut übertragen': at once, and with a fresh back-off. */
  retryNow(): void {
    this.backOff.reset();
    // the pages read whole: whatever went wrong, nothing the announcements missed is left out
    this.files.forget();
    for (const target of this.targets) target.forget?.();
    this.request();
  }

  /** Resolves when no deploy or purge runs or is due to run right after. */
  async idle(): Promise<void> {
    while (this.busy) await Promise.all([this.afterRunning, ...this.hosts.map((lane) => lane.running)]);
  }

  /**
   * The server stops: what runs may finish within `graceMs`, nothing new starts; then the transfers
   * under way are ended (an rsync left running would write to the host after the server is gone,
   * beside the next start's). What did not arrive goes with the next start's publish.
   */
  async stop(graceMs = 5_000, endMs = 2_000): Promise<void> {
    this.stopped = true;
    this.backOff.cancel();
    this.files.close();
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

  private start(lane: Lane): void {
    if (lane.running) {
      lane.again = true;
      return;
    }
    lane.running = this.runLane(lane)
      // deployTo catches a target's failures; anything else failing here fails the lane, never the server
      .catch((error: unknown) => {
        lane.failed = true;
        this.log.error(`[deploy] ${lane.target.label}: a deploy failed:`, error);
      })
      .finally(() =>
        this.safely(() => {
          lane.running = null;
          // what this host just delivered may be what the purge waited for, also when it goes on at once
          this.purgeWhenDelivered();
          if (lane.again && !this.stopped) {
            lane.again = false;
            this.start(lane);
          } else {
            this.laneDone();
          }
        }),
      );
  }

  /** A step after a deploy (its bookkeeping, the listeners told): logged if it throws, as nothing awaits it. */
  private safely(step: () => void): void {
    try {
      step();
    } catch (error) {
      this.log.error('[deploy] after a deploy:', error);
    }
  }

  private async runLane(lane: Lane): Promise<void> {
    const from = this.requested;
    this.stateOf(lane.target).status = 'running';
    this.changed();
    const tree = await this.deployTo(lane.target, from, () => this.treeOf(from));
    lane.failed = tree === null;
    if (tree) Object.assign(lane, { delivered: from, deliveredTree: tree });
    this.changed();
  }

  /** A host's lane went idle (its purge already asked for): the back-off as the hosts' outcome says. */
  private laneDone(): void {
    // a host that is trying again right now is not counted: its own outcome decides
    if (this.hosts.some((lane) => lane.failed && !lane.running)) {
      if (!this.afterRunning) for (const lane of this.after) this.stateOf(lane.target).status = 'waiting';
      if (!this.stopped) this.backOff.schedule();
    }
    this.settle();
  }

  /**
   * The CDN is told about the files of the latest request every host has delivered, as soon as the
   * slowest has: not only when all are idle (a host busy with each publish on match day would hold
   * the purge back for as long as the publishing goes on), but when the slowest ends a deploy. During
   * a stop's grace too.
   */
  private purgeWhenDelivered(): void {
    if (this.after.length === 0 || this.afterRunning) return;
    const slowest = this.hosts.reduce<Lane | null>((min, lane) => (min === null || lane.delivered < min.delivered ? lane : min), null);
    // the slowest host is on a newer deploy: it comes back here when done, and one purge covers both
    if (slowest?.running) return;
    const upTo = slowest ? slowest.delivered : this.requested;
    if (upTo <= this.purged) return;
    // the files the slowest host sent, taken once for every CDN: every host has them (or newer ones);
    // read inside the first deploy's try (a folder that cannot be read fails the purge, not the caller)
    let files: SiteTree | undefined;
    const tree = () => (files ??= slowest?.deliveredTree ?? this.treeOf(upTo));
    this.afterRunning = (async () => {
      for (const lane of this.after) this.stateOf(lane.target).status = 'running';
      this.changed();
      for (const lane of this.after) lane.failed = (await this.deployTo(lane.target, upTo, tree)) === null;
      if (this.after.every((lane) => !lane.failed)) this.purged = upTo;
    })()
      .catch((error: unknown) => {
        for (const lane of this.after) lane.failed = true;
        this.log.error('[deploy] a purge failed:', error);
      })
      .finally(() =>
        this.safely(() => {
          this.afterRunning = null;
          if (this.after.some((lane) => lane.failed)) {
            if (!this.stopped) this.backOff.schedule();
            this.changed();
            return;
          }
          // hosts that delivered newer files meanwhile: their purge now
          this.purgeWhenDelivered();
          this.settle();
        }),
      );
  }

  /** Nothing left failed: the back-off starts over (also while a host is busy with the next publish). */
  private settle(): void {
    if ([...this.hosts, ...this.after].every((lane) => !lane.failed)) {
      this.backOff.reset();
      this.backOff.cancel();
    }
    this.changed();
  }

  /** The site's files as of a request: read once for the hosts that start from it together, again for a later one. */
  private tree: { request: number; files: SiteTree } | null = null;
  private treeOf(request: number): SiteTree {
    if (this.tree?.request !== request) this.tree = { request, files: this.files.read() };
    return this.tree.files;
  }

  private stateOf(target: DeployTarget): TargetState {
    return this.targetStates.find((s) => s.id === target.id)!;
  }

  /** One deploy to one target: the files it sent, or null when it failed (the German reason in its state). */
  private async deployTo(target: DeployTarget, request: number, files: () => SiteTree): Promise<SiteTree | null> {
    const state = this.stateOf(target);
    const started = this.clock.now();
    try {
      const tree = files();
      const result = await target.deploy(tree, { signal: this.halt.signal });
      Object.assign(state, { status: 'live', message: null, liveAt: this.clock.now() });
      if (result.delivered + result.removed > 0) {
        this.log.info(`[deploy] ${target.label}: ${result.delivered} übertragen, ${result.removed} entfernt (${this.clock.now() - started} ms, Stand ${request})`);
      }
      return tree;
    } catch (error) {
      // whatever fails outside the target (the site's folders unreadable, say) fails this deploy, not the server
      const reason = error instanceof DeployError ? error.reason : T.unknown;
      if (error instanceof DeployError && error.busy) {
        // another process deploys to it (`npm run deploy`, target-lock.ts): nothing is wrong with the host, so it
        // waits (not 'failed' in the admin's header), and the retry stays at the first delay instead of doubling
        // to minutes while the command runs
        this.log.info(`[deploy] ${target.label}: ${reason}`);
        Object.assign(state, { status: 'waiting', message: T.waiting(target.label, reason) });
        this.backOff.reset();
        return null;
      }
      const cause = error instanceof DeployError ? (error as { cause?: unknown }).cause : error;
      this.log.error(`[deploy] ${target.label}: ${reason}${cause instanceof Error ? ` (${cause.message})` : ''}`);
      Object.assign(state, { status: 'failed', message: T.failed(target.label, reason) });
      return null;
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
