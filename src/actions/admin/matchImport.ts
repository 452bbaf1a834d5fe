// Admin actions (issue 14): importing fixtures and results (CSV, iCalendar) in 'Spielplan'.
// Three steps: inspect a source (a CSV's columns), review the plan (nothing written), apply it
// (one transaction, then the changed pages are published).
import { defineAction } from 'astro:actions';
import { matchImportApplySchema, matchImportInspectSchema, matchImportReviewSchema } from '../../lib/schemas/match-import';
import { applyMatchImport, inspectMatchImport, reviewMatchImport } from '../../server/services/admin/match-import';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { runWriteAsync } from './inputErrors';

export const matchImport = {
  inspect: defineAction({
    accept: 'json',
    input: matchImportInspectSchema,
    handler: async ({ source }, context) => {
      requireRole(context, 'admin');
      return runWriteAsync(() => inspectMatchImport(source));
    },
  }),
  review: defineAction({
    accept: 'json',
    input: matchImportReviewSchema,
    handler: async (input, context) => {
      requireRole(context, 'admin');
      return runWriteAsync(() => reviewMatchImport(input));
    },
  }),
  apply: defineAction({
    accept: 'json',
    input: matchImportApplySchema,
    handler: async (input, context) => {
      requireRole(context, 'admin');
      const { result, changes } = await runWriteAsync(() => applyMatchImport(input));
      return { result, ...(await publishChanges(changes)) };
    },
  }),
};
