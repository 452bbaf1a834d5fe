// Our own tables beside the content: settings, the publisher's pending pages, the scheduler's jobs, the
// content's versions (revisions), the audit log, the media library and the importer's map.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAtColumn } from './columns';

// Key-value settings: cache version, signing secret.
export const siteSettings = sqliteTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

// Pages that still differ from the database (a render or disk failure, a crash
// between commit and publish): retried with back-off until they are published
// (src/server/publish/pending.ts).
export const publishPending = sqliteTable('publish_pending', {
  url: text('url').primaryKey(),
  since: integer('since').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: integer('next_attempt_at').notNull().default(0),
  lastError: text('last_error'),
});

// Jobs of the scheduler (src/server/scheduler.ts): when each runs next, so that
// a restart neither skips nor repeats a due job.
export const scheduledJobs = sqliteTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: integer('next_run_at').notNull(),
  lastRunAt: integer('last_run_at'),
  lastError: text('last_error'),
});


// ── Editorial safety net (issue 15, src/server/revisions/) ──────────────────────
// Every version of every content row, written by the connection's revision
// triggers: an insert or update keeps the row as it is after the write, a
// delete the row as it was (the trash). `change_set` groups the rows of one
// write() (a team and the players its delete took with it).
export const revisions = sqliteTable(
  'revisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    change_set: text('change_set').notNull(),
    entity: text('entity').notNull(),
    row_id: text('row_id').notNull(),
    op: text('op', { enum: ['insert', 'update', 'delete', 'restore'] }).notNull(),
    data: text('data').notNull(),
    user_id: text('user_id'),
    user_name: text('user_name'),
    // ms since epoch
    created_at: integer('created_at').notNull(),
    // a deleted row put back (or expired from the trash): no longer in the trash
    trash_closed: integer('trash_closed', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    index('revisions_row').on(t.entity, t.row_id, t.id),
    index('revisions_trash').on(t.op, t.trash_closed, t.created_at),
    index('revisions_created').on(t.created_at),
    // the rows of one write, for 'Rückgängig' and the trash's restore: a scan of every version before
    index('revisions_change_set').on(t.change_set, t.op),
  ],
);

// Who did what and when (superadmin, 'Protokoll'): sign-ins, failed sign-in
// bursts, roles, invitations, deletions. Content changes are read from `revisions`.
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // ms since epoch
    at: integer('at').notNull(),
    user_id: text('user_id'),
    user_name: text('user_name'),
    action: text('action').notNull(),
    entity: text('entity'),
    row_id: text('row_id'),
    detail: text('detail'),
  },
  (t) => [index('audit_log_at').on(t.at), index('audit_log_action').on(t.action, t.at)],
);

// The media library: every uploaded image once, with its alt text.
export const media = sqliteTable('media', {
  url: text('url').primaryKey(),
  alt: text('alt').notNull().default(''),
  bytes: integer('bytes'),
  width: integer('width'),
  height: integer('height'),
  uploaded_by: text('uploaded_by'),
  created_at: createdAtColumn(),
  // when a file that no upload recorded was found on disk (ISO; null: recorded at its upload): the nightly
  // sweep counts from here, not from the file's time (a file copied in by hand, or kept from before an update)
  found_at: text('found_at'),
});

// What `npm run import` brought over from the old app (src/server/import): each
// old row's id, the id of our row, and the hash of the old row, so that a second
// run updates instead of duplicating and leaves unchanged rows alone.
export const importMap = sqliteTable(
  'import_map',
  {
    source_table: text('source_table').notNull(),
    source_id: text('source_id').notNull(),
    target_id: text('target_id').notNull(),
    hash: text('hash').notNull(),
    // what the import wrote to our row: a JSON object of a short hash per column it writes, as stored. A column
    // that differs on the next run was changed by an admin here since, and the import leaves the row (decision
    // 020); null for rows mapped before this was kept, and for accounts and roles
    written_columns: text('written_columns'),
    // for an old profile: 1 when the import made the account, 0 when it found one here by its e-mail. Only an
    // account the import made takes the old app's roles and follows its e-mail changes (decision 020: the old
    // data decides nothing about an account that was here before); null for the other tables, and for profiles
    // mapped before this was kept (taken as found here: the safe side)
    made_by_import: integer('made_by_import'),
  },
  (t) => [primaryKey({ columns: [t.source_table, t.source_id] })],
);
