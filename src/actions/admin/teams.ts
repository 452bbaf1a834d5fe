import { defineAction } from 'astro:actions';
import { teamIdSchema, teamOrderSchema, teamSchema, teamUpdateSchema } from '../../lib/schemas/team';
import { createTeam, deleteTeam, listTeams, reorderTeams, teamOptions, updateTeam } from '../../server/services/admin/teams';
import { publishChanges } from '../../server/services/admin/publication';
import { noInput } from '../../lib/schemas/admin-fields';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';
import { runVersionedWrite } from './versioned';
import { withRevisions } from '../../server/revisions';

/** The teams manager (admin-area.md §2, §4, §5, §7). */
export const teams = {
  list: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return withRevisions('teams', listTeams());
    },
  }),
  /** id, name, category by name: the team choice of the players manager. */
  options: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return teamOptions();
    },
  }),
  create: defineAction({
    accept: 'json',
    input: teamSchema,
    handler: async (input, context) => {
      requireRole(context, 'admin');
      const { row, changes } = runWrite(() => createTeam(input));
      return { row, ...(await publishChanges(changes)) };
    },
  }),
  update: defineAction({
    accept: 'json',
    input: teamUpdateSchema,
    handler: async ({ id, base_revision, ...input }, context) => {
      requireRole(context, 'admin');
      const { saved: { row, changes }, revision } = runVersionedWrite('teams', id, base_revision, () => updateTeam(id, input));
      return { row, revision, ...(await publishChanges(changes)) };
    },
  }),
  remove: defineAction({
    accept: 'json',
    input: teamIdSchema,
    handler: async ({ id }, context) => {
      requireRole(context, 'admin');
      const { row, changes } = runWrite(() => deleteTeam(id));
      return { row, ...(await publishChanges(changes)) };
    },
  }),
  reorder: defineAction({
    accept: 'json',
    input: teamOrderSchema,
    handler: async ({ ids }, context) => {
      requireRole(context, 'admin');
      const { changes } = runWrite(() => reorderTeams(ids));
      return { ...(await publishChanges(changes)) };
    },
  }),
};
