// Youth teams manager (admin-area.md §2 Nachwuchs, §4, §5, §8): a table
// reordered by dragging (or by keyboard), create, edit, delete after asking,
// and a contact person chosen from the club's contacts.
import { actions } from 'astro:actions';
import { useEffect, useState, type FormEvent } from 'react';
import { YOUTH_TEXTS as T, youthTeamSchema, type ContactOption, type YouthTeamEntry } from '../../lib/schemas/youthTeam';
import {
  ActiveBadge,
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
import { useLiveReload } from './live';
import { ReorderAnnouncer, useRowReorder } from './TeamsReorder';
import { SaveButton, confirmAction } from './ui';

type FormValues = {
  name: string;
  age_group: string;
  description: string;
  players: string;
  training_schedule: string;
  coach: string;
  contact_info_id: string;
  display_order: string;
  is_active: boolean;
};
const EMPTY: FormValues = {
  name: '',
  age_group: '',
  description: '',
  players: '0',
  training_schedule: '',
  coach: '',
  contact_info_id: '',
  display_order: '0',
  is_active: true,
};

const toForm = (t: YouthTeamEntry): FormValues => ({
  name: t.name,
  age_group: t.age_group ?? '',
  description: t.description ?? '',
  players: String(t.players),
  training_schedule: t.training_schedule ?? '',
  coach: t.coach ?? '',
  contact_info_id: t.contact_info_id ?? '',
  display_order: String(t.display_order),
  is_active: t.is_active,
});

function YouthTeamForm({
  team,
  contacts,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  team: YouthTeamEntry | null;
  contacts: ContactOption[];
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
    const checked = validateWith(youthTeamSchema, values);
    if (!checked.ok) {
      setErrors(checked.fields);
      failed(KIT_TEXTS.error, checked.message);
      return;
    }
    setSaving(true);
    const result = team
      ? await callAction(() => actions.admin.youthTeams.update({ id: team.id, ...values }))
      : await callAction(() => actions.admin.youthTeams.create(values));
    setSaving(false);
    if (!result.ok) {
      setErrors(result.fields);
      failed(team ? T.updateError : T.saveError, result.message);
      return;
    }
    const { row, ...publication } = result.data;
    saved(team ? T.updated : T.created, publication);
    reset(team ? { ...toForm({ ...team, ...row }) } : EMPTY);
    onDone();
  };

  const id = (name: string) => `youth-${team ? 'edit' : 'new'}-${name}`;
  return (
    <form className="admin-form youth-form" noValidate onSubmit={(e) => void submit(e)} aria-label={team ? T.editTitle : T.createTitle}>
      <div className="row">
        <label className="admin-field" htmlFor={id('name')}>
          <span>Name *</span>
          <input id={id('name')} name="name" autoComplete="off" placeholder="z. B. U12" {...bind('name')} />
          <FieldError message={errors.name} />
        </label>
        <label className="admin-field" htmlFor={id('age')}>
          <span>Altersgruppe</span>
          <input id={id('age')} name="age_group" placeholder="z. B. 10–12 Jahre" {...bind('age_group')} />
          <FieldError message={errors.age_group} />
        </label>
      </div>
      <label className="admin-field" htmlFor={id('description')}>
        <span>Beschreibung</span>
        <textarea id={id('description')} name="description" rows={3} {...bind('description')} />
        <FieldError message={errors.description} />
      </label>
      <div className="row">
        <label className="admin-field" htmlFor={id('players')}>
          <span>Spieleranzahl</span>
          <input id={id('players')} name="players" type="number" inputMode="numeric" min={0} step={1} {...bind('players')} />
          <FieldError message={errors.players} />
        </label>
        <label className="admin-field" htmlFor={id('coach')}>
          <span>Trainer</span>
          <input id={id('coach')} name="coach" {...bind('coach')} />
          <FieldError message={errors.coach} />
        </label>
      </div>
      <label className="admin-field" htmlFor={id('training')}>
        <span>Trainingszeiten</span>
        <input id={id('training')} name="training_schedule" placeholder="z. B. Di und Do, 17:00–18:30" {...bind('training_schedule')} />
        <FieldError message={errors.training_schedule} />
      </label>
      <div className="row" style={{ alignItems: 'end' }}>
        <label className="admin-field" htmlFor={id('contact')}>
          <span>Kontaktperson</span>
          <select id={id('contact')} name="contact_info_id" {...bind('contact_info_id')}>
            <option value="">{T.noContact}</option>
            {contacts.map((c) => (
              <option key={c.id} value={c.id}>
                {c.role ? `${c.name} (${c.role})` : c.name}
              </option>
            ))}
          </select>
          <FieldError message={errors.contact_info_id} />
        </label>
        <label className="admin-field" htmlFor={id('order')}>
          <span>Reihenfolge</span>
          <input id={id('order')} name="display_order" type="number" inputMode="numeric" min={0} step={1} {...bind('display_order')} />
          <FieldError message={errors.display_order} />
        </label>
        <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', minHeight: 44 }}>
          <input type="checkbox" name="is_active" checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} />
          {T.active}
        </label>
      </div>
      {team ? (
        <DialogButtons saving={saving} dirty={dirty} onCancel={onCancel ?? onDone} />
      ) : (
        <div>
          <SaveButton saving={saving}>Nachwuchsmannschaft hinzufügen</SaveButton>
        </div>
      )}
    </form>
  );
}

