// 'Tabellen' (issue 14): the competitions and seasons of the fixtures and the
// leagues made of them; per league its settings, and either the other teams'
// results (a computed table) or the table pasted from the league portal.
// Saves republish /tabelle and /tabelle/{id}; a change elsewhere reloads.
import { actions } from 'astro:actions';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LEAGUE_TEXTS as T, type LeagueCandidate, type LeagueDetail, type LeagueEntry } from '../../lib/schemas/league';
import { KIT_TEXTS, callAction, useLoader, useSaveToasts } from './contentKit';
import { RowActions, useEntityList } from './entityKit';
import { useLiveReload } from './live';
import LeagueResults from './LeagueResults';
import LeagueSettingsForm from './LeagueSettingsForm';
import type { SavedRow } from './savedRows';
import { LeaguePreview, StandingsPaste } from './LeagueTablePanel';

const TABLES = ['leagues', 'league_results', 'standings', 'matches', 'teams'];
// a card of the panel's grid may shrink to the phone's width: wide tables scroll in their own box
const GRID_ITEM = { minWidth: 0 } as const;

function LeagueEditor({
  league,
  teams,
  onChanged,
  onSaved,
}: {
  league: LeagueEntry;
  teams: { id: string; name: string }[];
  onChanged: () => void;
  onSaved: (saved: SavedRow) => void;
}) {
  const { failed } = useSaveToasts();
  // a save asks for the details up to three times (its own, the live event's, the list's new entry): only the
  // newest answer is shown (useLoader), or one that came late put back a list without the result just entered
  const { data: detail, reload } = useLoader<LeagueDetail>(
    () => callAction(() => actions.admin.leagues.detail({ id: league.id })),
    (message) => failed(T.errorTitle, `${T.loadError}: ${message}`),
  );
  const load = () => void reload();
  // the list's reload brings a new entry after each change (its counts): the details are asked again
  const shownLeague = useRef(league);
  useEffect(() => {
    if (shownLeague.current === league) return;
    shownLeague.current = league;
    void reload();
  }, [league, reload]);
  useLiveReload(TABLES, load);
  // a result's delete waits for the details, to hand the keyboard's focus to the next result
  const changed = () => {
    onChanged();
    return reload();
  };
  const names = detail ? detail.table.map((r) => r.team).filter((n) => n !== detail.ourTeam) : [];
  const caption = `${league.competition}, Saison ${league.season}`;
  // opened from the list (or just created): the focus goes to it, below the list, where its settings start
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="admin-card league-editor" style={GRID_ITEM} aria-labelledby={`league-${league.id}`}>
      <h2 id={`league-${league.id}`} ref={heading} tabIndex={-1}>
        {caption}
      </h2>
      <p>
        <a href={`/tabelle/${encodeURIComponent(league.id)}`} target="_blank" rel="noopener">
          {T.publicLink}
        </a>
      </p>
      <h3>{T.settings}</h3>
      <LeagueSettingsForm
        league={league}
        teams={teams}
        onDone={(saved) => {
          if (saved) onSaved(saved);
          onChanged();
        }}
      />
      {!detail && <p className="empty">{KIT_TEXTS.loading}</p>}
      {detail && league.mode === 'computed' && <LeagueResults leagueId={league.id} results={detail.results} teams={names} onChanged={changed} />}
      {detail && league.mode === 'entered' && (
        <>
          <h3>{T.pasteTitle}</h3>
          <StandingsPaste leagueId={league.id} onChanged={changed} />
        </>
      )}
      {detail && (
        <>
          <h3>{league.mode === 'entered' ? T.standingsTitle : 'Tabelle'}</h3>
          <LeaguePreview rows={detail.table} ourTeam={detail.ourTeam} caption={caption} />
        </>
      )}
    </section>
  );
}

