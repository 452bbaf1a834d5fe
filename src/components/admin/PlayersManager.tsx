// Players manager (admin-area.md §2 Spieler, §5, §8, §9): 'New player' form, a
// table searchable by name, position or team name whose title counts the
// matches, an edit dialog, and delete after the spec's confirmation.
import { actions } from 'astro:actions';
import { useMemo, useState } from 'react';
import { PLAYER_CONSENT_TEXTS as C, PLAYER_POSITIONS, PLAYER_TEXTS as T, playerSchema, type PlayerEntry } from '../../lib/schemas/player';
import { FieldError, KIT_TEXTS, callAction, useFormState, useLoader, wrapStyle } from './contentKit';
import { MoreRows, useShownInSteps } from './ShownInSteps';
import { EntityEditDialog, EntityFormButtons, RowActions, useEntityForm, useEntityList, type EntityFormProps } from './entityKit';
import { createOrUpdate } from './entitySave';
import ImageUpload from './ImageUpload';

type TeamOption = { id: string; name: string; category: string };
type FormValues = {
  name: string;
  position: string;
  age: string;
  jersey_number: string;
  team_id: string;
  image_url: string;
  consent_name: boolean;
  consent_photo: boolean;
  consent_stats: boolean;
  consent_given_by: string;
  consent_given_at: string;
};
const EMPTY: FormValues = {
  name: '',
  position: '',
  age: '',
  jersey_number: '',
  team_id: '',
  image_url: '',
  consent_name: false,
  consent_photo: false,
  consent_stats: false,
  consent_given_by: '',
  consent_given_at: '',
};
const CONSENT_BOXES = [
  ['consent_name', C.name],
  ['consent_photo', C.photo],
  ['consent_stats', C.stats],
] as const;
const checkRow = { display: 'flex', gap: '0.5rem', alignItems: 'center', minHeight: 44 } as const;
const consentBox = { border: '1px solid var(--grey-200)', borderRadius: 8, padding: '0.75rem', margin: '0.75rem 0', display: 'grid', gap: '0.5rem', minWidth: 0 } as const;

const toForm = (p: PlayerEntry): FormValues => ({
  name: p.name,
  position: p.position,
  age: p.age == null ? '' : String(p.age),
  jersey_number: p.jersey_number == null ? '' : String(p.jersey_number),
  team_id: p.team_id,
  image_url: p.image_url ?? '',
  consent_name: p.consent_name,
  consent_photo: p.consent_photo,
  consent_stats: p.consent_stats,
  consent_given_by: p.consent_given_by ?? '',
  consent_given_at: p.consent_given_at ?? '',
});

/** What the player (or a guardian) agreed may be published; who recorded it is shown, not edited. */
function ConsentFields({ form, id, recordedBy }: { form: Pick<ReturnType<typeof useFormState<FormValues>>, 'values' | 'set' | 'bind' | 'errors'>; id: (name: string) => string; recordedBy: string | null }) {
  const { values, set, bind, errors } = form;
  return (
    <fieldset className="admin-fieldset player-consent" style={consentBox}>
      <legend style={{ fontWeight: 600, padding: '0 0.25rem' }}>{C.legend}</legend>
      <p className="hint" style={{ margin: 0, color: 'var(--grey-700)', fontSize: '0.9rem' }}>
        {C.hint}
      </p>
      <div className="row">
        {CONSENT_BOXES.map(([key, label]) => (
          <label key={key} style={checkRow}>
            <input type="checkbox" name={key} checked={values[key]} onChange={(e) => set(key, e.target.checked)} />
            {label}
          </label>
        ))}
      </div>
      <FieldError message={errors.consent_name} />
      <div className="row">
        <label className="admin-field" htmlFor={id('consent-by')}>
          <span>{C.givenBy}</span>
          <input id={id('consent-by')} name="consent_given_by" autoComplete="off" placeholder={C.givenByPlaceholder} {...bind('consent_given_by')} />
          <FieldError message={errors.consent_given_by} />
        </label>
        <label className="admin-field" htmlFor={id('consent-at')}>
          <span>{C.givenAt}</span>
          <input id={id('consent-at')} name="consent_given_at" type="date" {...bind('consent_given_at')} />
          <FieldError message={errors.consent_given_at} />
        </label>
      </div>
      {recordedBy && <p className="meta consent-recorded-by">{C.recordedBy(recordedBy)}</p>}
    </fieldset>
  );
}

