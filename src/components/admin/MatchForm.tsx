// The form of a match (admin-area.md §2 Spielplan): 'Neues Spiel' above the
// table and the edit dialog's; the season follows the date until the admin types
// one. Apart from MatchesManager.tsx, which lists the matches.
import { actions } from 'astro:actions';
import { useRef, useState } from 'react';
import { viennaDate } from '../../lib/dates-de';
import { seasonOfDate } from '../../lib/fixtures';
import { sameTeam } from '../../lib/league-table';
import {
  COMPETITIONS,
  MATCH_STATUSES,
  MATCH_STATUS_LABELS,
  MATCH_TEXTS as T,
  MATCH_TYPES,
  MATCH_TYPE_LABELS,
  adminMatchStatus,
  matchCreateSchema,
  matchSchema,
  type MatchEntry,
} from '../../lib/schemas/match';
import { MATCH_DETAILS_TEXTS, SIDES } from '../../lib/schemas/match-details';
import { FieldError, callAction } from './contentKit';
import { EntityFormButtons, useEntityForm, type EntityFormProps } from './entityKit';
import PreviewButton from './PreviewButton';

type FormValues = {
  home_team: string;
  away_team: string;
  match_date: string;
  match_time: string;
  location: string;
  competition: string;
  season: string;
  matchday: string;
  home_score: string;
  away_score: string;
  status: string;
  match_type: string;
  notes: string;
  /** a new match only: our team and its side (an edit changes them under 'Details', and its form has none:
   *  a version compared after a refused save would name them as the other admin's change) */
  team_id?: string;
  team_side?: string;
};

/** The season a new match most likely belongs to: its date's, before a date is chosen today's (Vienna). */
const seasonForDate = (date: string) => seasonOfDate(/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : viennaDate(new Date()));

const emptyForm = (): FormValues => ({
  home_team: '',
  away_team: '',
  match_date: '',
  match_time: '',
  location: '',
  competition: '',
  season: seasonForDate(''),
  matchday: '',
  home_score: '',
  away_score: '',
  status: 'scheduled',
  match_type: 'league',
  notes: '',
  team_id: '',
  team_side: 'home',
});

// The spec shows a score of 0 as an empty field in the edit form (the original
// wrote `score || ''`). We keep that look, but an empty field that the admin
// never touched must not turn a real 0 into NULL on save: the form remembers
// which scores were 0 and shows '0' as the placeholder; only when the admin
// edits such a field (and leaves it empty) is the score cleared.
const scoreField = (score: number | null) => (score ? String(score) : '');

const toForm = (m: MatchEntry): FormValues => ({
  home_team: m.home_team,
  away_team: m.away_team,
  match_date: m.match_date,
  match_time: m.match_time ?? '',
  location: m.location ?? '',
  competition: m.competition ?? '',
  season: m.season ?? '',
  matchday: m.matchday == null ? '' : String(m.matchday),
  home_score: scoreField(m.home_score),
  away_score: scoreField(m.away_score),
  // an unknown status is shown (and, when saved, stored) as scheduled
  status: adminMatchStatus(m.status),
  match_type: m.match_type === 'league' || m.match_type === 'cup' ? m.match_type : 'friendly',
  notes: m.notes ?? '',
});

