// Admin actions (issue 14): a match's line-ups, events and report in 'Spielplan'.
// Each save republishes the match page, the fixtures, the home page and the
// pages that read events or line-ups (table, player pages) through their deps.
import { defineAction } from 'astro:actions';
import { eventIdSchema, eventSchema, lineupSchema, matchRefSchema, reportSchema } from '../../lib/schemas/match-details';
import { readMatchDetails, saveLineup, saveReport } from '../../server/services/admin/match-details';
import { addEvent, removeEvent } from '../../server/services/admin/match-events';
import { recordEvent } from '../../server/services/admin/match-day';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { currentRevision } from '../../server/revisions';
import { runWrite } from './inputErrors';
import { runCheckedWrite, runVersionedWrite } from './versioned';
import { assertLineupAsRead } from '../../server/services/admin/lineup-check';

const REPORT_COLUMNS = ['report', 'report_images'] as const;

export const matchDetails = {
  get: defineAction({
    accept: 'json',
    input: matchRefSchema,
    handler: async ({ match_id }, context) => {
      requireRole(context, 'admin');
      // with the revision read in the same step: the report's save is checked against it
      return runWrite(() => ({ ...readMatchDetails(match_id), revision: currentRevision('matches', match_id) ?? 0 }));
    },
  }),
  saveLineup: defineAction({
    accept: 'json',
    input: lineupSchema,
    handler: async ({ read, ...input }, context) => {
      requireRole(context, 'admin');
      // refused when someone changed the line-up since this form was filled (decision 032)
      const { row, changes } = runCheckedWrite('matches', input.match_id, () => read && assertLineupAsRead(input.match_id, read), () => saveLineup(input));
      return { row, ...(await publishChanges(changes)) };
    },
  }),
  saveReport: defineAction({
    accept: 'json',
    input: reportSchema,
    handler: async ({ base_revision, read, ...input }, context) => {
      requireRole(context, 'admin');
      // refused only when someone changed the report since it was read: goals and cards change the
      // match beside it all the time (decision 032)
      const {
        saved: { row, changes },
        revision,
      } = runVersionedWrite('matches', input.match_id, base_revision, () => saveReport(input), { columns: REPORT_COLUMNS, read });
      return { row, revision, ...(await publishChanges(changes)) };
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
