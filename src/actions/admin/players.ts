import { defineAction } from 'astro:actions';
import { playerIdSchema, playerSchema, playerUpdateSchema } from '../../lib/schemas/player';
import { createPlayer, deletePlayer, listPlayers, updatePlayer } from '../../server/services/admin/players';
import { publishChanges } from '../../server/services/admin/publication';
import { noInput } from '../../lib/schemas/admin-fields';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';
import { runVersionedWrite } from './versioned';
import { withRevisions } from '../../server/revisions';

/**
 * The players manager (admin-area.md §2, §5, §7). A player's change republishes its team's pages.
 * Consent is recorded in the signed-in admin's name (issue 14), never in a name the form sends.
 */
export const players = {
  list: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return withRevisions('players', listPlayers());
    },
  }),
  create: defineAction({
    accept: 'json',
    input: playerSchema,
    handler: async (input, context) => {
      const user = requireRole(context, 'admin');
      const { row, changes } = runWrite(() => createPlayer(input, undefined, user.email));
      return { row, ...(await publishChanges(changes)) };
    },
  }),
  update: defineAction({
    accept: 'json',
    input: playerUpdateSchema,
    handler: async ({ id, base_revision, ...input }, context) => {
      const user = requireRole(context, 'admin');
      const { saved: { row, changes }, revision } = runVersionedWrite('players', id, base_revision, () => updatePlayer(id, input, undefined, user.email));
      return { row, revision, ...(await publishChanges(changes)) };
    },
  }),
  remove: defineAction({
    accept: 'json',
    input: playerIdSchema,
    handler: async ({ id }, context) => {
      requireRole(context, 'admin');
      const { row, changes } = runWrite(() => deletePlayer(id));
      return { row, ...(await publishChanges(changes)) };
    },
  }),
};
