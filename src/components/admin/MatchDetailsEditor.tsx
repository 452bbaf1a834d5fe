// 'Details' of a match in 'Spielplan' (issue 14): our team and line-up, the
// events by minute (added with the same form as at the pitch, removed one by
// one) and the report with photos. Each part saves and publishes on its own.
import { actions } from 'astro:actions';
import { useEffect, useState } from 'react';
import { MATCH_DAY_TEXTS, MATCH_DETAILS_TEXTS as T } from '../../lib/schemas/match-details';
import { DialogSavingState, EditDialog } from './editDialog';
import MatchDayEventForm, { type EventKind } from './MatchDayEventForm';
import { MatchEventList, useMatchDetails } from './MatchDetailsEvents';
import MatchDetailsLineup from './MatchDetailsLineup';
import MatchDetailsReport from './MatchDetailsReport';

export default function MatchDetailsEditor({ matchId, onClose }: { matchId: string | null; onClose: () => void }) {
  const { details, busy, run } = useMatchDetails(matchId);
  const [kind, setKind] = useState<EventKind | null>(null);
  useEffect(() => setKind(null), [matchId]);

  return (
    <EditDialog open={matchId !== null} title={details ? `${T.dialogTitle}: ${details.home_team} – ${details.away_team}` : T.dialogTitle} dirty={false} onClose={onClose} wide>
      {!details ? (
        <p className="empty">Lädt...</p>
      ) : (
        <div style={{ display: 'grid', gap: '1rem' }}>
          {/* a save under way (line-up, event, report) keeps the dialog open: closed, its end still came */}
          <DialogSavingState saving={busy} />
          <MatchDetailsLineup key={`lineup-${details.id}-${details.team_id}`} details={details} run={run} busy={busy} />
          <section aria-label={T.eventsTitle}>
            <h3>{T.eventsTitle}</h3>
            <MatchEventList details={details} busy={busy} onRemove={(id) => void run(() => actions.admin.matchDetails.removeEvent({ id }))} />
            <div className="admin-actions" style={{ marginTop: '.5rem', flexWrap: 'wrap' }}>
              {(['goal', 'card', 'substitution'] as const).map((k) => (
                <button key={k} type="button" className="btn btn-outline btn-small" aria-pressed={kind === k} onClick={() => setKind(kind === k ? null : k)}>
                  + {MATCH_DAY_TEXTS[k]}
                </button>
              ))}
            </div>
            {kind && (
              <MatchDayEventForm
                key={kind}
                kind={kind}
                details={details}
                minuteHint=""
                busy={busy}
                onCancel={() => setKind(null)}
                onSubmit={async (input) => {
                  if ((await run(() => actions.admin.matchDetails.addEvent(input), undefined, { reloadWhenRefused: true })).ok) setKind(null);
                }}
              />
            )}
          </section>
          <MatchDetailsReport key={details.id} details={details} run={run} busy={busy} />
        </div>
      )}
    </EditDialog>
  );
}
