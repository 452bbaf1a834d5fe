// What the worker tells a tab may reach it twice: a message posted while the tab did not listen yet is kept for
// it as well (sw/once-per-tab.ts), and a tab whose messages were queued until it started listening gets both the
// queued one and the kept one when it asks. Each is acted on once: a bar shown again is announced again by a
// screen reader, and the update bar's countdown would start afresh (docs/decisions/006).
import type { FromWorker } from './pwa-protocol';

export class ToldOnce {
  /** the highest version the tab was told of */
  private version = -Infinity;
  /** the last saved copy the tab was told of, as its fields */
  private savedCopy: string | null = null;

  /** Whether the message says something the tab was not told yet (a heartbeat's reply always does). */
  isNew(message: FromWorker): boolean {
    if (message.type === 'cache-updated') {
      if (message.version <= this.version) return false;
      this.version = message.version;
      return true;
    }
    if (message.type === 'saved-copy') {
      const key = JSON.stringify([message.savedAt, message.outdated === true, message.serverDown === true]);
      if (key === this.savedCopy) return false;
      this.savedCopy = key;
      return true;
    }
    return true;
  }
}
