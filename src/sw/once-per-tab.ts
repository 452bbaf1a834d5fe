/// <reference lib="webworker" />
// What the worker has to tell a tab that may not listen yet: a tab starts its worker client after 'load'
// and idle, and a message posted before that reaches nobody. Each tab asks once it runs (pwa-client.ts's
// 'ask-page-state') and is told once (docs/decisions/006).

/** How many tabs at most keep a value until they ask: one per navigation that needs one, gone when asked. */
const KEPT = 20;
/** How many tabs that asked are remembered (their ids only) */
const ASKED_KEPT = 50;

export class OncePerTab<T> {
  private readonly byClient = new Map<string, T>();
  /** the tabs that have asked (a later value is posted to them, not kept: it would be kept for no one) */
  private readonly asked = new Set<string>();

  /** Keeps the value until the tab asks; not for a tab that asked already (the caller posts to it as well). */
  keep(clientId: string, value: T): void {
    if (!clientId || this.asked.has(clientId)) return;
    // the oldest goes first: a tab that never asked (closed before its client started) holds no room for long
    if (!this.byClient.has(clientId) && this.byClient.size >= KEPT) this.byClient.delete(this.byClient.keys().next().value as string);
    this.byClient.set(clientId, value);
  }

  /** The value kept for the tab, once; undefined when none. */
  take(clientId: string): T | undefined {
    if (clientId) {
      if (!this.asked.has(clientId) && this.asked.size >= ASKED_KEPT) this.asked.delete(this.asked.values().next().value as string);
      this.asked.add(clientId);
    }
    if (!this.byClient.has(clientId)) return undefined;
    const value = this.byClient.get(clientId);
    this.byClient.delete(clientId);
    return value;
  }
}
