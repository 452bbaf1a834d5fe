// Two versions of a row side by side (issue 15): one line per field, the changed
// ones highlighted and marked 'geändert' in words (not by colour alone), long
// texts as a word diff with <del>/<ins> marks. Unchanged fields are folded away
// unless asked for, so a phone shows what matters first.
import { useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { REVISIONS_UI_TEXTS as T, compareRevisions, type FieldComparison, type RevisionValue } from '../../lib/revision-compare';
import { diffSide, type DiffSegment } from '../../lib/text-diff';
import { wrapStyle } from './contentKit';

// colours with AA contrast on their background (axe checks the dialog)
const CHANGED_ROW: CSSProperties = { background: '#fef9c3' };
const MARKS = {
  removed: { background: '#fee2e2', color: '#7f1d1d', textDecoration: 'line-through' },
  added: { background: '#dcfce7', color: '#14532d', textDecoration: 'underline' },
} satisfies Record<'removed' | 'added', CSSProperties>;
const CELL: CSSProperties = { ...wrapStyle, whiteSpace: 'pre-wrap' };

// a phone: one field under the other, each version under its name, instead of three narrow columns
const NARROW = '(max-width: 640px)';
const narrowQuery = () => (typeof window === 'undefined' ? null : window.matchMedia(NARROW));
function subscribe(onChange: () => void) {
  const query = narrowQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const useNarrow = () => useSyncExternalStore(subscribe, () => narrowQuery()?.matches ?? false, () => false);

function Value({ value }: { value: RevisionValue }) {
  if (value.kind === 'empty') return <span className="hint">{T.empty}</span>;
  if (value.kind === 'list') {
    return (
      <ul style={{ margin: 0, paddingLeft: '1.2rem' }}>
        {value.items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    );
  }
  return <>{value.text}</>;
}

/** One side of a word diff: the words only this side has, marked. */
function DiffText({ segments, side }: { segments: DiffSegment[]; side: 'before' | 'after' }) {
  return (
    <>
      {diffSide(segments, side).map((segment, i) => {
        if (segment.kind === 'removed') {
          return (
            <del key={i} className="diff-removed" style={MARKS.removed}>
              <span className="visually-hidden">[{T.removedMark}: </span>
              {segment.text}
              <span className="visually-hidden">]</span>
            </del>
          );
        }
        if (segment.kind === 'added') {
          return (
            <ins key={i} className="diff-added" style={MARKS.added}>
              <span className="visually-hidden">[{T.addedMark}: </span>
              {segment.text}
              <span className="visually-hidden">]</span>
            </ins>
          );
        }
        return <span key={i}>{segment.text}</span>;
      })}
    </>
  );
}

/** A field's name, and 'geändert' in words beside it when it changed. */
function fieldName(label: string, changed: boolean): ReactNode {
  if (!changed) return label;
  return (
    <>
      {label} <span className="badge revision-changed-badge">{T.changed}</span>
    </>
  );
}

/** One version's value of a field: its side of the word diff, or the value as it reads. */
function cell(field: FieldComparison, side: 'before' | 'after'): ReactNode {
  return field.diff ? <DiffText segments={field.diff} side={side} /> : <Value value={field[side]} />;
}

export default function RevisionCompare({
  before,
  after,
  beforeLabel,
  afterLabel,
}: {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  beforeLabel: string;
  afterLabel: string;
}) {
  const [showAll, setShowAll] = useState(false);
  const narrow = useNarrow();
  const fields = compareRevisions(before, after);
  const changed = fields.filter((field) => field.changed).length;
  const shown = showAll ? fields : fields.filter((field) => field.changed);
  return (
    <div className="revision-compare">
      <p className="revision-summary" style={{ margin: '0.5rem 0' }}>
        {T.changedCount(changed)}
      </p>
      <label style={{ display: 'inline-flex', gap: '0.4rem', alignItems: 'center', marginBottom: '0.5rem' }}>
        <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />
        {T.showUnchanged}
      </label>
      {shown.length > 0 && narrow && (
        <div className="revision-fields">
          {shown.map((field) => (
            <section
              key={field.key}
              className={field.changed ? 'revision-field revision-changed' : 'revision-field'}
              data-field={field.key}
              style={{ ...(field.changed ? CHANGED_ROW : {}), padding: '0.5rem', borderBottom: '1px solid var(--grey-200)' }}
            >
              <h4 style={{ margin: '0 0 0.25rem', ...wrapStyle }}>{fieldName(field.label, field.changed)}</h4>
              {(['before', 'after'] as const).map((side) => (
                <div key={side} data-side={side} style={{ marginTop: '0.25rem' }}>
                  <div style={{ fontSize: '0.85rem', fontWeight: 600, color: 'var(--grey-700)' }}>{side === 'before' ? beforeLabel : afterLabel}</div>
                  <div style={CELL}>{cell(field, side)}</div>
                </div>
              ))}
            </section>
          ))}
        </div>
      )}
      {shown.length > 0 && !narrow && (
        <div className="admin-table-wrap">
          <table className="admin-table revision-compare-table" style={{ tableLayout: 'fixed' }}>
            <caption className="visually-hidden">{T.compareHeading}</caption>
            <thead>
              <tr>
                <th scope="col" style={{ width: '22%' }}>{T.field}</th>
                <th scope="col">{beforeLabel}</th>
                <th scope="col">{afterLabel}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((field) => (
                <tr
                  key={field.key}
                  className={field.changed ? 'revision-field revision-changed' : 'revision-field'}
                  data-field={field.key}
                  style={field.changed ? CHANGED_ROW : undefined}
                >
                  <th scope="row" style={wrapStyle}>
                    {fieldName(field.label, field.changed)}
                  </th>
                  <td style={CELL} data-side="before">
                    {cell(field, 'before')}
                  </td>
                  <td style={CELL} data-side="after">
                    {cell(field, 'after')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
