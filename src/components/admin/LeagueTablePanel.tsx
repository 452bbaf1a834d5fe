// 'Tabellen': a league's table as the site shows it (the admin's preview), and
// for an entered league the box to paste the portal's table into (issue 14).
import { actions } from 'astro:actions';
import { useState, type SubmitEvent } from 'react';
import type { TableRow } from '../../lib/league-table';
import { LEAGUE_TEXTS as T } from '../../lib/schemas/league';
import { FieldError, callAction, useSaveToasts, wrapStyle } from './contentKit';
import { SaveButton } from './ui';

export function LeaguePreview({ rows, ourTeam, caption }: { rows: TableRow[]; ourTeam: string | null; caption: string }) {
  if (rows.length === 0) return <p className="empty">{T.standingsEmpty}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table league-preview">
        <caption style={{ textAlign: 'left', fontWeight: 700 }}>{caption}</caption>
        <thead>
          <tr>
            {['Pl.', 'Mannschaft', 'Sp.', 'S', 'U', 'N', 'Tore', 'Pkt.'].map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.team} style={r.team === ourTeam ? { fontWeight: 700 } : undefined}>
              <td>{r.position}.</td>
              <th scope="row" style={{ ...wrapStyle, fontWeight: 'inherit', textAlign: 'left' }}>
                {r.team}
              </th>
              <td>{r.played}</td>
              <td>{r.won}</td>
              <td>{r.drawn}</td>
              <td>{r.lost}</td>
              <td>
                {r.goalsFor}:{r.goalsAgainst}
              </td>
              <td>{r.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StandingsPaste({ leagueId, onChanged }: { leagueId: string; onChanged: () => void }) {
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { saved, failed } = useSaveToasts();
  const id = `paste-${leagueId}`;
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const result = await callAction(() => actions.admin.leagues.paste({ league_id: leagueId, text }));
    setSaving(false);
    if (!result.ok) {
      setError(result.message);
      return failed(T.errorTitle, result.message);
    }
    setError(null);
    setText('');
    const { row, ...publication } = result.data;
    saved(T.successTitle, publication, T.pasted(row.count));
    onChanged();
  };
  return (
    <form className="admin-form" noValidate onSubmit={(e) => void submit(e)} aria-label={T.pasteTitle}>
      <label className="admin-field" htmlFor={id}>
        <span>{T.pasteTitle}</span>
        <textarea
          id={id}
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          style={{ fontFamily: 'monospace' }}
        />
        <small className="hint" id={`${id}-hint`}>
          {T.pasteHint}
        </small>
        <FieldError message={error ?? undefined} />
      </label>
      <div>
        <SaveButton saving={saving} disabled={text.trim() === ''}>
          {T.pasteButton}
        </SaveButton>
      </div>
    </form>
  );
}