export default function LeaguesManager() {
  const [overview, setOverview] = useState<{ candidates: LeagueCandidate[]; teams: { id: string; name: string }[] } | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [start, setStart] = useState<LeagueCandidate | null>(null);
  // the overview comes with the list: only the newest read's is shown, as its list is (useLoader)
  const overviewAsked = useRef(0);
  const list = useEntityList({
    // one read: the leagues for the list, the fixtures' competitions and our teams beside it
    load: async () => {
      const mine = ++overviewAsked.current;
      const result = await callAction(() => actions.admin.leagues.list({}));
      if (!result.ok) return result;
      if (mine === overviewAsked.current) setOverview({ candidates: result.data.candidates, teams: result.data.teams });
      return { ok: true as const, data: result.data.leagues };
    },
    loadFailed: (m) => [T.errorTitle, `${T.loadError}: ${m}`],
    tables: TABLES,
    remove: {
      confirm: T.confirmDelete,
      call: (l) => callAction(() => actions.admin.leagues.remove({ id: l.id })),
      failed: (m) => [T.errorTitle, `${T.deleteError}: ${m}`],
      deleted: [T.successTitle, T.deleted],
    },
  });
  const reloadAll = () => void list.reload();
  const leagues = list.data;
  // opened by id from the list, as saved here while the list's reload is still under way (savedRows.ts)
  const listed = leagues?.find((l) => l.id === openId);
  const { fresh } = list;
  // one object per entry of the list: the editor reloads the league's details when it changes
  const open = useMemo(() => (listed ? fresh(listed) : null), [listed, fresh]);
  const teams = overview?.teams ?? [];

  return (
    <>
      <section className="admin-card" style={GRID_ITEM}>
        <h2>{T.title}</h2>
        <p>{T.intro}</p>
        <h3>{T.candidatesTitle}</h3>
        {overview && overview.candidates.length === 0 && <p className="empty">{T.candidatesEmpty}</p>}
        {overview && overview.candidates.length > 0 && (
          <ul className="admin-list league-candidates">
            {overview.candidates.map((c) => (
              <li key={`${c.competition}|${c.season}`}>
                <span>
                  {c.competition} {c.season} ({T.matchesCount(c.matches)})
                </span>{' '}
                {c.leagueId ? (
                  <button type="button" className="btn btn-outline btn-small" onClick={() => setOpenId(c.leagueId)}>
                    {T.open}
                  </button>
                ) : (
                  <button type="button" className="btn btn-small" onClick={() => setStart(c)}>
                    {T.prefill}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <h3>{T.newTitle}</h3>
        <LeagueSettingsForm
          key={start ? `${start.competition}|${start.season}` : 'new'}
          league={null}
          start={start ?? undefined}
          teams={teams}
          onCreated={setOpenId}
          onDone={() => {
            setStart(null);
            reloadAll();
          }}
        />
      </section>
      <section className="admin-card" style={GRID_ITEM} aria-labelledby="leagues-list-heading">
        <h2 id="leagues-list-heading">
          {T.leaguesTitle} {leagues ? `(${leagues.length})` : ''}
        </h2>
        {list.loading && <p className="empty">{KIT_TEXTS.loading}</p>}
        {list.loadFailed && <p className="empty">{T.loadError}</p>}
        {leagues && leagues.length === 0 && <p className="empty">{T.leaguesEmpty}</p>}
        {leagues && leagues.length > 0 && (
          <div className="admin-table-wrap">
            <table className="admin-table sports-table leagues-table">
              <thead>
                <tr>
                  <th scope="col">Bewerb</th>
                  <th scope="col">Saison</th>
                  <th scope="col">{T.mode}</th>
                  <th scope="col">Aktionen</th>
                </tr>
              </thead>
              <tbody>
                {leagues.map((l) => (
                  <tr key={l.id} data-row-id={l.id} aria-current={l.id === openId ? 'true' : undefined}>
                    <td data-label="Bewerb">{l.competition}</td>
                    <td data-label="Saison">{l.season}</td>
                    <td data-label={T.mode}>
                      {T.modes[l.mode]} (
                      {l.mode === 'computed'
                        ? T.computedFrom(overview?.candidates.find((c) => c.leagueId === l.id)?.matches ?? 0, l.results)
                        : T.enteredRows(l.standings)}
                      )
                    </td>
                    <td data-label="Aktionen">
                      <RowActions entry={l} list={{ setEditing: (e) => setOpenId(e.id), remove: list.remove, busy: list.busy }} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {open && <LeagueEditor key={open.id} league={open} teams={teams} onChanged={reloadAll} onSaved={list.noteSaved} />}
    </>
  );
}
