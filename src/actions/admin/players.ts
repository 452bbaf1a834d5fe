import { defineAction } from 'astro:actions';
import { playerIdSchema, playerSchema, playerUpdateSchema } from '../../lib/schemas/player';
import { createPlayer, deletePlayer, listPlayers, updatePlayer } from '../../server/services/admin/players';
import { publishChanges } from '../../server/services/admin/publication';
import { noInput } from '../../lib/schemas/admin-fields';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';

/** The players manager (admin-area.md §2, §5, §7). A player's change republishes its team's pages. */
export const players = {
  list: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return listPlayers();
    },
  }),
  create: defineAction({
    accept: 'json',
    input: playerSchema,
    handler: async (input, context) => {
      requireRole(context, 'admin');
      const { row, changes } = runWrite(() => createPlayer(input));
      return { row, ...(await publishChanges(changes)) };
    },
  }),
  update: defineAction({
    accept: 'json',
    input: playerUpdateSchema,
    handler: async ({ id, ...input }, context) => {
      requireRole(context, 'admin');
      const { row, changes } = runWrite(() => updatePlayer(id, input));
      return { row, ...(await publishChanges(changes)) };
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
