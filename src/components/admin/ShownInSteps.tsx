// A long admin list rendered in steps (news, matches, players, media): a big
// club's 10,000 articles were 10,000 rows with four buttons each, built again
// after every save, which took a phone seconds. The first LIST_STEP rows are
// rendered; the next come as the admin scrolls near the end (or presses the
// button that stands there, for keyboards and browsers without
// IntersectionObserver). Every row stays in the list, in its order, as the
// spec's "all news" asks; the heading keeps the whole count (decision 062).
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { KIT_TEXTS } from './contentKit';

export const LIST_STEP = 100;

/** The rows to render now, how many wait, and what shows more. */
export function useShownInSteps<T>(items: readonly T[] | null | undefined, step = LIST_STEP) {
  const [limit, setLimit] = useState(step);
  const more = useCallback(() => setLimit((shown) => shown + step), [step]);
  const end = useRef<HTMLElement>(null);
  const list = items ?? [];
  const hidden = Math.max(0, list.length - limit);
  const waiting = hidden > 0;
  // observed afresh after each step: an end still in view (a tall screen) asks for the next one
  useEffect(() => {
    const node = end.current;
    if (!waiting || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) more();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [limit, waiting, more]);
  /** Renders at least the first `count` rows (in whole steps): a jump to a row further down. */
  const showUpTo = useCallback((count: number) => setLimit((shown) => Math.max(shown, Math.ceil(count / step) * step)), [step]);
  return { shown: list.slice(0, limit), hidden, more, end, step, showUpTo };
}

/**
 * The list's last item while rows wait: the point that brings the next step, and its button. In a table
 * (`columns`: its number of columns), a row with one cell across.
 */
export function MoreRows({ hidden, more, end, step, columns }: Pick<ReturnType<typeof useShownInSteps>, 'hidden' | 'more' | 'end' | 'step'> & { columns?: number }) {
  if (hidden === 0) return null;
  const button = (
    <button type="button" className="btn btn-outline btn-small" onClick={more}>
      {KIT_TEXTS.showMore(Math.min(step, hidden), hidden)}
    </button>
  );
  return columns ? (
    <tr ref={end as RefObject<HTMLTableRowElement>} className="admin-more">
      <td colSpan={columns}>{button}</td>
    </tr>
  ) : (
    <li ref={end as RefObject<HTMLLIElement>} className="admin-more">
      {button}
    </li>
  );
}
