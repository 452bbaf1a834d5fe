// A button that refuses while its work runs (decision 072): shared by the admin and the public forms.
import type { MouseEvent } from 'react';

/**
 * Props of a button that refuses while `refusing`: aria-disabled, not disabled (a disabled button loses the
 * focus, and a keyboard user was sent back to the top of the page), its click cancelled meanwhile. Enter in a
 * field clicks the form's submit button, so a form is not sent twice either.
 */
export function refusedWhile(refusing: boolean) {
  return {
    'aria-disabled': refusing || undefined,
    onClickCapture: (event: MouseEvent) => {
      if (!refusing) return;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
