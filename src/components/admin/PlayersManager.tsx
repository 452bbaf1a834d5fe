// Players manager (admin-area.md §2 Spieler, §5, §8, §9): 'New player' form, a
// table searchable by name, position or team name whose title counts the
// matches, an edit dialog, and delete after the spec's confirmation.
import { actions } from 'astro:actions';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { PLAYER_POSITIONS, PLAYER_TEXTS as T, playerSchema, type PlayerEntry } from '../../lib/schemas/player';
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
import { SaveButton, confirmAction } from './ui';

type TeamOption = { id: string; name: string; category: string };
type FormValues = { name: string; position: string; age: string; jersey_number: string; team_id: string; image_url: string };
const EMPTY: FormValues = { name: '', position: '', age: '', jersey_number: '', team_id: '', image_url: '' };

const toForm = (p: PlayerEntry): FormValues => ({
  name: p.name,
  position: p.position,
  age: p.age == null ? '' : String(p.age),
  jersey_number: p.jersey_number == null ? '' : String(p.jersey_number),
  team_id: p.team_id,
  image_url: p.image_url ?? '',
});

function PlayerForm({
  player,
  teams,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  player: PlayerEntry | null;
  teams: TeamOption[];
  onDone: () => void;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { values, set, bind, errors, setErrors, reset, dirty } = useFormState<FormValues>(player ? toForm(player) : EMPTY);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const [saving, setSaving] = useState(false);
  const { saved, failed } = useSaveToasts();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validateWith(playerSchema, values);
    if (!checked.ok) {
      setErrors(checked.fields);
      failed(KIT_TEXTS.error, checked.message);
      return;
    }
    setSaving(true);
    const result = player
      ? await callAction(() => actions.admin.players.update({ id: player.id, ...values }))
      : await callAction(() => actions.admin.players.create(values));
    setSaving(false);
    if (!result.ok) {
      setErrors(result.fields);
      failed(player ? T.updateError : T.saveError, result.message);
      return;
    }
    const { row, ...publication } = result.data;
    saved(player ? T.updated : T.created, publication);
    // a new player keeps the chosen team: the next one usually joins the same
    reset(player ? toForm(row) : { ...EMPTY, team_id: values.team_id });
    onDone();
  };

  const id = (name: string) => `player-${player ? 'edit' : 'new'}-${name}`;
  const positions: string[] = [...PLAYER_POSITIONS];
  if (values.position && !positions.includes(values.position)) positions.push(values.position);
  return (
    <form className="admin-form player-form" noValidate onSubmit={(e) => void submit(e)} aria-label={player ? T.editTitle : T.createTitle}>
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
      {player ? (
        <DialogButtons saving={saving} dirty={dirty} onCancel={onCancel ?? onDone} />
      ) : (
        <div>
          <SaveButton saving={saving}>Spieler hinzufügen</SaveButton>
        </div>
      )}
    </form>
  );
}

export default function PlayersManager() {
  const { saved, failed } = useSaveToasts();
  const { data: players, loading, failed: loadFailed, reload } = useLoader(
    () => callAction(() => actions.admin.players.list({})),
    (message) => failed(T.loadError, message),
  );
  const { data: teams, reload: reloadTeams } = useLoader(
    () => callAction(() => actions.admin.teams.options({})),
    (message) => failed(T.teamsLoadError, message),
  );
  useLiveReload(['players', 'teams'], () => {
    void reload();
    void reloadTeams();
  });
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<PlayerEntry | null>(null);
  const [editDirty, setEditDirty] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase('de');
    if (!players) return [];
    if (!q) return players;
    return players.filter((p) =>
      [p.name, p.position, p.team_name ?? ''].some((v) => v.toLocaleLowerCase('de').includes(q)),
    );
  }, [players, query]);

  const remove = async (player: PlayerEntry) => {
    if (!confirmAction(T.confirmDelete)) return;
    setBusy(player.id);
    const result = await callAction(() => actions.admin.players.remove({ id: player.id }));
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
        {teams && teams.length === 0 && <p className="notice">{T.noTeams}</p>}
        <PlayerForm player={null} teams={teams ?? []} onDone={() => void reload()} />
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
                {shown.map((p) => (
                  <tr key={p.id} data-row-id={p.id}>
                    <td data-label="Name" className="player-name" style={wrapStyle}>
                      <strong>{p.name}</strong>
                    </td>
                    <td data-label="Position">{p.position}</td>
                    <td data-label="Alter">{p.age ?? '–'}</td>
                    <td data-label="Rückennummer">{p.jersey_number ?? '–'}</td>
                    <td data-label="Team" style={wrapStyle}>
                      {p.team_name ?? '–'}
                    </td>
                    <td data-label="Aktionen">
                      <div className="admin-actions">
                        <button type="button" className="btn btn-outline btn-small" onClick={() => setEditing(p)}>
                          Bearbeiten
                        </button>
                        <button type="button" className="btn btn-danger btn-small" disabled={busy === p.id} onClick={() => void remove(p)}>
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
      </section>
      <EditDialog open={editing !== null} title={T.editTitle} dirty={editDirty} onClose={() => setEditing(null)} wide>
        {editing && (
          <PlayerForm
            key={editing.id}
            player={editing}
            teams={teams ?? []}
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
