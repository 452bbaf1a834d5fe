// 'Tabellen': the other teams' results of a computed league (issue 14): add,
// edit in a dialog, delete after asking. Our own results come from 'Spielplan'.
import { actions } from 'astro:actions';
import { useState } from 'react';
import { LEAGUE_TEXTS as T, leagueResultSchema, type LeagueResultEntry } from '../../lib/schemas/league';
import { scoreText } from '../../lib/match-labels';
import { FieldError, callAction, useSaveToasts, wrapStyle } from './contentKit';
import { EditDialog } from './editDialog';
import { EntityFormButtons, RowActions, useEntityForm, type EntityFormProps } from './entityKit';
import { useBusyRows } from './busyRows';
import { focusAfterRemoval } from './focusAfterRemoval';
import { useSavedRows } from './savedRows';
import { confirmAction } from './ui';

type Values = { league_id: string; matchday: string; match_date: string; home_team: string; away_team: string; home_score: string; away_score: string };

const toForm = (leagueId: string, r: LeagueResultEntry | null): Values => ({
  league_id: leagueId,
  matchday: r?.matchday == null ? '' : String(r.matchday),
  match_date: r?.match_date ?? '',
  home_team: r?.home_team ?? '',
  away_team: r?.away_team ?? '',
  home_score: r?.home_score == null ? '' : String(r.home_score),
  away_score: r?.away_score == null ? '' : String(r.away_score),
});

function ResultForm({ leagueId, result, teams, ...props }: { leagueId: string; result: LeagueResultEntry | null; teams: string[] } & EntityFormProps) {
  const form = useEntityForm({
    ...props,
    initial: toForm(leagueId, result),
    schema: leagueResultSchema,
    // an edit saves from the version the list showed: another admin's save since refuses it (decision 032)
    draft: { entity: 'league_results', id: result?.id ?? null, slot: result ? undefined : `neu-${leagueId}`, revision: result?.revision },
    save: (_sent, data, base) =>
      result
        ? callAction(() => actions.admin.leagues.updateResult({ id: result.id, result: data, ...base }))
        : callAction(() => actions.admin.leagues.createResult(data)),
    texts: { invalid: T.errorTitle, failed: (m) => [T.errorTitle, `${T.saveError}: ${m}`], saved: [T.successTitle, T.resultSaved] },
    // a new result keeps its matchday and date: the next one is usually of the same round
    next: (_row, v) => (result ? v : { ...toForm(leagueId, null), matchday: v.matchday, match_date: v.match_date }),
  });
  const { bind, errors } = form;
  const id = (name: string) => `result-${result?.id ?? `new-${leagueId}`}-${name}`;
  const listId = `teams-${leagueId}`;
  return (
    <form className="admin-form" noValidate onSubmit={form.submit} aria-label={result ? T.editResult : T.addResult}>
      <datalist id={listId}>
        {teams.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <div className="row">
        <label className="admin-field" htmlFor={id('home')}>
          <span>Heimteam *</span>
          <input id={id('home')} list={listId} autoComplete="off" {...bind('home_team')} />
          <FieldError message={errors.home_team} />
        </label>
        <label className="admin-field" htmlFor={id('away')}>
          <span>Auswärtsteam *</span>
          <input id={id('away')} list={listId} autoComplete="off" {...bind('away_team')} />
          <FieldError message={errors.away_team} />
        </label>
      </div>
      <div className="row">
        <label className="admin-field" htmlFor={id('hs')}>
          <span>Tore Heim</span>
          <input id={id('hs')} type="number" inputMode="numeric" min={0} step={1} {...bind('home_score')} />
          <FieldError message={errors.home_score} />
        </label>
        <label className="admin-field" htmlFor={id('as')}>
          <span>Tore Auswärts</span>
          <input id={id('as')} type="number" inputMode="numeric" min={0} step={1} {...bind('away_score')} />
          <FieldError message={errors.away_score} />
        </label>
        <label className="admin-field" htmlFor={id('md')}>
          <span>Spieltag</span>
          <input id={id('md')} type="number" inputMode="numeric" min={0} step={1} {...bind('matchday')} />
          <FieldError message={errors.matchday} />
        </label>
        <label className="admin-field" htmlFor={id('date')}>
          <span>Datum</span>
          <input id={id('date')} type="date" {...bind('match_date')} />
          <FieldError message={errors.match_date} />
        </label>
      </div>
      <EntityFormButtons inDialog={result !== null} form={form} createLabel={T.addResult} />
    </form>
  );
}

export default function LeagueResults({ leagueId, results, teams, onChanged }: { leagueId: string; results: LeagueResultEntry[]; teams: string[]; onChanged: () => Promise<unknown> }) {
  const [editing, setEditingEntry] = useState<LeagueResultEntry | null>(null);
  // a result saved here opens as saved, also before the league's reload has brought it (savedRows.ts)
  const savedRows = useSavedRows<LeagueResultEntry>();
  const setEditing = (entry: LeagueResultEntry | null) => setEditingEntry(entry && savedRows.fresh(entry));
  const [dirty, setDirty] = useState(false);
  const { busy, during } = useBusyRows<string>();
  const { saved, failed } = useSaveToasts();
  const remove = async (r: LeagueResultEntry) => {
    if (!confirmAction(T.confirmDeleteResult)) return;
    const focus = focusAfterRemoval();
    const outcome = await during(r.id, () => callAction(() => actions.admin.leagues.removeResult({ id: r.id })));
    if (!outcome.ok) return failed(T.errorTitle, `${T.deleteError}: ${outcome.message}`);
    const { row: _row, ...publication } = outcome.data;
    saved(T.successTitle, publication, T.resultDeleted);
    await onChanged();
    focus.moveFocus();
  };
  return (
    <section aria-labelledby={`results-${leagueId}`}>
      <h3 id={`results-${leagueId}`}>{T.resultsTitle}</h3>
      <ResultForm leagueId={leagueId} result={null} teams={teams} onDone={() => void onChanged()} />
      {results.length === 0 ? (
        <p className="empty">{T.resultsEmpty}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table sports-table league-results">
            <thead>
              <tr>
                <th scope="col">Spieltag</th>
                <th scope="col">Heimteam</th>
                <th scope="col">Ergebnis</th>
                <th scope="col">Auswärtsteam</th>
                <th scope="col">Aktionen</th>
              </tr>
            </thead>
            <tbody>
              {results.map((r) => (
                <tr key={r.id} data-row-id={r.id}>
                  <td data-label="Spieltag">{r.matchday ?? '–'}</td>
                  <td data-label="Heimteam" style={wrapStyle}>{r.home_team}</td>
                  <td data-label="Ergebnis"><strong>{scoreText(r.home_score, r.away_score)}</strong></td>
                  <td data-label="Auswärtsteam" style={wrapStyle}>{r.away_team}</td>
                  <td data-label="Aktionen">
                    <RowActions entry={r} list={{ setEditing, remove: (e) => void remove(e), busy }} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <EditDialog open={editing !== null} title={T.editResult} dirty={dirty} onClose={() => setEditing(null)} wide>
        {editing && (
          <ResultForm
            key={editing.id}
            leagueId={leagueId}
            result={editing}
            teams={teams}
            onDirtyChange={setDirty}
            onCancel={() => setEditing(null)}
            onDone={(done) => {
              if (done) savedRows.note(done);
              setEditing(null);
              void onChanged();
            }}
          />
        )}
      </EditDialog>
    </section>
  );
}
