// Revisions, trash and the concurrency check (issue 15): the one home of the
// editorial safety net's server side. The rows are written by triggers on the
// write connection (./triggers.ts); the actor comes from requireRole().
export { enterActor, runAsActor, currentActor, type Actor } from './context';
export { assertColumnsUnchanged, assertUnchanged, conflictSince, currentRevision, restoreFromTrash, restoreRevision, revisionEntity, rowHistory, withRevisions } from './revisions';
export { listTrash, pruneRevisions, purgeFromTrash, revisionDays, trashDays, trashEntryEntities } from './trash';