function PlayerForm({ player, teams, ...props }: { player: PlayerEntry | null; teams: TeamOption[] } & EntityFormProps) {
  const save = createOrUpdate(player, actions.admin.players);
  const form = useEntityForm({
    ...props,
    initial: player ? toForm(player) : EMPTY,
    schema: playerSchema,
    save,
    texts: { invalid: KIT_TEXTS.error, failed: player ? T.updateError : T.saveError, saved: player ? T.updated : T.created },
    // a new player keeps the chosen team: the next one usually joins the same
    next: (row, values) => (player ? toForm(row) : { ...EMPTY, team_id: values.team_id }),
  });
  const { values, set, bind, errors } = form;

  const id = (name: string) => `player-${player ? 'edit' : 'new'}-${name}`;
  const positions: string[] = [...PLAYER_POSITIONS];
  if (values.position && !positions.includes(values.position)) positions.push(values.position);
  return (
    <form className="admin-form player-form" noValidate onSubmit={form.submit} aria-label={player ? T.editTitle : T.createTitle}>
      <div className="row">
        <label className="admin-field" htmlFor={id('name')}>
          <span>Name *</span>
          <input id={id('name')} name="name" autoComplete="off" {...bind('name')} />
          <FieldError message={errors.name} />
        </label>
        <label className="admin-field" htmlFor={id('position')}>
          <span>Position *</span>
          <select id={id('position')} name="position" {...bind('position')}>
            <option value="">Position wählen</option>
            {positions.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          <FieldError message={errors.position} />
        </label>
      </div>
      <div className="row">
        <label className="admin-field" htmlFor={id('age')}>
          <span>Alter</span>
          <input id={id('age')} name="age" type="number" inputMode="numeric" min={0} max={120} step={1} {...bind('age')} />
          <FieldError message={errors.age} />
        </label>
        <label className="admin-field" htmlFor={id('jersey')}>
          <span>Rückennummer</span>
          <input id={id('jersey')} name="jersey_number" type="number" inputMode="numeric" min={0} max={999} step={1} {...bind('jersey_number')} />
          <FieldError message={errors.jersey_number} />
        </label>
        <label className="admin-field" htmlFor={id('team')}>
          <span>Team *</span>
          <select id={id('team')} name="team_id" {...bind('team_id')}>
            <option value="">Team wählen</option>
            {teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          <FieldError message={errors.team_id} />
        </label>
      </div>
      <ImageUpload
        name="player-image"
        label="Foto"
        folder="players/"
        value={values.image_url || null}
        onChange={(url) => set('image_url', url ?? '')}
        error={errors.image_url}
      />
      <ConsentFields form={form} id={id} recordedBy={player?.consent_recorded_by ?? null} />
      <EntityFormButtons inDialog={player !== null} form={form} createLabel="Spieler hinzufügen" />
    </form>
  );
}

/** 'Einverständnis: Foto, Statistik (12.03.2026)': the list's note under a name with recorded consent. */
function consentSummary(p: PlayerEntry): string {
  const what = ([[p.consent_name, C.summaryName], [p.consent_photo, C.summaryPhoto], [p.consent_stats, C.summaryStats]] as const)
    .filter(([given]) => given)
    .map(([, label]) => label);
  const [y, m, d] = (p.consent_given_at ?? '').split('-');
  return C.summary(what.join(', '), `${d}.${m}.${y}`);
}

export default function PlayersManager() {
  const list = useEntityList({
    load: () => callAction(() => actions.admin.players.list({})),
    loadFailed: T.loadError,
    tables: ['players', 'teams'],
    alsoReload: () => void reloadTeams(),
    remove: {
      confirm: T.confirmDelete,
      call: (player) => callAction(() => actions.admin.players.remove({ id: player.id })),
      failed: T.deleteError,
      deleted: T.deleted,
    },
  });
  const { data: players, loading, loadFailed } = list;
  const { data: teams, reload: reloadTeams } = useLoader(
    () => callAction(() => actions.admin.teams.options({})),
    (message) => list.failed(T.teamsLoadError, message),
  );
  const [query, setQuery] = useState('');

  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase('de');
    if (!players) return [];
    if (!q) return players;
    return players.filter((p) =>
      [p.name, p.position, p.team_name ?? ''].some((v) => v.toLocaleLowerCase('de').includes(q)),
    );
  }, [players, query]);
  // a big club's 2,000 players (without a search): rendered in steps (decision 062)
  const rows = useShownInSteps(shown);

  return (
    <>
      <section className="admin-card">
        <h2>{T.createTitle}</h2>
        {teams && teams.length === 0 && <p className="notice">{T.noTeams}</p>}
        <PlayerForm player={null} teams={teams ?? []} onDone={() => void list.reload()} />
      </section>
      <section className="admin-card" aria-labelledby="players-list-heading">
        <h2 id="players-list-heading">
          {T.listTitle} ({shown.length})
        </h2>
        <label className="admin-field" style={{ marginBottom: '0.75rem' }}>
          <span className="visually-hidden">{T.search}</span>
          <input type="search" name="player-search" placeholder={T.search} value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        {loading && <p className="empty">{KIT_TEXTS.loading}</p>}
        {loadFailed && <p className="empty">{T.loadError}</p>}
        {players && shown.length === 0 && <p className="empty">{T.empty}</p>}
        {shown.length > 0 && (
          <div className="admin-table-wrap">
            <table className="admin-table sports-table players-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Position</th>
                  <th scope="col">Alter</th>
                  <th scope="col">Rückennummer</th>
                  <th scope="col">Team</th>
                  <th scope="col">Aktionen</th>
                </tr>
              </thead>
              <tbody>
                {rows.shown.map((p) => (
                  <tr key={p.id} data-row-id={p.id}>
                    <td data-label="Name" className="player-name" style={wrapStyle}>
                      <strong>{p.name}</strong>
                      {p.consent_given_at && (
                        <>
                          <br />
                          <small className="player-consent-summary">{consentSummary(p)}</small>
                        </>
                      )}
                    </td>
                    <td data-label="Position">{p.position}</td>
                    <td data-label="Alter">{p.age ?? '–'}</td>
                    <td data-label="Rückennummer">{p.jersey_number ?? '–'}</td>
                    <td data-label="Team" style={wrapStyle}>
                      {p.team_name ?? '–'}
                    </td>
                    <td data-label="Aktionen">
                      <RowActions entry={p} list={list} />
                    </td>
                  </tr>
                ))}
                <MoreRows {...rows} columns={6} />
              </tbody>
            </table>
          </div>
        )}
      </section>
      <EntityEditDialog list={list} title={T.editTitle} wide>
        {(player, form) => <PlayerForm player={player} teams={teams ?? []} {...form} />}
      </EntityEditDialog>
    </>
  );
}
