// The import's review (issue 14, item 7): new, changed (each difference old →
// new), unchanged, other clubs' results for a league table, skipped matches and
// unreadable rows, before anything is written.
import { formatShortDate } from '../../lib/dates-de';
import { DIFF_FIELD_LABELS, MATCH_IMPORT_TEXTS as T } from '../../lib/match-import/texts';
import type { FieldDiff, PlanKind } from '../../lib/match-import/plan';
import { MATCH_STATUS_LABELS, adminMatchStatus } from '../../lib/schemas/match';
import type { ImportReview, ReviewItem, TeamChoice } from '../../lib/match-import/types';
import { wrapStyle } from './contentKit';

function shown(field: string, value: FieldDiff['before'], teams: TeamChoice[]): string {
  if (value === null || value === '') return '–';
  if (field === 'match_date') return formatShortDate(String(value));
  if (field === 'status') return MATCH_STATUS_LABELS[adminMatchStatus(String(value))];
  if (field === 'team_id') return teams.find((t) => t.id === value)?.name ?? String(value);
  if (field === 'team_side') return value === 'home' ? 'Heim' : 'Auswärts';
  if (field === 'external_key') return 'verknüpft';
  return String(value);
}

function MatchLine({ item }: { item: ReviewItem }) {
  return (
    <span style={wrapStyle}>
      {formatShortDate(item.match_date)}
      {item.match_time ? ` ${item.match_time}` : ''} · {item.home_team} – {item.away_team}
      {item.score ? ` ${item.score}` : ''}
      {item.setAside ? ` · ${MATCH_STATUS_LABELS[item.setAside]}` : ''} · {item.competition} {item.season}
    </span>
  );
}

function Group({ title, kinds, review, teams, note }: { title: string; kinds: PlanKind[]; review: ImportReview; teams: TeamChoice[]; note?: string }) {
  const items = review.items.filter((i) => kinds.includes(i.kind));
  if (items.length === 0) return null;
  const slug = kinds[0];
  return (
    <section className={`match-import-group match-import-${slug}`} aria-labelledby={`match-import-${slug}`}>
      <h4 id={`match-import-${slug}`}>
        {title} ({items.length})
      </h4>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <MatchLine item={item} />
            {note && <em> – {note}</em>}
            {item.diffs.length > 0 && (
              <ul className="match-import-diffs">
                {item.diffs
                  .filter((d) => d.field !== 'team_side')
                  .map((d) => (
                    <li key={d.field}>
                      {DIFF_FIELD_LABELS[d.field] ?? d.field}: {shown(d.field, d.before, teams)} → {shown(d.field, d.after, teams)}
                    </li>
                  ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function MatchImportReview({ review, teams }: { review: ImportReview; teams: TeamChoice[] }) {
  const { counts } = review;
  return (
    <div className="match-import-review">
      <p className="match-import-summary" role="status">
        <strong>{T.summary({ new: counts.new, changed: counts.changed, unchanged: counts.unchanged })}</strong>
      </p>
      <Group title={T.newTitle} kinds={['new']} review={review} teams={teams} />
      <Group title={T.changedTitle} kinds={['changed']} review={review} teams={teams} />
      <Group title={T.leagueTitle} kinds={['league_new', 'league_changed']} review={review} teams={teams} />
      <Group title={T.skippedTitle} kinds={['skipped']} review={review} teams={teams} note={T.skipped} />
      <Group title={T.unchangedTitle} kinds={['unchanged', 'league_unchanged']} review={review} teams={teams} />
      {review.problems.length > 0 && (
        <section className="match-import-group match-import-problems" aria-labelledby="match-import-problems">
          <h4 id="match-import-problems">
            {T.errorsTitle} ({review.problems.length})
          </h4>
          <ul>
            {review.problems.map((p) => (
              <li key={`${p.line}-${p.message}`} style={wrapStyle}>
                {p.message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
