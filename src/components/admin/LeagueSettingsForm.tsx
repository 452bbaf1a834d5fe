// 'Tabellen': a league's settings (issue 14): competition and season, computed
// or entered, points for win/draw/loss, the tie-breaks (a preset of decision
// 027 or an order of the league's own), our name in the table and our team.
import { actions } from 'astro:actions';
import { useEffect } from 'react';
import { LEAGUE_MODES, LEAGUE_TEXTS as T, leagueSchema, type LeagueEntry } from '../../lib/schemas/league';
import { TIE_BREAKER_LABELS, TIE_BREAK_PRESETS, presetOf, type TieBreaker } from '../../lib/league-table';
import { FieldError, callAction } from './contentKit';
import { EntityFormButtons, useEntityForm, type EntityFormProps } from './entityKit';
import TieBreakOrder from './TieBreakOrder';

type Preset = keyof typeof TIE_BREAK_PRESETS | 'custom';
type Values = {
  competition: string;
  season: string;
  mode: string;
  points_win: string;
  points_draw: string;
  points_loss: string;
  preset: Preset;
  tie_breakers: TieBreaker[];
  our_team_name: string;
  team_id: string;
};

const toForm = (l: LeagueEntry | null, start?: { competition: string; season: string }): Values => ({
  competition: l?.competition ?? start?.competition ?? '',
  season: l?.season ?? start?.season ?? '',
  mode: l?.mode ?? 'computed',
  points_win: String(l?.points_win ?? 3),
  points_draw: String(l?.points_draw ?? 1),
  points_loss: String(l?.points_loss ?? 0),
  preset: l ? (presetOf(l.tie_breakers) ?? 'custom') : 'austria',
  tie_breakers: (l?.tie_breakers as TieBreaker[] | undefined) ?? [...TIE_BREAK_PRESETS.austria.order],
  our_team_name: l?.our_team_name ?? '',
  team_id: l?.team_id ?? '',
});

export default function LeagueSettingsForm({
  league,
  start,
  teams,
  onCreated,
  ...props
}: {
  league: LeagueEntry | null;
  start?: { competition: string; season: string };
  teams: { id: string; name: string }[];
  /** a new league is opened right away */
  onCreated?: (id: string) => void;
} & EntityFormProps) {
  const form = useEntityForm({
    ...props,
    initial: toForm(league, start),
    schema: leagueSchema,
    prepare: (v) => ({ ...v, tie_breakers: v.preset === 'custom' ? v.tie_breakers : [...TIE_BREAK_PRESETS[v.preset].order] }),
    draft: { entity: 'leagues', id: league?.id ?? null, revision: league?.revision },
    save: (_sent, data, base) =>
      league ? callAction(() => actions.admin.leagues.update({ id: league.id, ...data, ...base })) : callAction(() => actions.admin.leagues.create(data)),
    texts: { invalid: T.errorTitle, failed: (m) => [T.errorTitle, `${T.saveError}: ${m}`], saved: [T.successTitle, league ? T.saved : T.created] },
    next: (row) => {
      if (league) return toForm(row as LeagueEntry);
      onCreated?.((row as LeagueEntry).id);
      return toForm(null);
    },
  });
  const { values, bind, errors, set, dirty, follow, baseline, safety } = form;
  // The form lives as long as its league is open (the list brings a new entry after each change, a result's
  // counts too, and rebuilding the form on it dropped what was typed and the keyboard's focus). Settings
  // saved elsewhere (another admin, another tab) are shown unless the admin has typed; their own save is then
  // checked against the row's revision (a conflict and the comparison). Only a newer revision is taken: the
  // form's own save is ahead of the list until its reload came.
  const { revision, setRevision } = safety;
  useEffect(() => {
    if (!league || league.revision === undefined) return;
    if (revision !== null && league.revision <= revision) return;
    const stored = toForm(league);
    // follow() takes the values only if nothing was typed when it is applied (a key pressed meanwhile wins)
    if (!dirty) follow(stored);
    // the revision goes with the values it is of: once the form starts from them (the next render, after
    // follow), never for typing on older ones, whose save must be refused, not go over the newer settings
    if (JSON.stringify(baseline) === JSON.stringify(stored)) setRevision(league.revision);
  }, [league, dirty, baseline, revision, follow, setRevision]);
  const id = (name: string) => `league-${league?.id ?? 'new'}-${name}`;
  const order: TieBreaker[] = values.preset === 'custom' ? values.tie_breakers : [...TIE_BREAK_PRESETS[values.preset].order];

  return (
    <form className="admin-form league-form" noValidate onSubmit={form.submit} aria-label={league ? `${T.settings}: ${league.competition} ${league.season}` : T.newTitle}>
      <div className="row">
        <label className="admin-field" htmlFor={id('competition')}>
          <span>Bewerb *</span>
          <input id={id('competition')} name="competition" autoComplete="off" {...bind('competition')} />
          <FieldError message={errors.competition} />
        </label>
        <label className="admin-field" htmlFor={id('season')}>
          <span>Saison *</span>
          <input id={id('season')} name="season" placeholder="2026/27" {...bind('season')} />
          <FieldError message={errors.season} />
        </label>
        <label className="admin-field" htmlFor={id('mode')}>
          <span>{T.mode}</span>
          <select id={id('mode')} name="mode" {...bind('mode')}>
            {LEAGUE_MODES.map((m) => (
              <option key={m} value={m}>
                {T.modes[m]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {values.mode === 'computed' && (
        <>
          <fieldset className="admin-field" style={{ minWidth: 0 }}>
            <legend>{T.points}</legend>
            <div className="row">
              {(['points_win', 'points_draw', 'points_loss'] as const).map((key, i) => (
                <label key={key} className="admin-field" htmlFor={id(key)}>
                  <span>{[T.win, T.draw, T.loss][i]}</span>
                  <input id={id(key)} name={key} type="number" inputMode="numeric" min={0} max={10} step={1} {...bind(key)} />
                  <FieldError message={errors[key]} />
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="admin-field" style={{ minWidth: 0 }}>
            <legend>{T.tieBreak}</legend>
            <select aria-label={T.tieBreak} style={{ maxWidth: '100%' }} value={values.preset} onChange={(e) => set('preset', e.target.value as Preset)}>
              {Object.entries(TIE_BREAK_PRESETS).map(([key, p]) => (
                <option key={key} value={key}>
                  {p.label}
                </option>
              ))}
              <option value="custom">{T.custom}</option>
            </select>
            {values.preset === 'custom' ? (
              <TieBreakOrder order={order} onChange={(next) => set('tie_breakers', next)} />
            ) : (
              <ol className="tie-break-order">
                {order.map((c) => (
                  <li key={c}>{TIE_BREAKER_LABELS[c]}</li>
                ))}
              </ol>
            )}
            <FieldError message={errors.tie_breakers} />
          </fieldset>
        </>
      )}
      <div className="row">
        <label className="admin-field" htmlFor={id('our')}>
          <span>{T.ourName}</span>
          <input id={id('our')} name="our_team_name" autoComplete="off" {...bind('our_team_name')} />
          <small className="hint">{T.ourNameHint}</small>
          <FieldError message={errors.our_team_name} />
        </label>
        <label className="admin-field" htmlFor={id('team')}>
          <span>{T.team}</span>
          <select id={id('team')} name="team_id" {...bind('team_id')}>
            <option value="">{T.noTeam}</option>
            {teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          <FieldError message={errors.team_id} />
        </label>
      </div>
      <EntityFormButtons inDialog={false} form={form} createLabel={league ? 'Einstellungen speichern' : T.create} />
    </form>
  );
}