export default function YouthTeamsManager() {
  const { saved, failed } = useSaveToasts();
  const { data: teams, loading, failed: loadFailed, reload } = useLoader(
    () => callAction(() => actions.admin.youthTeams.list({})),
    (message) => failed(T.loadError, message),
  );
  const { data: contacts, reload: reloadContacts } = useLoader(
    () => callAction(() => actions.admin.youthTeams.contacts({})),
    (message) => failed(KIT_TEXTS.loadError, message),
  );
  useLiveReload(['youth_teams', 'contact_info'], () => {
    void reload();
    void reloadContacts();
  });
  const [editing, setEditing] = useState<YouthTeamEntry | null>(null);
  const [editDirty, setEditDirty] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const { order, handleProps, rowProps, announcement } = useRowReorder(teams, async (ids) => {
    const result = await callAction(() => actions.admin.youthTeams.reorder({ ids }));
    if (!result.ok) {
      failed(T.orderError, result.message);
      void reload();
      return;
    }
    saved(T.ordered, result.data);
  });

  const remove = async (team: YouthTeamEntry) => {
    if (!confirmAction(T.confirmDelete)) return;
    setBusy(team.id);
    const result = await callAction(() => actions.admin.youthTeams.remove({ id: team.id }));
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
        <YouthTeamForm team={null} contacts={contacts ?? []} onDone={() => void reload()} />
      </section>
      <section className="admin-card" aria-labelledby="youth-list-heading">
        <h2 id="youth-list-heading">
          {T.listTitle} {teams ? `(${teams.length})` : ''}
        </h2>
        {loading && <p className="empty">{KIT_TEXTS.loading}</p>}
        {loadFailed && <p className="empty">{T.loadError}</p>}
        {teams && teams.length === 0 && <p className="empty">{T.empty}</p>}
        {order.length > 0 && (
          <div className="admin-table-wrap">
            <table className="admin-table sports-table youth-table">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Reihenfolge</span>
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">Altersgruppe</th>
                  <th scope="col">Spieler</th>
                  <th scope="col">Trainer</th>
                  <th scope="col">Kontaktperson</th>
                  <th scope="col">Status</th>
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
                    <td data-label="Name" className="youth-name" style={wrapStyle}>
                      <strong>{team.name}</strong>
                    </td>
                    <td data-label="Altersgruppe">{team.age_group ?? '–'}</td>
                    <td data-label="Spieler">{team.players}</td>
                    <td data-label="Trainer" style={wrapStyle}>
                      {team.coach ?? '–'}
                    </td>
                    <td data-label="Kontaktperson" style={wrapStyle}>
                      {team.contact?.name ?? '–'}
                    </td>
                    <td data-label="Status">
                      <ActiveBadge active={team.is_active} />
                    </td>
                    <td data-label="Aktionen">
                      <div className="admin-actions">
                        <button type="button" className="btn btn-outline btn-small" onClick={() => setEditing(team)}>
                          Bearbeiten
                        </button>
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
          <YouthTeamForm
            key={editing.id}
            team={editing}
            contacts={contacts ?? []}
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
