// Youth teams manager (admin-area.md §2 Nachwuchs, §4, §5, §8): a table
// reordered by dragging (or by keyboard), create, edit, delete after asking,
// and a contact person chosen from the club's contacts.
import { actions } from 'astro:actions';
import { YOUTH_TEXTS as T, youthTeamSchema, type ContactOption, type YouthTeamEntry } from '../../lib/schemas/youthTeam';
import { ActiveBadge, FieldError, KIT_TEXTS, callAction, useLoader, wrapStyle } from './contentKit';
import { EntityEditDialog, EntityFormButtons, RowActions, useEntityForm, useEntityList, type EntityFormProps } from './entityKit';
import { createOrUpdate } from './entitySave';
import { ReorderAnnouncer, useSavedRowReorder } from './TeamsReorder';

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

function YouthTeamForm({ team, contacts, ...props }: { team: YouthTeamEntry | null; contacts: ContactOption[] } & EntityFormProps) {
  const save = createOrUpdate(team, actions.admin.youthTeams);
  const form = useEntityForm({
    ...props,
    initial: team ? toForm(team) : EMPTY,
    schema: youthTeamSchema,
    save,
    texts: { invalid: KIT_TEXTS.error, failed: team ? T.updateError : T.saveError, saved: team ? T.updated : T.created },
    next: (row) => (team ? { ...toForm({ ...team, ...row }) } : EMPTY),
  });
  const { values, set, bind, errors } = form;

  const id = (name: string) => `youth-${team ? 'edit' : 'new'}-${name}`;
  return (
    <form className="admin-form youth-form" noValidate onSubmit={form.submit} aria-label={team ? T.editTitle : T.createTitle}>
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
      <EntityFormButtons inDialog={team !== null} form={form} createLabel="Nachwuchsmannschaft hinzufügen" />
    </form>
  );
}

export default function YouthTeamsManager() {
  const list = useEntityList({
    load: () => callAction(() => actions.admin.youthTeams.list({})),
    loadFailed: T.loadError,
    tables: ['youth_teams', 'contact_info'],
    alsoReload: () => void reloadContacts(),
    remove: {
      confirm: T.confirmDelete,
      call: (team) => callAction(() => actions.admin.youthTeams.remove({ id: team.id })),
      failed: T.deleteError,
      deleted: T.deleted,
    },
  });
  const { data: teams, loading, loadFailed, reload } = list;
  const { data: contacts, reload: reloadContacts } = useLoader(
    () => callAction(() => actions.admin.youthTeams.contacts({})),
    (message) => list.failed(KIT_TEXTS.loadError, message),
  );

  const { order, handleProps, rowProps, announcement } = useSavedRowReorder(
    list,
    (ids) => callAction(() => actions.admin.youthTeams.reorder({ ids })),
    { failed: T.orderError, saved: T.ordered },
  );

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
                      <RowActions entry={team} list={list} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ReorderAnnouncer text={announcement} />
      </section>
      <EntityEditDialog list={list} title={T.editTitle} wide>
        {(team, form) => <YouthTeamForm team={team} contacts={contacts ?? []} {...form} />}
      </EntityEditDialog>
    </>
  );
}