export default function MatchForm({ match, teams = [], ...props }: { match: MatchEntry | null; teams?: { id: string; name: string }[] } & EntityFormProps) {
  const [touchedScores, setTouchedScores] = useState({ home_score: false, away_score: false });
  const hiddenZero = (key: 'home_score' | 'away_score') => match?.[key] === 0 && !touchedScores[key];
  // the side kept for the next new match is the last one's, but home and away take turns: typed in again, our
  // name (the last match's side's) picks the side, unless the admin chose one for this match
  const lastOurName = useRef<string | null>(null);
  const sideChosen = useRef(false);
  const form = useEntityForm({
    ...props,
    initial: match ? toForm(match) : emptyForm(),
    schema: match ? matchSchema : matchCreateSchema,
    prepare: (values) => ({
      ...values,
      home_score: values.home_score === '' && hiddenZero('home_score') ? '0' : values.home_score,
      away_score: values.away_score === '' && hiddenZero('away_score') ? '0' : values.away_score,
    }),
    draft: { entity: 'matches', id: match?.id ?? null, revision: match?.revision },
    save: (_sent, data, base) =>
      match
        ? callAction(() => actions.admin.matches.update({ id: match.id, ...data, ...base }))
        : callAction(() => actions.admin.matches.create(data)),
    texts: {
      invalid: T.errorTitle,
      failed: (message) => [T.errorTitle, `${match ? T.updateError : T.saveError}: ${message}`],
      saved: [T.successTitle, match ? T.updated : T.created],
    },
    // the next fixture is most likely the same team's: its choice stays
    next: (row, sent) => {
      if (match) return toForm(row);
      lastOurName.current = sent.team_id ? (sent.team_side === 'away' ? sent.away_team : sent.home_team) : null;
      sideChosen.current = false;
      return { ...emptyForm(), team_id: sent.team_id, team_side: sent.team_side };
    },
    afterSave: () => setTouchedScores({ home_score: false, away_score: false }),
  });
  const { values, bind, errors } = form;
  const teamBound = (key: 'home_team' | 'away_team') => {
    const bound = bind(key);
    return {
      ...bound,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        bound.onChange(e);
        if (!match && !sideChosen.current && values.team_id && sameTeam(e.target.value, lastOurName.current)) form.set('team_side', key === 'home_team' ? 'home' : 'away');
      },
    };
  };
  const sideBound = bind('team_side');
  const dateBound = bind('match_date');

  const scoreInput = (key: 'home_score' | 'away_score') => {
    const bound = bind(key);
    return (
      <input
        id={id(key)}
        name={key}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        {...bound}
        placeholder={hiddenZero(key) ? '0' : undefined}
        onChange={(e) => {
          setTouchedScores((t) => ({ ...t, [key]: true }));
          bound.onChange(e);
        }}
      />
    );
  };

  const id = (name: string) => `match-${match ? 'edit' : 'new'}-${name}`;
  const competitions: string[] = [...COMPETITIONS];
  if (values.competition && !competitions.includes(values.competition)) competitions.push(values.competition);
  return (
    <form className="admin-form match-form" noValidate onSubmit={form.submit} aria-label={match ? T.editTitle : T.createTitle}>
      <div className="row">
        <label className="admin-field" htmlFor={id('home')}>
          <span>Heimteam *</span>
          <input id={id('home')} name="home_team" autoComplete="off" {...teamBound('home_team')} />
          <FieldError message={errors.home_team} />
        </label>
        <label className="admin-field" htmlFor={id('away')}>
          <span>Auswärtsteam *</span>
          <input id={id('away')} name="away_team" autoComplete="off" {...teamBound('away_team')} />
          <FieldError message={errors.away_team} />
        </label>
      </div>
      {!match && teams.length > 0 && (
        <div className="row">
          <label className="admin-field" htmlFor={id('team')}>
            <span>{T.ourTeam}</span>
            <select id={id('team')} name="team_id" aria-describedby={id('team-hint')} {...bind('team_id')}>
              <option value="">{T.noTeam}</option>
              {teams.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
            <small className="hint" id={id('team-hint')}>
              {T.ourTeamHint}
            </small>
            <FieldError message={errors.team_id} />
          </label>
          {values.team_id && (
            <label className="admin-field" htmlFor={id('side')}>
              <span>{T.ourSide}</span>
              <select
                id={id('side')}
                name="team_side"
                {...sideBound}
                onChange={(e) => {
                  sideChosen.current = true;
                  sideBound.onChange(e);
                }}
              >
                {SIDES.map((side) => (
                  <option key={side} value={side}>
                    {MATCH_DETAILS_TEXTS.sides[side]}
                  </option>
                ))}
              </select>
              <FieldError message={errors.team_side} />
            </label>
          )}
        </div>
      )}
      <div className="row">
        <label className="admin-field" htmlFor={id('date')}>
          <span>Datum *</span>
          <input
            id={id('date')}
            name="match_date"
            type="date"
            {...dateBound}
            onChange={(e) => {
              // a new match's season follows its date while it shows what the date gave (not one the admin typed):
              // next season's fixtures, entered in June, are next season's
              const follows = !match && values.season === seasonForDate(values.match_date);
              dateBound.onChange(e);
              if (follows) form.set('season', seasonForDate(e.target.value));
            }}
          />
          <FieldError message={errors.match_date} />
        </label>
        <label className="admin-field" htmlFor={id('time')}>
          <span>Uhrzeit</span>
          <input id={id('time')} name="match_time" type="time" {...bind('match_time')} />
          <FieldError message={errors.match_time} />
        </label>
        <label className="admin-field" htmlFor={id('location')}>
          <span>Ort</span>
          <input id={id('location')} name="location" {...bind('location')} />
          <FieldError message={errors.location} />
        </label>
      </div>
      <div className="row">
        <label className="admin-field" htmlFor={id('competition')}>
          <span>Wettbewerb *</span>
          <select id={id('competition')} name="competition" {...bind('competition')}>
            <option value="">Wettbewerb wählen</option>
            {competitions.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <FieldError message={errors.competition} />
        </label>
        <label className="admin-field" htmlFor={id('season')}>
          <span>Saison *</span>
          <input id={id('season')} name="season" placeholder="2026/27" {...bind('season')} />
          <FieldError message={errors.season} />
        </label>
        <label className="admin-field" htmlFor={id('matchday')}>
          <span>Spieltag</span>
          <input id={id('matchday')} name="matchday" type="number" inputMode="numeric" min={0} step={1} {...bind('matchday')} />
          <FieldError message={errors.matchday} />
        </label>
      </div>
      <div className="row">
        <label className="admin-field" htmlFor={id('home_score')}>
          <span>Tore Heim</span>
          {scoreInput('home_score')}
          <FieldError message={errors.home_score} />
        </label>
        <label className="admin-field" htmlFor={id('away_score')}>
          <span>Tore Auswärts</span>
          {scoreInput('away_score')}
          <FieldError message={errors.away_score} />
        </label>
        <label className="admin-field" htmlFor={id('status')}>
          <span>Status</span>
          <select id={id('status')} name="status" {...bind('status')}>
            {MATCH_STATUSES.map((s) => (
              <option key={s} value={s}>
                {MATCH_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
          <FieldError message={errors.status} />
        </label>
        <label className="admin-field" htmlFor={id('type')}>
          <span>Spielart</span>
          <select id={id('type')} name="match_type" {...bind('match_type')}>
            {MATCH_TYPES.map((t) => (
              <option key={t} value={t}>
                {MATCH_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
          <FieldError message={errors.match_type} />
        </label>
      </div>
      <label className="admin-field" htmlFor={id('notes')}>
        <span>Notizen</span>
        <textarea id={id('notes')} name="notes" rows={2} {...bind('notes')} />
        <FieldError message={errors.notes} />
      </label>
      <PreviewButton entity="matches" id={match?.id ?? null} values={() => values} />
      <EntityFormButtons inDialog={match !== null} form={form} createLabel="Spiel hinzufügen" />
    </form>
  );
}
