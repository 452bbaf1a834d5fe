// One event at the pitch ('Spieltag', issue 14): whose it is (we or the
// opponent), the minute (empty: from the match clock), and the player(s) —
// ours picked from the line-up (else the team), the opponent's typed.
import { useEffect, useRef, useState } from 'react';
import { parseMinute, stoppageAllowed } from '../../lib/match-minute';
import {
  EVENT_LABELS,
  GOAL_KIND_LABELS,
  GOAL_KINDS,
  MATCH_DAY_TEXTS as T,
  MATCH_DETAIL_ERRORS,
  type EventInput,
  type MatchDetailsEntry,
  type Side,
} from '../../lib/schemas/match-details';
import { useSaveToasts } from './contentKit';
import { refusedWhile } from '../ui/refused';

export type EventKind = 'goal' | 'card' | 'substitution';

/** An entry's own id (crypto.randomUUID needs a secure context; an admin on the club's network may not have one). */
function newEntryId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
const CARDS = ['yellow', 'yellow_red', 'red'] as const;

/** Our players to pick from: the line-up when there is one, else the whole team. */
export function pickablePlayers(details: MatchDetailsEntry): { id: string; label: string }[] {
  const numbered = (n: number | null, name: string) => (n != null ? `${n} ${name}` : name);
  if (details.lineup.length > 0) return details.lineup.map((p) => ({ id: p.player_id, label: numbered(p.jersey_number, p.name) }));
  return details.players.map((p) => ({ id: p.id, label: numbered(p.jersey_number, p.name) }));
}

