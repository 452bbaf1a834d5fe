// Admin actions (issue 14): a match's line-ups, events and report in 'Spielplan'.
// Each save republishes the match page, the fixtures, the home page and the
// pages that read events or line-ups (table, player pages) through their deps.
import { defineAction } from 'astro:actions';
import { eventIdSchema, eventSchema, lineupSchema, matchRefSchema, reportSchema } from '../../lib/schemas/match-details';
import { addEvent, readMatchDetails, removeEvent, saveLineup, saveReport } from '../../server/services/admin/match-details';
import { recordEvent } from '../../server/services/admin/match-day';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';

export const matchDetails = {
  get: defineAction({
    accept: 'json',
    input: matchRefSchema,
    handler: async ({ match_id }, context) => {
      requireRole(context, 'admin');
      return runWrite(() => readMatchDetails(match_id));
    },
  }),
  saveLineup: defineAction({
    accept: 'json',
    input: lineupSchema,
    handler: async (input, context) => {
      requireRole(context, 'admin');
      const { row, changes } = runWrite(() => saveLineup(input));
      return { row, ...(await publishChanges(changes)) };
    },
  }),
  saveReport: defineAction({
    accept: 'json',
    input: reportSchema,
    handler: async (input, context) => {
      requireRole(context, 'admin');
      const { row, changes } = runWrite(() => saveReport(input));
      return { row, ...(await publishChanges(changes)) };
    },
  }),
  /** An event typed in after the match: the minute is required here (the clock is for 'Spieltag'). */
  addEvent: defineAction({
    accept: 'json',
    input: eventSchema,
    handler: async (input, context) => {
      const user = requireRole(context, 'admin');
      const { details, changes } = runWrite(() =>
        input.minute == null ? recordEvent(input, user.id, Date.now()) : addEvent({ ...input, minute: input.minute }, user.id),
      );
      return { row: details, ...(await publishChanges(changes)) };
    },
  }),
  removeEvent: defineAction({
    accept: 'json',
    input: eventIdSchema,
    handler: async ({ id }, context) => {
      requireRole(context, 'admin');
      const { details, changes } = runWrite(() => removeEvent(id));
      return { row: details, ...(await publishChanges(changes)) };
    },
  }),
};
