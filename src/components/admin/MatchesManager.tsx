// Match schedule manager (admin-area.md §2 Spielplan, §4, §5, §8, §9): 'New
// match' form (MatchForm.tsx), a table (date, time, home team, result, away
// team, competition, status, actions), an edit dialog, and delete after asking.
// Errors are toasted with the title 'Fehler', successes with 'Erfolg'.
import { actions } from 'astro:actions';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { formatShortDate, viennaDate } from '../../lib/dates-de';
import { scoreText } from '../../lib/match-labels';
import { MATCH_STATUS_LABELS, MATCH_TEXTS as T, adminMatchStatus } from '../../lib/schemas/match';
import { KIT_TEXTS, callAction, wrapStyle } from './contentKit';
import { EntityEditDialog, RowActions, rowLabel, useEntityList } from './entityKit';
import { MATCH_DETAILS_TEXTS } from '../../lib/schemas/match-details';
import MatchDetailsEditor from './MatchDetailsEditor';
import MatchForm from './MatchForm';
import MatchImportPanel from './MatchImportPanel';
import { MoreRows, useShownInSteps } from './ShownInSteps';

export default function MatchesManager() {
  const list = useEntityList({
    load: () => callAction(() => actions.admin.matches.list({})),
    loadFailed: (message) => [T.errorTitle, `${T.loadError}: ${message}`],
    tables: ['matches'],
    remove: {
      confirm: T.confirmDelete,
      call: (match) => callAction(() => actions.admin.matches.remove({ id: match.id })),
      failed: (message) => [T.errorTitle, `${T.deleteError}: ${message}`],
      deleted: [T.successTitle, T.deleted],
    },
  });
  const { data: matches, loading, loadFailed, reload } = list;
  // our teams, for a new match's team (a list that does not load leaves the choice out: 'Details' has it too)
  const [teams, setTeams] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    void callAction(() => actions.admin.teams.options({})).then((r) => r.ok && setTeams(r.data));
  }, []);
  // a big club's 2,000 matches: rendered in steps (decision 062)
  const rows = useShownInSteps(matches);
  // the match whose details (line-up, events, report; issue 14) are open
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  // the first match from today on: the list runs oldest first, and on a phone each match is a card
  const today = viennaDate(new Date());
  const next = matches?.findIndex((m) => m.match_date >= today) ?? -1;
  const jumpToNext = () => {
    const id = matches![next].id;
    const rowOf = () => document.querySelector<HTMLElement>(`.matches-table tr[data-row-id="${CSS.escape(id)}"]`);
    flushSync(() => rows.showUpTo(next + 1));
    // a reload applied meanwhile may have moved it further down: then the whole list (gone: nothing to do)
    if (!rowOf()) flushSync(() => rows.showUpTo(Number.MAX_SAFE_INTEGER));
    const row = rowOf();
    row?.scrollIntoView({ block: 'start' });
    row?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
  };

  return (
    <>
      <section className="admin-card">
        <h2>{T.createTitle}</h2>
        <MatchForm match={null} teams={teams} onDone={() => void reload()} />
      </section>
      <section className="admin-card" aria-labelledby="matches-list-heading">
        <h2 id="matches-list-heading">
          {T.listTitle} {matches ? `(${matches.length})` : ''}
        </h2>
        {next > 0 && (
          <p>
            <button type="button" className="btn btn-outline btn-small" onClick={jumpToNext}>
              {T.jumpToNext}
            </button>
          </p>
        )}
        {loading && <p className="empty">{KIT_TEXTS.loading}</p>}
        {loadFailed && <p className="empty">{T.loadError}</p>}
        {matches && matches.length === 0 && <p className="empty">{T.empty}</p>}
        {matches && matches.length > 0 && (
          <div className="admin-table-wrap">
            <table className="admin-table sports-table matches-table">
              <thead>
                <tr>
                  <th scope="col">Datum</th>
                  <th scope="col">Uhrzeit</th>
                  <th scope="col">Heimteam</th>
                  <th scope="col">Ergebnis</th>
                  <th scope="col">Auswärtsteam</th>
                  <th scope="col">Wettbewerb</th>
                  <th scope="col">Status</th>
                  <th scope="col">Aktionen</th>
                </tr>
              </thead>
              <tbody>
                {rows.shown.map((m) => (
                  <tr key={m.id} data-row-id={m.id}>
                    <td data-label="Datum">{formatShortDate(m.match_date)}</td>
                    <td data-label="Uhrzeit">{m.match_time ?? '–'}</td>
                    <td data-label="Heimteam" className="match-home" style={wrapStyle}>
                      {m.home_team}
                    </td>
                    <td data-label="Ergebnis" className="match-score">
                      <strong>{scoreText(m.home_score, m.away_score)}</strong>
                    </td>
                    <td data-label="Auswärtsteam" className="match-away" style={wrapStyle}>
                      {m.away_team}
                    </td>
                    <td data-label="Wettbewerb">{m.competition ?? '–'}</td>
                    <td data-label="Status">
                      <span className="badge badge-blue match-status">{MATCH_STATUS_LABELS[adminMatchStatus(m.status)]}</span>
                    </td>
                    <td data-label="Aktionen">
                      <RowActions entry={m} list={list}>
                        <button
                          type="button"
                          className="btn btn-outline btn-small match-details-button"
                          aria-label={`${MATCH_DETAILS_TEXTS.detailsButton}: ${rowLabel(m)}`}
                          onClick={() => setDetailsOf(m.id)}
                        >
                          {MATCH_DETAILS_TEXTS.detailsButton}
                        </button>
                      </RowActions>
                    </td>
                  </tr>
                ))}
                <MoreRows {...rows} columns={8} />
              </tbody>
            </table>
          </div>
        )}
      </section>
      <EntityEditDialog list={list} title={T.editTitle} wide>
        {(match, form) => <MatchForm match={match} {...form} />}
      </EntityEditDialog>
      <MatchDetailsEditor
        matchId={detailsOf}
        onClose={() => {
          setDetailsOf(null);
          // the score may have followed the events
          void reload();
        }}
      />
      <MatchImportPanel />
    </>
  );
}
