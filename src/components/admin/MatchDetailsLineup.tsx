// Our team in a match, its side, and the line-up (issue 14): each of the team's
// players in the starting eleven, on the bench or not playing, with the shirt
// number worn; the opponent's line-up as free text. The server checks the rules
// again (only the team's players, nobody twice, at most eleven starters).
import { actions } from 'astro:actions';
import { useState } from 'react';
import { MATCH_DETAILS_TEXTS as T, SIDES, lineupProblems, type LineupRead, type MatchDetailsEntry, type Side } from '../../lib/schemas/match-details';
import { mergeLineup } from '../../lib/lineup-merge';
import { callAction, useSaveToasts, wrapStyle } from './contentKit';
import type { useMatchDetails } from './MatchDetailsEvents';
import { refusedWhile } from '../ui/refused';

type Choice = { role: '' | 'start' | 'sub'; number: string };

/** The line-up as stored in `details`: what the form was filled with, sent with the save (decision 032). */
const lineupRead = (details: MatchDetailsEntry): LineupRead => ({
  team_id: details.team_id,
  team_side: details.team_side,
  opponent_lineup: details.opponent_lineup,
  players: details.lineup.map((l) => ({ player_id: l.player_id, role: l.role, jersey_number: l.jersey_number })),
});

/** The form's choices of stored line-up rows: role and shirt number (as typed) by player. */
const choicesOf = (players: LineupRead['players']): Record<string, Choice> =>
  Object.fromEntries(players.map((l) => [l.player_id, { role: l.role, number: l.jersey_number == null ? '' : String(l.jersey_number) }]));

export default function MatchDetailsLineup({ details, run, busy }: { details: MatchDetailsEntry } & Pick<ReturnType<typeof useMatchDetails>, 'run' | 'busy'>) {
  const { failed } = useSaveToasts();
  const [teamId, setTeamId] = useState(details.team_id ?? '');
  const [side, setSide] = useState<Side>(details.team_side ?? 'home');
  const [opponent, setOpponent] = useState(details.opponent_lineup ?? '');
  const [read, setRead] = useState(() => lineupRead(details));
  const [picks, setPicks] = useState<Record<string, Choice>>(() => choicesOf(details.lineup));
  const [notice, setNotice] = useState<string | null>(null);
  // after a refusal, until the stored line-up is merged in: a save sent before would name the old one
  const [merging, setMerging] = useState(false);
  // the players shown are those of the team as saved; a new team shows its players after saving
  const players = teamId === details.team_id ? details.players : [];
  const pick = (id: string): Choice => picks[id] ?? { role: '', number: '' };
  const set = (id: string, change: Partial<Choice>) => setPicks({ ...picks, [id]: { ...pick(id), ...change } });

  const chosenPlayers = () =>
    players
      .filter((p) => pick(p.id).role !== '')
      .map((p) => ({ player_id: p.id, role: pick(p.id).role as 'start' | 'sub', jersey_number: pick(p.id).number.trim() === '' ? null : Number(pick(p.id).number) }));

  /** Refused for another admin's change: theirs goes into the form where this one changed nothing, and becomes the base. */
  const mergeStored = async (mine: LineupRead) => {
    const stored = await callAction(() => actions.admin.matchDetails.get({ match_id: details.id }));
    if (!stored.ok) return setNotice(T.lineupReopen);
    const theirs = lineupRead(stored.data);
    const { merged, conflicts } = mergeLineup(read, mine, theirs);
    setTeamId(merged.team_id ?? '');
    setSide(merged.team_side ?? 'home');
    setOpponent(merged.opponent_lineup ?? '');
    setPicks(choicesOf(merged.players));
    setRead(theirs);
    setNotice(T.lineupMerged(conflicts));
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const chosen = chosenPlayers();
    const problems = lineupProblems(chosen, new Set(players.map((p) => p.id)));
    if (problems.length > 0) return failed(T.errorTitle, problems.join(' '));
    const mine: LineupRead = { team_id: teamId || null, team_side: teamId ? side : null, opponent_lineup: opponent, players: teamId === details.team_id ? chosen : [] };
    const result = await run(() => actions.admin.matchDetails.saveLineup({ match_id: details.id, ...mine, read }));
    if (!result.ok) {
      if (result.code === 'CONFLICT') {
        setMerging(true);
        await mergeStored(mine).finally(() => setMerging(false));
      }
      return;
    }
    // what is stored now is the base of the next save
    setRead(lineupRead(result.data.row));
    setNotice(null);
  };

  return (
    <form aria-label={T.lineupTitle} onSubmit={save} style={{ display: 'grid', gap: '.5rem' }}>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <div style={{ display: 'grid', gap: '.5rem', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))' }}>
        <label className="admin-field">
          <span>{T.teamLabel}</span>
          <select value={teamId} onChange={(e) => setTeamId(e.target.value)}>
            <option value="">{T.noTeam}</option>
            {details.teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>{T.sideLabel}</span>
          <select value={side} disabled={!teamId} onChange={(e) => setSide(e.target.value as Side)}>
            {SIDES.map((s) => (
              <option key={s} value={s}>
                {T.sides[s]} ({s === 'home' ? details.home_team : details.away_team})
              </option>
            ))}
          </select>
        </label>
      </div>
      <h3>{T.lineupTitle}</h3>
      {teamId && teamId !== details.team_id && <p className="meta">{T.pickTeamFirst}</p>}
      {players.length > 0 && (
        <table className="admin-table lineup-table">
          <thead>
            <tr>
              <th scope="col">{T.player}</th>
              <th scope="col">{T.lineupTitle}</th>
              <th scope="col">{T.jersey}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p) => (
              <tr key={p.id}>
                <td style={wrapStyle}>{p.name}</td>
                <td>
                  <select aria-label={`${T.lineupTitle} ${p.name}`} value={pick(p.id).role} onChange={(e) => set(p.id, { role: e.target.value as Choice['role'], number: pick(p.id).number || (p.jersey_number == null ? '' : String(p.jersey_number)) })}>
                    <option value="">{T.notPlaying}</option>
                    <option value="start">{T.starters}</option>
                    <option value="sub">{T.subs}</option>
                  </select>
                </td>
                <td>
                  <input aria-label={`${T.jersey} ${p.name}`} type="number" min={0} max={99} style={{ width: '4.5rem' }} value={pick(p.id).number} onChange={(e) => set(p.id, { number: e.target.value })} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <label className="admin-field">
        <span>{T.opponentLineup}</span>
        <textarea rows={3} maxLength={2_000} value={opponent} onChange={(e) => setOpponent(e.target.value)} />
      </label>
      <div className="admin-actions">
        <button type="submit" className="btn" {...refusedWhile(busy || merging)}>
          {busy || merging ? 'Speichert...' : T.saveLineup}
        </button>
      </div>
    </form>
  );
}
