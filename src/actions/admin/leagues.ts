// Admin actions (issue 14): 'Tabellen': league settings, other teams' results, entered tables.
// Every write republishes /tabelle and the league's own page.
import { defineAction } from 'astro:actions';
import {
  leagueIdSchema,
  leagueResultSchema,
  leagueResultUpdateSchema,
  leagueSchema,
  leagueUpdateSchema,
  standingsPasteSchema,
} from '../../lib/schemas/league';
import { noInput } from '../../lib/schemas/admin-fields';
import {
  createLeague,
  createResult,
  deleteLeague,
  deleteResult,
  leagueDetail,
  listLeagues,
  pasteStandings,
  updateLeague,
  updateResult,
} from '../../server/services/admin/leagues';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';
import { runVersionedWrite } from './versioned';
import { withRevisions } from '../../server/revisions';

type Saved<R> = { row: R; changes: Parameters<typeof publishChanges>[0] };
const publish = async <R>({ row, changes }: Saved<R>) => ({ row, ...(await publishChanges(changes)) });

export const leagues = {
  list: defineAction({
    accept: 'json',
    input: noInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      const overview = listLeagues();
      return { ...overview, leagues: withRevisions('leagues', overview.leagues) };
    },
  }),
  detail: defineAction({
    accept: 'json',
    input: leagueIdSchema,
    handler: async ({ id }, context) => {
      requireRole(context, 'admin');
      // each result with its revision: its edit dialog saves from the version it shows (decision 032)
      return runWrite(() => {
        const detail = leagueDetail(id);
        return { ...detail, results: withRevisions('league_results', detail.results) };
      });
    },
  }),
  create: defineAction({
    accept: 'json',
    input: leagueSchema,
    handler: async (input, context) => {
      requireRole(context, 'admin');
      return publish(runWrite(() => createLeague(input)));
    },
  }),
  update: defineAction({
    accept: 'json',
    input: leagueUpdateSchema,
    handler: async ({ id, base_revision, ...input }, context) => {
      requireRole(context, 'admin');
      const { saved, revision } = runVersionedWrite('leagues', id, base_revision, () => updateLeague(id, input));
      return { ...(await publish(saved)), revision };
    },
  }),
  remove: defineAction({
    accept: 'json',
    input: leagueIdSchema,
    handler: async ({ id }, context) => {
      requireRole(context, 'admin');
      return publish(runWrite(() => deleteLeague(id)));
    },
  }),
  createResult: defineAction({
    accept: 'json',
    input: leagueResultSchema,
    handler: async (input, context) => {
      requireRole(context, 'admin');
      return publish(runWrite(() => createResult(input)));
    },
  }),
  updateResult: defineAction({
    accept: 'json',
    input: leagueResultUpdateSchema,
    handler: async ({ id, result, base_revision }, context) => {
      requireRole(context, 'admin');
      const { saved, revision } = runVersionedWrite('league_results', id, base_revision, () => updateResult(id, result));
      return { ...(await publish(saved)), revision };
    },
  }),
  removeResult: defineAction({
    accept: 'json',
    input: leagueIdSchema,
    handler: async ({ id }, context) => {
      requireRole(context, 'admin');
      return publish(runWrite(() => deleteResult(id)));
    },
  }),
  paste: defineAction({
    accept: 'json',
    input: standingsPasteSchema,
    handler: async ({ league_id, text }, context) => {
      requireRole(context, 'admin');
      return publish(runWrite(() => pasteStandings(league_id, text)));
    },
  }),
};
