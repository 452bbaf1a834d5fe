// A save of an existing row, checked against the version the admin's form was
// opened on (issue 15, optimistic concurrency): refused with a German message
// naming who saved since, as the action error CONFLICT, and written to the audit
// log. The check and the write run in one synchronous step, so no other save can
// come between them.
import type { RevisionedEntity } from '../../lib/revisions';
import { recordAudit } from '../../server/audit/audit-log';
import { getDb } from '../../server/db/client';
import { isRefusedWrite } from '../../server/db/write';
import { assertUnchanged } from '../../server/revisions';
import { runWrite } from './inputErrors';

export function runVersionedWrite<T>(entity: RevisionedEntity, id: string, base: number | undefined, save: () => T): T {
  return runWrite(() => {
    try {
      assertUnchanged(entity, id, base);
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
