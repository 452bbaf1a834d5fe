// Admin actions (issue 14): 'Spieltag': recording a match at the pitch. Every
// step and event is saved at once and republishes the match page, which open
// /spiel/{id} pages then show through /api/live/{id}.
import { defineAction } from 'astro:actions';
import { viennaDate } from '../../lib/dates-de';
import { noInput } from '../../lib/schemas/admin-fields';
import { eventSchema, phaseSchema, undoEventSchema } from '../../lib/schemas/match-details';
import { undoLastEvent } from '../../server/services/admin/match-events';
import { advancePhase, matchDayChoices, recordEvent } from '../../server/services/admin/match-day';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';

export const matchDay = {
  choices: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return matchDayChoices(viennaDate(new Date()));
    },
  }),
  phase: defineAction({
    accept: 'json',
    input: phaseSchema,
    handler: async ({ match_id, step }, context) => {
      requireRole(context, 'admin');
      const { details, changes } = runWrite(() => advancePhase(match_id, step, Date.now()));
      return { row: details, ...(await publishChanges(changes)) };
    },
  }),
  record: defineAction({
    accept: 'json',
    input: eventSchema,
    handler: async (input, context) => {
      const user = requireRole(context, 'admin');
      const { details, changes } = runWrite(() => recordEvent(input, user.id, Date.now()));
      return { row: details, ...(await publishChanges(changes)) };
    },
  }),
  undo: defineAction({
    accept: 'json',
    input: undoEventSchema,
    handler: async ({ match_id, last_event_id }, context) => {
      requireRole(context, 'admin');
      const { details, changes } = runWrite(() => undoLastEvent(match_id, last_event_id));
      return { row: details, ...(await publishChanges(changes)) };
    },
  }),
};
