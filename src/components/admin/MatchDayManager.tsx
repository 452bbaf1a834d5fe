// 'Spieltag' (issue 14): the current match at the pitch, mobile first. Big
// buttons for the phases and for goal, card and substitution; the minute comes
// from the match clock unless typed in; each tap is saved and published at once
// (open match pages update by themselves); the last event can be taken back.
import { actions } from 'astro:actions';
import { useEffect, useRef, useState } from 'react';
import { formatShortDate } from '../../lib/dates-de';
import { formatMinute, matchMinute } from '../../lib/match-minute';
import { MATCH_DAY_TEXTS as T, PHASE_FLOW, PHASE_STEPS, type PhaseStep } from '../../lib/schemas/match-details';
import { callAction, useSaveToasts } from './contentKit';
import { refusedWhile } from '../ui/refused';
import MatchDayEventForm, { type EventKind } from './MatchDayEventForm';
import { MatchEventList, useMatchDetails } from './MatchDetailsEvents';

type Choice = { id: string; home_team: string; away_team: string; match_date: string; match_time: string | null };

const bigButton = { minHeight: '3.5rem', fontSize: '1.1rem', width: '100%', paddingInline: '.25rem' } as const;

export default function MatchDayManager() {
  const { failed } = useSaveToasts();
  // the matches offered, the club's day and today's matches without a team: one answer, one state
  const [offer, setOffer] = useState<{ choices: Choice[]; today: string; unassignedToday: number } | null>(null);
  const [matchId, setMatchId] = useState<string | null>(null);
  const [kind, setKind] = useState<EventKind | null>(null);
  const { details, busy, run: save } = useMatchDetails(matchId);
  const run = async (call: Parameters<typeof save>[0], title: string, options?: Parameters<typeof save>[2]) => {
    const ok = await save(call, title, options);
    setNow(Date.now());
    return ok;
  };
  const [now, setNow] = useState(() => Date.now());
  // the button that opened the event form takes the focus back when the form closes (its buttons go with it)
  const kindButtons = useRef<Partial<Record<EventKind, HTMLButtonElement | null>>>({});
  const closeForm = () => {
    const opened = kind;
    setKind(null);
    if (opened) requestAnimationFrame(() => kindButtons.current[opened]?.focus());
  };

  useEffect(() => {
    void callAction(() => actions.admin.matchDay.choices({})).then((r) => {
      if (!r.ok) return failed(T.errorTitle, r.message);
      setOffer({ choices: r.data.choices, today: r.data.today, unassignedToday: r.data.unassignedToday });
      setMatchId(r.data.current);
    });
  }, [failed]);
  // the minute on the board moves with the clock
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);

  if (offer === null) return <p className="empty">Lädt...</p>;
  const { choices, today } = offer;
  const unassigned = offer.unassignedToday > 0 && <p className="hint match-day-unassigned">{T.unassignedToday(offer.unassignedToday)}</p>;
  if (choices.length === 0) return unassigned || <p className="empty">{T.noMatches}</p>;
  const chosen = choices.find((c) => c.id === matchId);
  const minute = details ? matchMinute(details, now) : null;
  const steps = details ? PHASE_STEPS.filter((s) => PHASE_FLOW[s].from.includes(details.live_phase)) : [];
  const canRecord = details !== null && details.live_phase !== 'not_started';

  return (
    <section className="admin-card match-day" aria-labelledby="match-day-heading" style={{ maxWidth: '36rem', minWidth: 0 }}>
      <h2 id="match-day-heading">{T.heading}</h2>
      {unassigned}
      <label className="admin-field">
        <span>{T.chooseMatch}</span>
        <select value={matchId ?? ''} onChange={(e) => setMatchId(e.target.value)} style={{ minWidth: 0, textOverflow: 'ellipsis' }}>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {formatShortDate(c.match_date)} {c.match_time ?? ''} · {c.home_team} – {c.away_team}
            </option>
          ))}
        </select>
      </label>
      {details && (
        <>
          {/* the score and phase are announced when they change; the board itself is not live, since its
              running minute would interrupt a screen reader once a minute for the whole match */}
          <p className="visually-hidden" role="status" aria-live="polite">
            {`${details.home_team} ${details.home_score ?? 0}:${details.away_score ?? 0} ${details.away_team}, ${T.phases[details.live_phase]}`}
          </p>
          <div className="match-day-board" style={{ textAlign: 'center', margin: '1rem 0' }}>
            <p style={{ margin: 0, overflowWrap: 'anywhere' }}>
              <strong>{details.home_team}</strong> – <strong>{details.away_team}</strong>
            </p>
            <p className="match-day-score" style={{ fontSize: '2.5rem', fontWeight: 800, margin: '.25rem 0' }}>
              {details.home_score ?? 0}:{details.away_score ?? 0}
            </p>
            <p className="match-day-phase" style={{ margin: 0 }}>
              {T.phases[details.live_phase]}
              {minute && details.live_phase !== 'half_time' && details.live_phase !== 'full_time' && ` · ${formatMinute(minute.minute, minute.added)}`}
            </p>
          </div>
          {details.live_phase === 'not_started' && chosen && chosen.match_date !== today && (
            <p className="hint match-day-not-today">{T.notToday(formatShortDate(chosen.match_date))}</p>
          )}
          <div style={{ display: 'grid', gap: '.5rem', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
            {/* keyed by place: 'Anpfiff' becomes 'Halbzeit' in the same button, which keeps the focus */}
            {steps.map((step: PhaseStep, place) => (
              <button
                key={place}
                type="button"
                className={step === 'full_time' ? 'btn btn-outline' : 'btn'}
                style={bigButton}
                {...refusedWhile(busy)}
                onClick={() => void run(() => actions.admin.matchDay.phase({ match_id: details.id, step }), T.steps[step])}
              >
                {T.steps[step]}
              </button>
            ))}
          </div>
          {canRecord && (
            <div style={{ display: 'grid', gap: '.5rem', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', marginTop: '.75rem' }}>
              {(['goal', 'card', 'substitution'] as const).map((k) => (
                <button
                  key={k}
                  ref={(el) => void (kindButtons.current[k] = el)}
                  type="button"
                  className="btn"
                  style={bigButton}
                  aria-pressed={kind === k}
                  {...refusedWhile(busy)}
                  onClick={() => setKind(kind === k ? null : k)}
                >
                  {T[k]}
                </button>
              ))}
            </div>
          )}
          {kind && canRecord && (
            <MatchDayEventForm
              key={kind}
              kind={kind}
              details={details}
              minuteHint={minute ? formatMinute(minute.minute, minute.added) : ''}
              busy={busy}
              onCancel={closeForm}
              onSubmit={async (input) => {
                if ((await run(() => actions.admin.matchDay.record(input), T.saved, { reloadWhenRefused: true })).ok) closeForm();
              }}
            />
          )}
          <h3>{T.events}</h3>
          <MatchEventList details={details} />
          <div className="admin-actions" style={{ marginTop: '.75rem', flexWrap: 'wrap' }}>
            <button
              type="button"
              className="btn btn-outline"
              style={bigButton}
              {...refusedWhile(busy || details.last_event_id === null)}
              onClick={() => {
                const last = details.last_event_id;
                if (last) void run(() => actions.admin.matchDay.undo({ match_id: details.id, last_event_id: last }), T.undone, { reloadWhenRefused: true });
              }}
            >
              {T.undo}
            </button>
            <a className="btn btn-light" href={`/spiel/${encodeURIComponent(details.id)}`} target="_blank" rel="noopener">
              {T.openPage}
            </a>
          </div>
        </>
      )}
    </section>
  );
}
