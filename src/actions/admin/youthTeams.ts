import { defineAction } from 'astro:actions';
import { youthTeamIdSchema, youthTeamOrderSchema, youthTeamSchema, youthTeamUpdateSchema } from '../../lib/schemas/youthTeam';
import {
  contactOptions,
  createYouthTeam,
  deleteYouthTeam,
  listYouthTeams,
  reorderYouthTeams,
  updateYouthTeam,
} from '../../server/services/admin/youthTeams';
import { publishChanges } from '../../server/services/admin/publication';
import { noInput } from '../../lib/schemas/admin-fields';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';
import { runVersionedWrite } from './versioned';
import { withRevisions } from '../../server/revisions';

/** The youth teams manager (admin-area.md §2, §4, §5, §7). */
export const youthTeams = {
  list: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return withRevisions('youth_teams', listYouthTeams());
    },
  }),
  /** Contact people to link, by name. */
  contacts: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return contactOptions();
    },
  }),
  create: defineAction({
    accept: 'json',
    input: youthTeamSchema,
    handler: async (input, context) => {
      requireRole(context, 'admin');
      const { row, changes } = runWrite(() => createYouthTeam(input));
      return { row, ...(await publishChanges(changes)) };
    },
  }),
  update: defineAction({
    accept: 'json',
    input: youthTeamUpdateSchema,
    handler: async ({ id, base_revision, ...input }, context) => {
      requireRole(context, 'admin');
      const { saved: { row, changes }, revision } = runVersionedWrite('youth_teams', id, base_revision, () => updateYouthTeam(id, input));
      return { row, revision, ...(await publishChanges(changes)) };
    },
  }),
  remove: defineAction({
    accept: 'json',
    input: youthTeamIdSchema,
    handler: async ({ id }, context) => {
      requireRole(context, 'admin');
      const { row, changes } = runWrite(() => deleteYouthTeam(id));
      return { row, ...(await publishChanges(changes)) };
    },
  }),
  reorder: defineAction({
    accept: 'json',
    input: youthTeamOrderSchema,
    handler: async ({ ids }, context) => {
      requireRole(context, 'admin');
      const { changes } = runWrite(() => reorderYouthTeams(ids));
      return { ...(await publishChanges(changes)) };
    },
  }),
};
