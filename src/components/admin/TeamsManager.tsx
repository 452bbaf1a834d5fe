// Teams manager (admin-area.md §2 Mannschaften, §4, §5, §8): 'New team' form,
// a table reordered by dragging its handle (or by keyboard), an edit dialog, a
// view button opening /team/{id}, and delete after the spec's confirmation.
import { actions } from 'astro:actions';
import { TEAM_CATEGORIES, TEAM_TEXTS as T, teamSchema, type TeamEntry } from '../../lib/schemas/team';
import { FieldError, KIT_TEXTS, callAction, wrapStyle } from './contentKit';
import { EntityEditDialog, EntityFormButtons, RowActions, useEntityForm, useEntityList, type EntityFormProps } from './entityKit';
import { createOrUpdate } from './entitySave';
import ImageUpload from './ImageUpload';
import { HALF_MINUTES, MIN_HALF_MINUTES } from '../../lib/match-minute';
import { ReorderAnnouncer, useSavedRowReorder } from './TeamsReorder';

type FormValues = {
  name: string;
  category: string;
  description: string;
  image_url: string;
  achievements: string;
  display_order: string;
  half_minutes: string;
};
const EMPTY: FormValues = { name: '', category: '', description: '', image_url: '', achievements: '', display_order: '0', half_minutes: String(HALF_MINUTES) };

const toForm = (team: TeamEntry): FormValues => ({
  name: team.name,
  category: team.category,
  description: team.description ?? '',
  image_url: team.image_url ?? '',
  achievements: team.achievements.join(', '),
  display_order: String(team.display_order),
  half_minutes: String(team.half_minutes),
});

function TeamForm({ team, ...props }: { team: TeamEntry | null } & EntityFormProps) {
  const save = createOrUpdate(team, actions.admin.teams);
  const form = useEntityForm({
    ...props,
    initial: team ? toForm(team) : EMPTY,
    schema: teamSchema,
    save,
    texts: { invalid: KIT_TEXTS.error, failed: team ? T.updateError : T.saveError, saved: team ? T.updated : T.created },
    next: (row) => (team ? toForm(row) : EMPTY),
  });
  const { values, set, bind, errors } = form;

  const id = (name: string) => `team-${team ? 'edit' : 'new'}-${name}`;
  // a category from older data stays choosable
  const categories: string[] = [...TEAM_CATEGORIES];
  if (values.category && !categories.includes(values.category)) categories.push(values.category);
  return (
    <form className="admin-form team-form" noValidate onSubmit={form.submit} aria-label={team ? T.editTitle : T.createTitle}>
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
          {(values.category === 'Nachwuchs' || values.category === 'Jugend') && <small className="hint youth-category-hint">{T.youthCategoryHint}</small>}
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
        <label className="admin-field" htmlFor={id('half')}>
          <span>{T.halfMinutes}</span>
          <input id={id('half')} name="half_minutes" type="number" inputMode="numeric" min={MIN_HALF_MINUTES} max={HALF_MINUTES} step={1} {...bind('half_minutes')} />
          <small className="hint">{T.halfMinutesHint}</small>
          <FieldError message={errors.half_minutes} />
        </label>
      </div>
      <EntityFormButtons inDialog={team !== null} form={form} createLabel="Team hinzufügen" />
    </form>
  );
}

export default function TeamsManager() {
  const list = useEntityList({
    load: () => callAction(() => actions.admin.teams.list({})),
    loadFailed: T.loadError,
    tables: ['teams', 'players'],
    remove: {
      confirm: T.confirmDelete,
      call: (team) => callAction(() => actions.admin.teams.remove({ id: team.id })),
      failed: T.deleteError,
      deleted: T.deleted,
    },
  });
  const { data: teams, loading, loadFailed, reload } = list;

  const { order, handleProps, rowProps, announcement } = useSavedRowReorder(
    list,
    (ids) => callAction(() => actions.admin.teams.reorder({ ids })),
    { failed: T.orderError, saved: T.ordered },
  );

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
                      <RowActions entry={team} list={list}>
                        <a className="btn btn-outline btn-small" href={`/team/${encodeURIComponent(team.id)}`} target="_blank" rel="noopener">
                          {T.view}
                        </a>
                      </RowActions>
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
        {(team, form) => <TeamForm team={team} {...form} />}
      </EntityEditDialog>
    </>
  );
}
