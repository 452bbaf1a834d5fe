// Who writes, and which write a revision belongs to (issue 15). The actor is set
// by requireRole() at the start of every admin action and follows the action's
// async work (AsyncLocalStorage), so no service passes it along. The change set
// names one outermost write(): the rows a delete took with it share it, and the
// trash puts them back together. Kept on globalThis: the Astro bundle and the
// server each load a copy of this module.
import { AsyncLocalStorage } from 'node:async_hooks';

export type Actor = { id: string; name: string };

type State = {
  actors: AsyncLocalStorage<Actor>;
  changeSet: string | null;
  counter: number;
  /** a restore is writing: its rows are recorded as 'restore' */
  restoring: number;
};

const KEY = Symbol.for('anstoss.revisionContext');
const state: State = ((globalThis as Record<symbol, unknown>)[KEY] as State) ?? {
  actors: new AsyncLocalStorage<Actor>(),
  changeSet: null,
  counter: 0,
  restoring: 0,
};
(globalThis as Record<symbol, unknown>)[KEY] = state;

/** From here on, in this request's async work, writes are this user's. */
export function enterActor(actor: Actor): void {
  state.actors.enterWith(actor);
}

/** Runs `fn` as the actor (scripts, tests, the scheduler's 'System' is no actor). */
export function runAsActor<T>(actor: Actor, fn: () => T): T {
  return state.actors.run(actor, fn);
}

export function currentActor(): Actor | null {
  return state.actors.getStore() ?? null;
}

/** An outermost write() begins: its rows get a new change set. */
export function beginChangeSet(): void {
  state.changeSet = null;
}

/** The change set of the write in progress (made when its first row is recorded). */
export function changeSetId(): string {
  state.changeSet ??= `${Date.now().toString(36)}-${(state.counter++).toString(36)}`;
  return state.changeSet;
}

/** Runs `fn` (a synchronous write) so that its rows are recorded as a restore. */
export function asRestore<T>(fn: () => T): T {
  state.restoring++;
  try {
    return fn();
  } finally {
    state.restoring--;
  }
}

export function isRestoring(): boolean {
  return state.restoring > 0;
}
