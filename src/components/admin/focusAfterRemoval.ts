// Where the keyboard's focus goes when the row it was on is deleted: the row's button went with it, and the
// browser put the focus on the page's start, so a keyboard or screen-reader user deleting three rows in a row
// tabbed back through the header and the tab bar after each.

/**
 * Notes the row of the focused button (or of `from`) before a delete; `moveFocus()` once the row went puts the focus on the
 * same button of the row after it (else the one before), else on the open tab's panel. A row that stays while
 * its button went (the imprint's 'Standardtext wiederherstellen': the section is there, with the built-in text)
 * keeps the focus: on its first button.
 */
export function focusAfterRemoval(from: HTMLElement | null = null): { moveFocus: () => void } {
  // `from`: the row's button when the focus is elsewhere now (a confirmation dialog's own 'Löschen')
  const button = from ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const row = button?.closest('tr, li') ?? null;
  const kind = button?.className ?? '';
  const neighbours = row ? [row.nextElementSibling, row.previousElementSibling] : [];
  const place = () => {
    if (!focusIsFree()) return;
    const stayed = row?.isConnected ? row.querySelector<HTMLElement>('button') : null;
    if (stayed) return stayed.focus();
    for (const neighbour of neighbours) {
      if (!neighbour?.isConnected) continue;
      const same = [...neighbour.querySelectorAll<HTMLElement>('button')].find((each) => each.className === kind);
      if (same) return same.focus();
    }
    document.getElementById('admin-panel')?.focus();
  };
  // the list's reload has resolved, its render may still be to come: the button still there is waited for
  const placeOnceGone = (): 'wait' | 'done' => {
    if (button?.isConnected) return 'wait';
    place();
    return 'done';
  };
  return { moveFocus: () => button && overTheNextFrames(placeOnceGone) };
}

/**
 * After a row came back (the news list's 'Rückgängig', whose bar went with its button): the focus goes to
 * the row's first button once the list's render has it, unless the admin has put it somewhere meanwhile.
 */
export function focusWhenShown(find: () => HTMLElement | null): void {
  overTheNextFrames(
    () => {
      if (!focusIsFree()) return 'done';
      const target = find();
      if (!target) return 'wait';
      target.focus();
      return 'done';
    },
    () => document.getElementById('admin-panel')?.focus(),
  );
}

/** Nobody has put the focus anywhere since its button went (the browser put it on the page): it may be moved. */
const focusIsFree = () => document.activeElement === null || document.activeElement === document.body;

/** `step` now and at each of the next ten frames until it is done (a list's render may take a frame or two); then `otherwise`. */
function overTheNextFrames(step: () => 'wait' | 'done', otherwise: () => void = () => {}, framesLeft = 10): void {
  if (step() === 'done') return;
  if (framesLeft > 0) requestAnimationFrame(() => overTheNextFrames(step, otherwise, framesLeft - 1));
  else otherwise();
}