function PlayerField({ label, ours, players, value, onChange, optional }: {
  label: string;
  ours: boolean;
  players: { id: string; label: string }[];
  value: string;
  onChange: (v: string) => void;
  optional?: string;
}) {
  return (
    <label className="admin-field">
      <span>{label}</span>
      {ours ? (
        <select value={value} onChange={(e) => onChange(e.target.value)} style={{ minHeight: '3rem' }}>
          <option value="">{optional ?? T.choose}</option>
          {players.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      ) : (
        <input type="text" value={value} maxLength={120} onChange={(e) => onChange(e.target.value)} style={{ minHeight: '3rem' }} />
      )}
    </label>
  );
}

export default function MatchDayEventForm({ kind, details, minuteHint, busy, onSubmit, onCancel }: {
  kind: EventKind;
  details: MatchDetailsEntry;
  minuteHint: string;
  busy: boolean;
  onSubmit: (input: EventInput) => void;
  onCancel: () => void;
}) {
  const { failed } = useSaveToasts();
  const ourSide: Side = details.team_side ?? 'home';
  const [ours, setOurs] = useState(true);
  const [minute, setMinute] = useState('');
  const [player, setPlayer] = useState('');
  const [related, setRelated] = useState('');
  const [goalKind, setGoalKind] = useState<(typeof GOAL_KINDS)[number]>('regular');
  const [card, setCard] = useState<(typeof CARDS)[number]>('yellow');
  const players = pickablePlayers(details);
  // the form takes the focus where it starts (its side) when it opens; a refused minute marks and focuses its field
  const form = useRef<HTMLFormElement>(null);
  const minuteField = useRef<HTMLInputElement>(null);
  const [minuteRefused, setMinuteRefused] = useState(false);
  const entryIds = useRef(new Map<string, string>());
  const entryIdFor = (entry: object) => {
    const key = JSON.stringify(entry);
    const id = entryIds.current.get(key) ?? newEntryId();
    entryIds.current.set(key, id);
    return id;
  };
  useEffect(() => form.current?.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]')?.focus(), []);
  const refuseMinute = (message: string) => {
    setMinuteRefused(true);
    minuteField.current?.focus();
    failed(T.errorTitle, message);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const typed = minute.trim() ? parseMinute(minute) : null;
    if (minute.trim() && !typed) return refuseMinute(MATCH_DETAIL_ERRORS.minute);
    if (typed?.added && !stoppageAllowed(typed.minute, details.half_minutes)) return refuseMinute(MATCH_DETAIL_ERRORS.stoppage(details.half_minutes));
    const side: Side = ours ? ourSide : ourSide === 'home' ? 'away' : 'home';
    const who = (v: string) => (ours ? { id: v || null, name: null } : { id: null, name: v.trim() || null });
    const p = who(player);
    const r = who(related);
    const entry = {
      match_id: details.id,
      type: kind === 'card' ? card : kind,
      side,
      minute: typed?.minute ?? null,
      added_time: typed?.added ?? null,
      goal_kind: kind === 'goal' ? goalKind : null,
      player_id: p.id,
      player_name: p.name,
      related_player_id: r.id,
      related_player_name: r.name,
    };
    // the same entry sent again (its answer lost on weak data) keeps its id, and the server finds what it stored;
    // the list the admin saw, so that one like it entered since by another admin is shown before it is stored
    onSubmit({ ...entry, entry_id: entryIdFor(entry), known_event_ids: details.events.map((event) => event.id) });
  };
  const chooseSide = (value: boolean) => {
    setOurs(value);
    setPlayer('');
    setRelated('');
  };
  const title = kind === 'card' ? T.card : EVENT_LABELS[kind];
  return (
    <form ref={form} className="admin-card match-day-event" aria-label={title} onSubmit={submit} style={{ marginTop: '.75rem', display: 'grid', gap: '.5rem' }}>
      <h3 style={{ margin: 0 }}>{title}</h3>
      <div role="radiogroup" aria-label="Seite" style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '.5rem' }}>
        {[true, false].map((value) => (
          <button
            key={String(value)}
            type="button"
            role="radio"
            aria-checked={ours === value}
            // the radios' pattern: one Tab stop, the arrows choose the other side
            tabIndex={ours === value ? 0 : -1}
            onKeyDown={(event) => {
              if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
              event.preventDefault();
              chooseSide(!value);
              (event.currentTarget.parentElement?.querySelector(`[data-ours="${!value}"]`) as HTMLElement | null)?.focus();
            }}
            data-ours={String(value)}
            className={ours === value ? 'btn' : 'btn btn-outline'}
            style={{ minHeight: '3rem' }}
            onClick={() => chooseSide(value)}
          >
            {value ? `${T.ours} (${ourSide === 'home' ? details.home_team : details.away_team})` : `${T.theirs} (${ourSide === 'home' ? details.away_team : details.home_team})`}
          </button>
        ))}
      </div>
      {/* 'tel': a phone's digit keypad that has '+', for stoppage time ('45+2'); 'numeric' has no '+' on an iPhone */}
      <label className="admin-field">
        <span>{T.minute}</span>
        <input
          ref={minuteField}
          type="text"
          inputMode="tel"
          value={minute}
          placeholder={minuteHint}
          aria-invalid={minuteRefused || undefined}
          onChange={(e) => {
            setMinute(e.target.value);
            setMinuteRefused(false);
          }}
          aria-describedby="minute-hint"
        />
        <small id="minute-hint" className="meta">{T.minuteHint}{minuteHint ? `: ${minuteHint}` : ''}</small>
      </label>
      {kind === 'goal' && (
        <>
          <PlayerField label={T.scorer} ours={ours} players={players} value={player} onChange={setPlayer} />
          {goalKind !== 'own_goal' && <PlayerField label={T.assist} ours={ours} players={players} value={related} onChange={setRelated} optional={T.noAssist} />}
          <label className="admin-field">
            <span>{T.kind}</span>
            <select value={goalKind} onChange={(e) => setGoalKind(e.target.value as (typeof GOAL_KINDS)[number])}>
              {GOAL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {GOAL_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      {kind === 'card' && (
        <>
          <label className="admin-field">
            <span>{T.cardKind}</span>
            <select value={card} onChange={(e) => setCard(e.target.value as (typeof CARDS)[number])} style={{ minHeight: '3rem' }}>
              {CARDS.map((c) => (
                <option key={c} value={c}>
                  {EVENT_LABELS[c]}
                </option>
              ))}
            </select>
          </label>
          <PlayerField label={T.player} ours={ours} players={players} value={player} onChange={setPlayer} />
        </>
      )}
      {kind === 'substitution' && (
        <>
          <PlayerField label={T.playerOn} ours={ours} players={players} value={player} onChange={setPlayer} />
          <PlayerField label={T.playerOff} ours={ours} players={players} value={related} onChange={setRelated} />
        </>
      )}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '.5rem' }}>
        <button type="button" className="btn btn-outline" style={{ minHeight: '3.5rem' }} onClick={onCancel}>
          {T.cancel}
        </button>
        <button type="submit" className="btn" style={{ minHeight: '3.5rem' }} {...refusedWhile(busy)}>
          {busy ? 'Speichert...' : T.save}
        </button>
      </div>
    </form>
  );
}
