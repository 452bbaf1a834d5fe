// A save of an existing row, checked against the version the admin's form was
// opened on (issue 15, optimistic concurrency): refused with a German message
// naming who saved since, as the action error CONFLICT, and written to the audit
// log. The check, the write and the reading of the row's new revision run in one
// synchronous step, so no other save can come between them: the form continues
// from the revision its own save made (asking for it in a second request would
// take someone else's save in between as its base, and overwrite it unseen).
import type { RevisionedEntity } from '../../lib/revisions';
import { recordAudit } from '../../server/audit/audit-log';
import { getDb } from '../../server/db/client';
import { isRefusedWrite } from '../../server/db/write';
import { assertColumnsUnchanged, assertUnchanged, currentRevision } from '../../server/revisions';
import { runWrite } from './inputErrors';

/** A versioned save's result: the service's own, and the revision the row is at after it (0: none kept). */
export type Versioned<T> = { saved: T; revision: number };

/**
 * `only`: the save writes only these columns, on a row that other writes change beside them (a
 * match's report while its events come in): only a change to them since the base refuses it;
 * `read` are their values as the form was filled (for a row that had no version then).
 */
export function runVersionedWrite<T>(
  entity: RevisionedEntity,
  id: string,
  base: number | undefined,
  save: () => T,
  only?: { columns: readonly string[]; read?: Record<string, unknown> },
): Versioned<T> {
  return runCheckedWrite(
    entity,
    id,
    () => (only ? assertColumnsUnchanged(entity, id, base, only.columns, only.read) : assertUnchanged(entity, id, base)),
    () => ({ saved: save(), revision: currentRevision(entity, id) ?? 0 }),
  );
}

/**
 * A save behind a check of its own (a form compared by the values it was filled with, as the home
 * page's sections are): the check and the save in one synchronous step, a refusal logged.
 */
export function runCheckedWrite<T>(entity: RevisionedEntity, id: string, check: () => void, save: () => T): T {
  return runWrite(() => {
    try {
      check();
    } catch (error) {
      if (isRefusedWrite(error) && error.code === 'CONFLICT') logConflict(entity, id, error.message);
      throw error;
    }
    return save();
  });
}

/** The refusal is what the admin must see: a log entry that cannot be stored does not replace it. */
function logConflict(entity: RevisionedEntity, id: string, message: string): void {
  try {
    recordAudit(getDb(), { action: 'content.conflict', entity, rowId: id, detail: message });
  } catch (error) {
    console.error('[audit] a refused save could not be logged:', error);
  }
}
