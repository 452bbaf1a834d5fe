// Teams manager (admin-area.md §2 Mannschaften, §4, §5, §8): 'New team' form,
// a table reordered by dragging its handle (or by keyboard), an edit dialog, a
// view button opening /team/{id}, and delete after the spec's confirmation.
import { actions } from 'astro:actions';
import { useEffect, useState, type FormEvent } from 'react';
import { TEAM_CATEGORIES, TEAM_TEXTS as T, teamSchema, type TeamEntry } from '../../lib/schemas/team';
import {
  DialogButtons,
  EditDialog,
  FieldError,
  KIT_TEXTS,
  callAction,
  useFormState,
  useLoader,
  useSaveToasts,
  validateWith,
  wrapStyle,
} from './contentKit';
import ImageUpload from './ImageUpload';
import { useLiveReload } from './live';
import { ReorderAnnouncer, useRowReorder } from './TeamsReorder';
import { SaveButton, confirmAction } from './ui';

type FormValues = {
  name: string;
  category: string;
  description: string;
  image_url: string;
  achievements: string;
  display_order: string;
};
const EMPTY: FormValues = { name: '', category: '', description: '', image_url: '', achievements: '', display_order: '0' };

const toForm = (team: TeamEntry): FormValues => ({
  name: team.name,
  category: team.category,
  description: team.description ?? '',
  image_url: team.image_url ?? '',
  achievements: team.achievements.join(', '),
  display_order: String(team.display_order),
});

function TeamForm({
  team,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  team: TeamEntry | null;
  onDone: () => void;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { values, set, bind, errors, setErrors, reset, dirty } = useFormState<FormValues>(team ? toForm(team) : EMPTY);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const [saving, setSaving] = useState(false);
  const { saved, failed } = useSaveToasts();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validateWith(teamSchema, values);
    if (!checked.ok) {
      setErrors(checked.fields);
      failed(KIT_TEXTS.error, checked.message);
      return;
    }
    setSaving(true);
    const result = team
      ? await callAction(() => actions.admin.teams.update({ id: team.id, ...values }))
      : await callAction(() => actions.admin.teams.create(values));
    setSaving(false);
    if (!result.ok) {
      setErrors(result.fields);
      failed(team ? T.updateError : T.saveError, result.message);
      return;
    }
    const { row, ...publication } = result.data;
    saved(team ? T.updated : T.created, publication);
    reset(team ? toForm(row) : EMPTY);
    onDone();
  };

  const id = (name: string) => `team-${team ? 'edit' : 'new'}-${name}`;
  // a category from older data stays choosable
  const categories: string[] = [...TEAM_CATEGORIES];
  if (values.category && !categories.includes(values.category)) categories.push(values.category);
  return (
    <form className="admin-form team-form" noValidate onSubmit={(e) => void submit(e)} aria-label={team ? T.editTitle : T.createTitle}>
      <div className="row">
        <label className="admin-field" htmlFor={id('name')}>
          <span>Name *</span>
          <input id={id('name')} name="name" autoComplete="off" {...bind('name')} />
          <FieldError message={errors.name} />
        </label>
        <label className="admin-field" htmlFor={id('category')}>
          <span>Kategorie *</span>
          <select id={id('category')} name="category" {...bind('category')}>
            <option value="">Kategorie wählen</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <FieldError message={errors.category} />
        </label>
      </div>
      <label className="admin-field" htmlFor={id('description')}>
        <span>Beschreibung</span>
        <textarea id={id('description')} name="description" rows={3} {...bind('description')} />
        <FieldError message={errors.description} />
      </label>
      <ImageUpload
        name="team-image"
        label="Teamfoto"
        folder="teams/"
        value={values.image_url || null}
        onChange={(url) => set('image_url', url ?? '')}
        error={errors.image_url}
      />
      <div className="row">
        <label className="admin-field" htmlFor={id('achievements')}>
          <span>Erfolge</span>
          <input id={id('achievements')} name="achievements" placeholder="Meister 2019, Cupsieger 2021" {...bind('achievements')} />
          <small className="hint">Mehrere Erfolge durch Kommas trennen.</small>
          <FieldError message={errors.achievements} />
        </label>
        <label className="admin-field" htmlFor={id('order')}>
          <span>Reihenfolge</span>
          <input id={id('order')} name="display_order" type="number" inputMode="numeric" min={0} step={1} {...bind('display_order')} />
          <FieldError message={errors.display_order} />
        </label>
      </div>
      {team ? (
        <DialogButtons saving={saving} dirty={dirty} onCancel={onCancel ?? onDone} />
      ) : (
        <div>
          <SaveButton saving={saving}>Team hinzufügen</SaveButton>
        </div>
      )}
    </form>
  );
}

