// 'Papierkorb' (issue 15): every deleted row of the content tables for the
// retention period, one entry per delete (a team with the players it took
// along), with 'Wiederherstellen'; the server puts the rows back and
// republishes. A superadmin sets how long the trash and older versions keep
// (site settings read by the retention job).
import { actions } from 'astro:actions';
import { useEffect, useState, type FormEvent } from 'react';
import { refusedWhile } from '../ui/refused';
import { useBusyRows } from './busyRows';
import { focusAfterRemoval } from './focusAfterRemoval';
import { formatDateTime } from '../../lib/dates-de';
import { REVISIONS_UI_TEXTS as T } from '../../lib/revision-compare';
import { REVISIONED_ENTITIES, type TrashEntry } from '../../lib/revisions';
import { callAction, useLoader, useSaveToasts, wrapStyle } from './contentKit';
import { useLiveReload } from './live';
import type { ManagerProps } from './managers';
import { Field, SaveButton, confirmAction } from './ui';

type Retention = { trashDays: number; revisionDays: number };
type Result<T> = Promise<{ data?: T; error?: unknown }>;
/**
 * admin.retention (src/actions/admin/retention.ts) reached without its type:
 * the panel builds whether or not the group is registered yet, and shows the
 * settings only when the server answers.
 */
const retentionApi = (actions.admin as unknown as { retention: { settings: (input: object) => Result<Retention>; save: (input: Retention) => Result<Retention> } })
  .retention;

const TRASH_DAYS_DEFAULT = 30;

function RetentionForm({ initial, onSaved }: { initial: Retention; onSaved: (value: Retention) => void }) {
  const { saved, failed } = useSaveToasts();
  const [values, setValues] = useState({ trashDays: String(initial.trashDays), revisionDays: String(initial.revisionDays) });
  const [saving, setSaving] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const result = await callAction(() => retentionApi.save({ trashDays: Number(values.trashDays), revisionDays: Number(values.revisionDays) }));
    setSaving(false);
    if (!result.ok) return failed(T.retentionFailed, result.message);
    saved(T.retentionSaved);
    onSaved(result.data);
  };
  return (
    <section className="admin-card" aria-labelledby="trash-retention-heading">
      <h2 id="trash-retention-heading">{T.retentionHeading}</h2>
      <p className="hint" style={{ marginTop: 0 }}>{T.retentionIntro}</p>
      <form className="admin-form trash-retention-form" aria-labelledby="trash-retention-heading" onSubmit={(e) => void save(e)} noValidate>
        <Field label={T.trashDays}>
          <input type="number" min={1} max={365} value={values.trashDays} onChange={(e) => setValues({ ...values, trashDays: e.target.value })} />
        </Field>
        <Field label={T.revisionDays} hint={T.revisionDaysHint}>
          <input type="number" min={7} max={3650} value={values.revisionDays} onChange={(e) => setValues({ ...values, revisionDays: e.target.value })} />
        </Field>
        <div>
          <SaveButton saving={saving}>{T.retentionSave}</SaveButton>
        </div>
      </form>
    </section>
  );
}

function TrashRow({ entry, busy, onRestore, onPurge }: { entry: TrashEntry; busy: boolean; onRestore: () => void; onPurge: () => void }) {
  const deletedBy = entry.user_name ?? T.system;
  return (
    <tr className="trash-entry" data-entity={entry.entity} data-row={entry.row_id}>
      <td data-label={T.kind}>{entry.entity_label}</td>
      <td data-label={T.entry} style={wrapStyle}>
        <span>
          <strong className="trash-title">{entry.title}</strong>
          {entry.with_rows > 0 && <span className="trash-with"> {T.withRows(entry.with_rows)}</span>}
        </span>
      </td>
      <td data-label={T.deleted} style={wrapStyle}>
        <span>
          {formatDateTime(entry.created_at)}
          <br />
          <span className="hint">{T.by(deletedBy)}</span>
        </span>
      </td>
      <td data-label={T.expires}>{formatDateTime(entry.expires_at)}</td>
      <td>
        <div className="admin-actions">
          <button type="button" className="btn btn-outline btn-small" aria-label={T.untrashLabel(entry.title)} {...refusedWhile(busy)} onClick={onRestore}>
            {busy ? T.loading : T.restore}
          </button>
          <button type="button" className="btn btn-danger btn-small" aria-label={T.purgeLabel(entry.title)} {...refusedWhile(busy)} onClick={onPurge}>
            {T.purge}
          </button>
        </div>
      </td>
    </tr>
  );
}

export default function TrashManager({ isSuperAdmin }: ManagerProps) {
  const { saved, failed } = useSaveToasts();
  const loader = useLoader(
    () => callAction(() => actions.admin.revisions.trash({}), T.trashLoadError),
    (message) => failed(T.trashLoadError, message),
  );
  const { data: entries, reload } = loader;
  // a delete or restore in another tab or by another admin
  useLiveReload(REVISIONED_ENTITIES, () => void reload());
  const [retention, setRetention] = useState<Retention | null>(null);
  const { busy, during } = useBusyRows<number>();

  useEffect(() => {
    // without an answer (older server) the trash still works; the intro says the default
    void callAction(() => retentionApi.settings({})).then((result) => {
      if (result.ok) setRetention(result.data);
    });
  }, []);

  // the entry leaves the trash with its buttons: the keyboard's focus goes to the next entry's (focusAfterRemoval)
  const restore = async (entry: TrashEntry) => {
    if (!confirmAction(T.untrashConfirm(entry.title))) return;
    const focus = focusAfterRemoval();
    const result = await during(entry.id, () => callAction(() => actions.admin.revisions.untrash({ revision: entry.id }), T.untrashFailed));
    if (!result.ok) failed(T.untrashFailed, result.message);
    else saved(T.untrashed(entry.title), result.data);
    await reload();
    focus.moveFocus();
  };

  const purge = async (entry: TrashEntry) => {
    if (!confirmAction(T.purgeConfirm(entry.title))) return;
    const focus = focusAfterRemoval();
    const result = await during(entry.id, () => callAction(() => actions.admin.revisions.purge({ revision: entry.id }), T.purgeFailed));
    if (!result.ok) failed(T.purgeFailed, result.message);
    else saved(T.purged(entry.title));
    await reload();
    focus.moveFocus();
  };

  return (
    <>
      {/* minWidth: a grid item of the panel; the table scrolls or turns into cards, the page never widens */}
      <section className="admin-card" aria-labelledby="trash-heading" style={{ minWidth: 0 }}>
        <h2 id="trash-heading">{T.trashHeading}</h2>
        <p className="hint" style={{ marginTop: 0 }}>{T.trashIntro(retention?.trashDays ?? TRASH_DAYS_DEFAULT)}</p>
        {loader.loading && <p role="status">{T.loading}</p>}
        {entries && entries.length === 0 && <p className="empty">{T.trashEmpty}</p>}
        {entries && entries.length > 0 && (
          <div className="admin-table-wrap">
            <table className="admin-table sports-table trash-table">
              <caption className="visually-hidden">{T.trashHeading}</caption>
              <thead>
                <tr>
                  <th scope="col">{T.kind}</th>
                  <th scope="col">{T.entry}</th>
                  <th scope="col">{T.deleted}</th>
                  <th scope="col">{T.expires}</th>
                  <th scope="col">{T.actions}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <TrashRow key={entry.id} entry={entry} busy={busy.has(entry.id)} onRestore={() => void restore(entry)} onPurge={() => void purge(entry)} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {isSuperAdmin && retention && <RetentionForm initial={retention} onSaved={setRetention} />}
    </>
  );
}
