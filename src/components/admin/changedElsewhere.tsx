// A page text's form that reloads on live events and keeps what the admin typed (Vereinsgeschichte,
// Datenschutz, the social links): '… von jemand anderem geändert' only when the stored text differs from the
// one the form started from. The admin's own last save is that start: its live event, answered after the save
// while they typed on, is no one else's change (decision 032). 'Neu laden' asks before it drops what was typed.
import { useCallback, useRef, useState } from 'react';
import { KIT_TEXTS } from './contentKit';
import { confirmDiscard } from './ui';

/** `baseline`: the values the form started from (loaded or saved); `dirty`: typed since. */
export function useChangedElsewhere<T>(baseline: T, dirty: boolean) {
  const [changed, setChanged] = useState(false);
  // a reload's answer is read against the form as it is when the answer comes, not as the asking render saw it
  const latest = useRef({ baseline, dirty });
  latest.current = { baseline, dirty };
  /** A reload read `stored`: true when the form keeps what was typed (and says so if `stored` is someone else's). */
  const keepsEdits = useCallback((stored: T) => {
    if (!latest.current.dirty) return false;
    if (JSON.stringify(stored) !== JSON.stringify(latest.current.baseline)) setChanged(true);
    return true;
  }, []);
  /** The form shows the stored text (loaded anew or saved): nothing to say. */
  const clear = useCallback(() => setChanged(false), []);
  return { changed, keepsEdits, clear };
}

/** The note above the form, with 'Neu laden' (asking first while something typed would be dropped). */
export function ChangedElsewhereNotice({ shown, dirty, onReload }: { shown: boolean; dirty: boolean; onReload: () => void }) {
  if (!shown) return null;
  const reload = async () => {
    if (dirty && !(await confirmDiscard())) return;
    onReload();
  };
  return (
    <p className="notice" role="status">
      {KIT_TEXTS.changedElsewhere}{' '}
      <button type="button" className="link-button" onClick={() => void reload()}>
        {KIT_TEXTS.reloadChanged}
      </button>
    </p>
  );
}
