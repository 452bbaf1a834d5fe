// The deployer's one timer for its failed targets (deployer.ts): another run after
// 2 s, doubling up to 5 min while the targets keep failing; a run that leaves
// nothing failed (or a superadmin's 'Erneut übertragen') starts it over.
import type { Clock } from '../clock';

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 5 * 60_000;

export class BackOff {
  private timer: unknown = null;
  private delay = FIRST_RETRY_MS;
  /** when the next run is due (ms), or null */
  at: number | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly run: () => void,
  ) {}

  /** The next run after the current delay, which doubles; one timer for all failed targets (while one is due, nothing). */
  schedule(): void {
    if (this.timer !== null) return;
    const delay = this.delay;
    this.delay = Math.min(MAX_RETRY_MS, this.delay * 2);
    this.at = this.clock.now() + delay;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.at = null;
      this.run();
    }, delay);
  }

  /** The run that is due is not needed (a publish runs now, the server stops). */
  cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.at = null;
  }

  /** The next failure waits the first delay again. */
  reset(): void {
    this.delay = FIRST_RETRY_MS;
  }
}
