// Where the keyboard's focus goes when the row it was on is deleted: the row's button went with it, and the
// browser put the focus on the page's start, so a keyboard or screen-reader user deleting three rows in a row
// tabbed back through the header and the tab bar after each.

/**
 * Notes the row of the focused button before a delete; `moveFocus()` once the row went puts the focus on the
 * same button of the row after it (else the one before), else on the open tab's panel. A row that stays while
 * its button went (the imprint's 'Standardtext wiederherstellen': the section is there, with the built-in text)
 * keeps the focus: on its first button.
 */
export function focusAfterRemoval(): { moveFocus: () => void } {
  const button = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const row = button?.closest('tr, li') ?? null;
  const kind = button?.className ?? '';
  const neighbours = row ? [row.nextElementSibling, row.previousElementSibling] : [];
  const move = (framesLeft: number) => {
    if (!button) return;
    // the list's reload has resolved, its render may still be to come
    if (button.isConnected) {
      if (framesLeft > 0) requestAnimationFrame(() => move(framesLeft - 1));
      return;
    }
    // the admin has gone on meanwhile: the focus stays where they put it
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const stayed = row?.isConnected ? row.querySelector<HTMLElement>('button') : null;
    if (stayed) return stayed.focus();
    for (const neighbour of neighbours) {
      if (!neighbour?.isConnected) continue;
      const same = [...neighbour.querySelectorAll<HTMLElement>('button')].find((each) => each.className === kind);
      if (same) return same.focus();
    }
    document.getElementById('admin-panel')?.focus();
  };
  return { moveFocus: () => move(10) };
}

/**
 * After a row came back (the news list's 'Rückgängig', whose bar went with its button): the focus goes to
 * the row's first button once the list's render has it, unless the admin has put it somewhere meanwhile.
 */
export function focusWhenShown(find: () => HTMLElement | null): void {
  const look = (framesLeft: number) => {
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const target = find();
    if (target) return target.focus();
    if (framesLeft > 0) requestAnimationFrame(() => look(framesLeft - 1));
    else document.getElementById('admin-panel')?.focus();
  };
  look(10);
}
