import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { noInput } from '../../lib/schemas/admin-fields';
import { currentRevision, listTrash, purgeFromTrash, restoreFromTrash, restoreRevision, revisionEntity, rowHistory, trashEntryEntities } from '../../server/revisions';
import { SUPERADMIN_ENTITIES } from '../../lib/revisions';
import { SUPERADMIN_ONLY_MESSAGES as ONLY } from '../../lib/schemas/user';
import { pokeNewsSchedule } from '../../server/publish/scheduled-news';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';

const rowInput = z.object({ entity: z.string().min(1).max(40), id: z.string().min(1).max(100) });
const revisionInput = z.object({ revision: z.number({ invalid_type_error: 'Unbekannte Fassung.' }).int().positive() });
/** A restore names the newest version the admin's list showed (`base`): one saved since refuses it. */
const restoreInput = revisionInput.extend({ base: z.number({ invalid_type_error: 'Unbekannte Fassung.' }).int().positive() });

type Ctx = Parameters<typeof requireRole>[0];

/**
 * An admin's, except for what only a superadmin edits (the club's settings): an admin could read and
 * put back any earlier club name, crest and colours through its versions (found in review).
 */
function requireRoleFor(context: Ctx, ...entities: string[]) {
  requireRole(context, 'admin');
  if (entities.some((entity) => SUPERADMIN_ENTITIES.has(entity))) requireRole(context, 'superadmin', ONLY.club);
}

/** Versions, restore and the trash of every content entity (issue 15). */
export const revisions = {
  /** The row's version number, sent back with a save (optimistic concurrency). */
  current: defineAction({
    accept: 'json',
    input: rowInput,
    handler: async ({ entity, id }, context) => {
      requireRoleFor(context, entity);
      return { revision: runWrite(() => currentRevision(entity, id)) };
    },
  }),
  history: defineAction({
    accept: 'json',
    input: rowInput,
    handler: async ({ entity, id }, context) => {
      requireRoleFor(context, entity);
      return { entity, id, versions: runWrite(() => rowHistory(entity, id)) };
    },
  }),
  /** 'Wiederherstellen': the row holds that version again, as a new version. */
  restore: defineAction({
    accept: 'json',
    input: restoreInput,
    handler: async ({ revision, base }, context) => {
      requireRole(context, 'admin');
      requireRoleFor(context, runWrite(() => revisionEntity(revision)));
      const { entity, rowId, changes, keptImages } = runWrite(() => restoreRevision(revision, undefined, undefined, base));
      // a news put back with a planned time: the scheduler plans it now, not at its hourly check
      if (entity === 'news') pokeNewsSchedule();
      return { entity, id: rowId, keptImages, ...(await publishChanges(changes)) };
    },
  }),
  trash: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return listTrash().filter((entry) => context.locals.isSuperAdmin || !SUPERADMIN_ENTITIES.has(entry.entity));
    },
  }),
  untrash: defineAction({
    accept: 'json',
    input: revisionInput,
    handler: async ({ revision }, context) => {
      requireRole(context, 'admin');
      // the delete may have taken rows of other kinds along: each is put back, each is checked
      requireRoleFor(context, ...runWrite(() => trashEntryEntities(revision)));
      const { entity, rowId, changes } = runWrite(() => restoreFromTrash(revision));
      if (entity === 'news') pokeNewsSchedule();
      return { entity, id: rowId, ...(await publishChanges(changes)) };
    },
  }),
  /** 'Endgültig löschen': the entry's rows lose every version now, not after the trash period. */
  purge: defineAction({
    accept: 'json',
    input: revisionInput,
    handler: async ({ revision }, context) => {
      requireRole(context, 'admin');
      requireRoleFor(context, ...runWrite(() => trashEntryEntities(revision)));
      return runWrite(() => purgeFromTrash(revision));
    },
  }),
};
