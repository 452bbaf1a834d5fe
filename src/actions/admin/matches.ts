import { defineAction } from 'astro:actions';
import { matchCreateSchema, matchIdSchema, matchUpdateSchema } from '../../lib/schemas/match';
import { createMatch, deleteMatch, listMatches, updateMatch } from '../../server/services/admin/matches';
import { publishChanges } from '../../server/services/admin/publication';
import { noInput } from '../../lib/schemas/admin-fields';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';
import { runVersionedWrite } from './versioned';
import { withRevisions } from '../../server/revisions';

/** The match schedule manager (admin-area.md §2, §5, §7). Writes republish /spielplan and the iCalendar feed. */
export const matches = {
  list: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return withRevisions('matches', listMatches());
    },
  }),
  create: defineAction({
    accept: 'json',
    input: matchCreateSchema,
    handler: async (input, context) => {
      requireRole(context, 'admin');
      const { row, changes } = runWrite(() => createMatch(input));
      return { row, ...(await publishChanges(changes)) };
    },
  }),
  update: defineAction({
    accept: 'json',
    input: matchUpdateSchema,
    handler: async ({ id, base_revision, ...input }, context) => {
      requireRole(context, 'admin');
      const { saved: { row, changes }, revision } = runVersionedWrite('matches', id, base_revision, () => updateMatch(id, input));
      return { row, revision, ...(await publishChanges(changes)) };
    },
  }),
  remove: defineAction({
    accept: 'json',
    input: matchIdSchema,
    handler: async ({ id }, context) => {
      requireRole(context, 'admin');
      const { row, changes } = runWrite(() => deleteMatch(id));
      return { row, ...(await publishChanges(changes)) };
    },
  }),
};
