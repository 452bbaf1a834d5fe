// A league's own order of tie-breaks ('Tabellen', decision 027): the chosen criteria in their order, each
// moved up or down by a button, then the ones not used. A keyboard user keeps the focus on the criterion moved
// (its button of the same way, else the other one: the first has no 'nach oben'), and a screen reader hears
// where it went.
import { useEffect, useRef, useState } from 'react';
import { LEAGUE_TEXTS as T } from '../../lib/schemas/league';
import { TIE_BREAKERS, TIE_BREAKER_LABELS, type TieBreaker } from '../../lib/league-table';
import { wrapStyle } from './contentKit';

type Way = 'up' | 'down';

export default function TieBreakOrder({ order, onChange }: { order: TieBreaker[]; onChange: (order: TieBreaker[]) => void }) {
  const list = useRef<HTMLUListElement>(null);
  // the place is the one it was moved to: a later tick (or a restored draft) does not say it moved again
  const [moved, setMoved] = useState<{ criterion: TieBreaker; way: Way; place: number } | null>(null);
  const toggle = (c: TieBreaker) => {
    setMoved(null);
    onChange(order.includes(c) ? order.filter((x) => x !== c) : [...order, c]);
  };
  const move = (at: number, way: Way) => {
    const to = way === 'up' ? at - 1 : at + 1;
    const next = [...order];
    [next[at], next[to]] = [next[to], next[at]];
    onChange(next);
    setMoved({ criterion: order[at], way, place: to + 1 });
  };
  useEffect(() => {
    if (!moved) return;
    const buttons = (way: Way) => list.current?.querySelector<HTMLElement>(`[data-criterion="${moved.criterion}"] [data-way="${way}"]`);
    (buttons(moved.way) ?? buttons(moved.way === 'up' ? 'down' : 'up'))?.focus();
  }, [moved]);

  return (
    <>
      <ul ref={list} className="tie-break-order" style={{ listStyle: 'none', padding: 0 }}>
        {[...order, ...TIE_BREAKERS.filter((c) => !order.includes(c))].map((c) => {
          const at = order.indexOf(c);
          const label = TIE_BREAKER_LABELS[c];
          return (
            <li key={c} data-criterion={c} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', justifyContent: 'space-between' }}>
              <label className="admin-check" style={{ minWidth: 0 }}>
                <input type="checkbox" style={{ width: 'auto' }} checked={at !== -1} onChange={() => toggle(c)} />
                <span style={wrapStyle}>
                  {at !== -1 ? `${at + 1}. ` : ''}
                  {label}
                </span>
              </label>
              <span style={{ display: 'flex', gap: '0.25rem', flexShrink: 0 }}>
                {at > 0 && (
                  <button type="button" className="btn btn-outline btn-small" data-way="up" aria-label={T.moveUp(label)} onClick={() => move(at, 'up')}>
                    ↑
                  </button>
                )}
                {at !== -1 && at < order.length - 1 && (
                  <button type="button" className="btn btn-outline btn-small" data-way="down" aria-label={T.moveDown(label)} onClick={() => move(at, 'down')}>
                    ↓
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="visually-hidden" role="status">
        {moved ? T.movedTo(TIE_BREAKER_LABELS[moved.criterion], moved.place) : ''}
      </p>
    </>
  );
}
