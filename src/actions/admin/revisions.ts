import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { noInput } from '../../lib/schemas/admin-fields';
import { currentRevision, listTrash, restoreFromTrash, restoreRevision, rowHistory } from '../../server/revisions';
import { pokeNewsSchedule } from '../../server/publish/scheduled-news';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';

const rowInput = z.object({ entity: z.string().min(1).max(40), id: z.string().min(1).max(100) });
const revisionInput = z.object({ revision: z.number({ invalid_type_error: 'Unbekannte Fassung.' }).int().positive() });

/** Versions, restore and the trash of every content entity (issue 15). */
export const revisions = {
  /** The row's version number, sent back with a save (optimistic concurrency). */
  current: defineAction({
    accept: 'json',
    input: rowInput,
    handler: async ({ entity, id }, context) => {
      requireRole(context, 'admin');
      return { revision: runWrite(() => currentRevision(entity, id)) };
    },
  }),
  history: defineAction({
    accept: 'json',
    input: rowInput,
    handler: async ({ entity, id }, context) => {
      requireRole(context, 'admin');
      return { entity, id, versions: runWrite(() => rowHistory(entity, id)) };
    },
  }),
  /** 'Wiederherstellen': the row holds that version again, as a new version. */
  restore: defineAction({
    accept: 'json',
    input: revisionInput,
    handler: async ({ revision }, context) => {
      requireRole(context, 'admin');
      const { entity, rowId, changes } = runWrite(() => restoreRevision(revision));
      // a news put back with a planned time: the scheduler plans it now, not at its hourly check
      if (entity === 'news') pokeNewsSchedule();
      return { entity, id: rowId, ...(await publishChanges(changes)) };
    },
  }),
  trash: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return listTrash();
    },
  }),
  untrash: defineAction({
    accept: 'json',
    input: revisionInput,
    handler: async ({ revision }, context) => {
      requireRole(context, 'admin');
      const { entity, rowId, changes } = runWrite(() => restoreFromTrash(revision));
      if (entity === 'news') pokeNewsSchedule();
      return { entity, id: rowId, ...(await publishChanges(changes)) };
    },
  }),
};