export default function TeamsManager() {
  const { saved, failed } = useSaveToasts();
  const { data: teams, loading, failed: loadFailed, reload } = useLoader(
    () => callAction(() => actions.admin.teams.list({})),
    (message) => failed(T.loadError, message),
  );
  useLiveReload(['teams', 'players'], () => void reload());
  const [editing, setEditing] = useState<TeamEntry | null>(null);
  const [editDirty, setEditDirty] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const { order, handleProps, rowProps, announcement } = useRowReorder(teams, async (ids) => {
    const result = await callAction(() => actions.admin.teams.reorder({ ids }));
    if (!result.ok) {
      failed(T.orderError, result.message);
      void reload();
      return;
    }
    saved(T.ordered, result.data);
  });

  const remove = async (team: TeamEntry) => {
    if (!confirmAction(T.confirmDelete)) return;
    setBusy(team.id);
    const result = await callAction(() => actions.admin.teams.remove({ id: team.id }));
    setBusy(null);
    if (!result.ok) return failed(T.deleteError, result.message);
    const { row: _row, ...publication } = result.data;
    saved(T.deleted, publication);
    void reload();
  };

  return (
    <>
      <section className="admin-card">
        <h2>{T.createTitle}</h2>
        <TeamForm team={null} onDone={() => void reload()} />
      </section>
      <section className="admin-card" aria-labelledby="teams-list-heading">
        <h2 id="teams-list-heading">
          {T.listTitle} {teams ? `(${teams.length})` : ''}
        </h2>
        {loading && <p className="empty">{KIT_TEXTS.loading}</p>}
        {loadFailed && <p className="empty">{T.loadError}</p>}
        {teams && teams.length === 0 && <p className="empty">{T.empty}</p>}
        {order.length > 0 && (
          <div className="admin-table-wrap">
            <table className="admin-table sports-table teams-table">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Reihenfolge</span>
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">Kategorie</th>
                  <th scope="col">Spieler</th>
                  <th scope="col">Beschreibung</th>
                  <th scope="col">Aktionen</th>
                </tr>
              </thead>
              <tbody>
                {order.map((team) => (
                  <tr key={team.id} {...rowProps(team)}>
                    <td className="handle-cell">
                      <button type="button" className="drag-handle" {...handleProps(team)}>
                        ⠿
                      </button>
                    </td>
                    <td data-label="Name" className="team-name" style={wrapStyle}>
                      <strong>{team.name}</strong>
                    </td>
                    <td data-label="Kategorie">
                      <span className="badge">{team.category}</span>
                    </td>
                    <td data-label="Spieler">{team.playerCount}</td>
                    <td data-label="Beschreibung" style={wrapStyle}>
                      {team.description ?? '–'}
                    </td>
                    <td data-label="Aktionen">
                      <div className="admin-actions">
                        <button type="button" className="btn btn-outline btn-small" onClick={() => setEditing(team)}>
                          Bearbeiten
                        </button>
                        <a className="btn btn-outline btn-small" href={`/team/${encodeURIComponent(team.id)}`} target="_blank" rel="noopener">
                          {T.view}
                        </a>
                        <button type="button" className="btn btn-danger btn-small" disabled={busy === team.id} onClick={() => void remove(team)}>
                          Löschen
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ReorderAnnouncer text={announcement} />
      </section>
      <EditDialog open={editing !== null} title={T.editTitle} dirty={editDirty} onClose={() => setEditing(null)} wide>
        {editing && (
          <TeamForm
            key={editing.id}
            team={editing}
            onDirtyChange={setEditDirty}
            onDone={() => {
              setEditing(null);
              void reload();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </EditDialog>
    </>
  );
}
