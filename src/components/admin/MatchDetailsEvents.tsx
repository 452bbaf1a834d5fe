// A match's events as the admin sees them (issue 14): minute, what, who, for
// which side; the details editor adds a remove button per event. And the hook
// both the editor and 'Spieltag' load and save a match's details with.
import { actions } from 'astro:actions';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatMinute } from '../../lib/match-minute';
import { EVENT_LABELS, GOAL_KIND_LABELS, MATCH_DETAILS_TEXTS as T, type MatchDetailsEntry, type MatchEventEntry } from '../../lib/schemas/match-details';
import { callAction, useSaveToasts } from './contentKit';
import { refusedWhile } from '../ui/refused';

function who(details: MatchDetailsEntry, id: string | null, typed: string | null): string {
  if (!id) return typed ?? '';
  return details.lineup.find((p) => p.player_id === id)?.name ?? details.players.find((p) => p.id === id)?.name ?? '';
}

export function eventText(details: MatchDetailsEntry, e: MatchEventEntry): string {
  const team = e.side === 'home' ? details.home_team : details.away_team;
  const player = who(details, e.player_id, e.player_name);
  const related = who(details, e.related_player_id, e.related_player_name);
  const label = e.type === 'goal' && e.goal_kind && e.goal_kind !== 'regular' ? GOAL_KIND_LABELS[e.goal_kind] : EVENT_LABELS[e.type];
  const extra = e.type === 'substitution' ? ` für ${related}` : e.type === 'goal' && related ? ` (${T.assist}: ${related})` : '';
  return `${label}: ${player || '–'}${extra} – ${team}`;
}

export function MatchEventList({ details, onRemove, busy }: { details: MatchDetailsEntry; onRemove?: (id: string) => void; busy?: boolean }) {
  if (details.events.length === 0) return <p className="empty">{T.noEvents}</p>;
  return (
    <ol className="match-event-list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {details.events.map((e) => (
        <li key={e.id} data-event-id={e.id} style={{ display: 'flex', gap: '.5rem', alignItems: 'center', padding: '.35rem 0', borderBottom: '1px solid var(--color-border, #e5e7eb)', overflowWrap: 'anywhere' }}>
          <strong style={{ minWidth: '3.2rem' }}>{formatMinute(e.minute, e.added_time)}</strong>
          <span style={{ flex: 1 }}>{eventText(details, e)}</span>
          {onRemove && (
            <button
              type="button"
              className="btn btn-outline btn-small"
              aria-label={`${T.removeEvent}: ${formatMinute(e.minute, e.added_time)} ${eventText(details, e)}`}
              {...refusedWhile(busy === true)}
              onClick={() => onRemove(e.id)}
            >
              {T.removeEvent}
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}

export type SavedDetails = { row: MatchDetailsEntry; published: number | null; failed: string[]; revision?: number };

/**
 * A match's details loaded by id, and one way to call an action that answers
 * with them: busy while it runs, the German message on failure, the
 * 'Veröffentlicht' toast on success; it answers the action's result.
 */
export function useMatchDetails(matchId: string | null) {
  const { saved, failed } = useSaveToasts();
  const [details, setDetails] = useState<MatchDetailsEntry | null>(null);
  const [busy, setBusy] = useState(false);
  // the match open now: an answer for another (opened before, or saved while the admin moved on) shows nothing,
  // or the dialog would show that match and send its next save there
  const open = useRef(matchId);
  useEffect(() => {
    open.current = matchId;
    setDetails(null);
    if (!matchId) return;
    let current = true;
    void callAction(() => actions.admin.matchDetails.get({ match_id: matchId })).then((r) => {
      if (!current) return;
      if (r.ok) setDetails(r.data);
      else failed(T.errorTitle, r.message);
    });
    return () => {
      current = false;
    };
  }, [matchId, failed]);
  const run = useCallback(
    async (call: () => Promise<{ data?: SavedDetails; error?: unknown }>, title: string = T.saved, options: { reloadWhenRefused?: boolean } = {}) => {
      const asked = open.current;
      setBusy(true);
      const r = await callAction(call);
      setBusy(false);
      if (!r.ok) {
        failed(T.errorTitle, r.message);
        // refused for another admin's event (the undo, an event like one entered since): the match as it is now,
        // which shows it. Not for every refusal: a line-up refused for a change merges it into what the admin
        // picked, and a new team would rebuild that form first
        const now = asked && options.reloadWhenRefused ? await callAction(() => actions.admin.matchDetails.get({ match_id: asked })) : null;
        if (now?.ok && open.current === asked) setDetails(now.data);
      } else {
        if (open.current === asked) setDetails(r.data.row);
        saved(title, r.data);
      }
      return r;
    },
    [saved, failed],
  );
  return { details, setDetails, busy, run };
}
