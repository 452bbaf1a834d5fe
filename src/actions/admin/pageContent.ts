import { ActionError, defineAction } from 'astro:actions';
import {
  pageContentIdSchema,
  pageContentListSchema,
  pageContentCreateSchema,
  pageContentUpdateSchema,
} from '../../lib/schemas/pageContent';
import {
  createPageContent,
  deletePageContent,
  listPageContent,
  pageContentChanges,
  updatePageContent,
} from '../../server/services/admin/pageContent';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { currentRevision, withRevisions } from '../../server/revisions';
import { runVersionedWrite } from './versioned';
import { runWrite } from './inputErrors';

const NOT_FOUND = 'Dieser Seiteninhalt existiert nicht mehr.';

/** The generic page-content editor (admin-area.md §2 "a generic modal", §7 page_content). */
export const pageContent = {
  /** All entries newest first, or one page's entries in display order. */
  list: defineAction({
    accept: 'json',
    input: pageContentListSchema,
    handler: async (input, context) => {
      requireRole(context, 'admin');
      // with their revisions: the form starts from the version its values are of (decision 032)
      return withRevisions('page_content', listPageContent(input?.page_key || undefined));
    },
  }),
  create: defineAction({
    accept: 'json',
    input: pageContentCreateSchema,
    handler: async ({ base_revision, ...input }, context) => {
      requireRole(context, 'admin');
      const row = runWrite(() => createPageContent(input, undefined, { readNone: base_revision === 0 }));
      // read in the same step as the write: the club's history stays open on the new entry and saves from it
      return { row, revision: currentRevision('page_content', row.id) ?? 0, ...(await publishChanges(pageContentChanges(row))) };
    },
  }),
  update: defineAction({
    accept: 'json',
    input: pageContentUpdateSchema,
    handler: async ({ id, base_revision, ...patch }, context) => {
      requireRole(context, 'admin');
      const { saved: result, revision } = runVersionedWrite('page_content', id, base_revision, () => updatePageContent(id, patch));
      if (!result) throw new ActionError({ code: 'NOT_FOUND', message: NOT_FOUND });
      // a moved entry leaves its old page too
      return { row: result.after, revision, ...(await publishChanges(pageContentChanges(result.before, result.after))) };
    },
  }),
  remove: defineAction({
    accept: 'json',
    input: pageContentIdSchema,
    handler: async ({ id }, context) => {
      requireRole(context, 'admin');
      const row = runWrite(() => deletePageContent(id));
      if (!row) throw new ActionError({ code: 'NOT_FOUND', message: NOT_FOUND });
      return { row, ...(await publishChanges(pageContentChanges(row))) };
    },
  }),
};
