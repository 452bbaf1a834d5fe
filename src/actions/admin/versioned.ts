// A save of an existing row, checked against the version the admin's form was
// opened on (issue 15, optimistic concurrency): refused with a German message
// naming who saved since, as the action error CONFLICT. The check and the write
// run in one synchronous step, so no other save can come between them.
import type { RevisionedEntity } from '../../lib/revisions';
import { assertUnchanged } from '../../server/revisions';
import { runWrite } from './inputErrors';

export function runVersionedWrite<T>(entity: RevisionedEntity, id: string, base: number | undefined, save: () => T): T {
  return runWrite(() => {
    assertUnchanged(entity, id, base);
    return save();
  });
}
