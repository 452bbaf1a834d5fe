import { ActionError, defineAction } from 'astro:actions';
import { newsIdSchema, newsPublishSchema, newsSchema, newsUpdateSchema } from '../../lib/schemas/news';
import { NEWS_NOT_FOUND, createNews, deleteNews, getNews, listNews, setNewsPublished, updateNews } from '../../server/services/admin/news';
import { publishChanges } from '../../server/services/admin/publication';
import { pokeNewsSchedule } from '../../server/publish/scheduled-news';
import { noInput } from '../../lib/schemas/admin-fields';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';
import { runVersionedWrite } from './versioned';
import { currentRevision, withRevisions } from '../../server/revisions';

/**
 * The news manager (admin-area.md §2, §4, §5, §7). Every write republishes the
 * news pages it touches; a save with a publish or unpublish time tells the
 * scheduler (issue 15), which publishes it at that time.
 */
export const news = {
  list: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return withRevisions('news', listNews());
    },
  }),
  /** One news with its text, when the form opens it (the list leaves the texts out). */
  get: defineAction({
    accept: 'json',
    input: newsIdSchema,
    handler: async ({ id }, context) => {
      requireRole(context, 'admin');
      const row = getNews(id);
      if (!row) throw new ActionError({ code: 'NOT_FOUND', message: NEWS_NOT_FOUND });
      return { ...row, revision: currentRevision('news', id) ?? 0 };
    },
  }),
  create: defineAction({
    accept: 'json',
    input: newsSchema,
    handler: async (input, context) => {
      const user = requireRole(context, 'admin');
      const { row, changes } = runWrite(() => createNews(input, user.id));
      pokeNewsSchedule();
      return { row, ...(await publishChanges(changes)) };
    },
  }),
  update: defineAction({
    accept: 'json',
    input: newsUpdateSchema,
    handler: async ({ id, base_revision, ...input }, context) => {
      requireRole(context, 'admin');
      // refused as CONFLICT when someone saved this news since the form was opened (issue 15)
      const { saved: { row, changes }, revision } = runVersionedWrite('news', id, base_revision, () => updateNews(id, input));
      pokeNewsSchedule();
      return { row, revision, ...(await publishChanges(changes)) };
    },
  }),
  setPublished: defineAction({
    accept: 'json',
    input: newsPublishSchema,
    handler: async ({ id, published }, context) => {
      requireRole(context, 'admin');
      const { row, changes } = runWrite(() => setNewsPublished(id, published));
      return { row, ...(await publishChanges(changes)) };
    },
  }),
  remove: defineAction({
    accept: 'json',
    input: newsIdSchema,
    handler: async ({ id }, context) => {
      requireRole(context, 'admin');
      const { row, changes } = runWrite(() => deleteNews(id));
      // the deleted row is in the trash: its revision is what 'Rückgängig' puts back (admin.revisions.untrash)
      return { row, trash: currentRevision('news', id), ...(await publishChanges(changes)) };
    },
  }),
};
