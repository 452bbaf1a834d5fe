// An entity form's save (entityKit.tsx's useEntityForm): the create or update
// action it calls, and the row it writes, named from the action's group so that
// drafts and concurrent edits are kept per row without each manager saying so.
import { callAction, type CallResult } from './contentKit';
import type { DraftOf } from './formGuard';

type ActionCall<I, R> = (input: I) => Promise<{ data?: R; error?: unknown }>;

/** An entity form's save; `target` names the row it writes, when the save knows it. */
export type SaveFn<V, Data, D> = ((sent: V, data: Data, base: { base_revision?: number }) => Promise<CallResult<D>>) & { target?: DraftOf };

/** The tables behind the admin's action groups, where the names differ (revisions name tables). */
const GROUP_TABLES: Record<string, string> = { youthTeams: 'youth_teams', shop: 'shop_items', contacts: 'contact_info' };

/** The table an action group writes ('?_action=admin.youthTeams.update' → 'youth_teams'). */
export function tableOfAction(action: unknown): string | null {
  const group = /[?&]_action=admin\.([A-Za-z]+)\./.exec(String(action))?.[1];
  return group ? (GROUP_TABLES[group] ?? group) : null;
}

/**
 * The usual `save` of an entity form: update the entry being edited (on the
 * revision the edit started from), else create a new one. It names its row,
 * so the form keeps drafts and checks concurrent edits without being told.
 */
export function createOrUpdate<V, C, U>(
  entry: { id: string; revision?: number } | null,
  api: { create: ActionCall<V, C>; update: ActionCall<V & { id: string; base_revision?: number }, U> },
): SaveFn<V, unknown, C | U> {
  const save: SaveFn<V, unknown, C | U> = (values, _data, base) =>
    entry
      ? callAction<C | U>(() => api.update({ id: entry.id, ...values, ...base }))
      : callAction<C | U>(() => api.create(values));
  const entity = tableOfAction(api.update);
  if (entity) save.target = { entity, id: entry?.id ?? null, revision: entry?.revision };
  return save;
}
