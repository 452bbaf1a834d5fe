// The 404 page's one job on a static host: lead a missing address where our server would
// (src/lib/missing-pages.ts), with the rules the page carries. On our server and behind nginx the
// rules applied before this page was sent; it still comes for a name the server refuses outright (a
// hidden or temporary file's), which stays on this page.
import { missingPageTarget, type MissingPageRule } from '../lib/missing-pages';

export function followMissingPageRule(): void {
  const holder = document.querySelector<HTMLElement>('main [data-missing-rules]');
  if (!holder) return;
  let rules: MissingPageRule[];
  try {
    rules = JSON.parse(holder.dataset.missingRules ?? '[]') as MissingPageRule[];
  } catch {
    return;
  }
  const target = missingPageTarget(location.pathname, rules);
  // replace: the missing address does not stay in the history to come back to
  if (target) location.replace(target);
}
