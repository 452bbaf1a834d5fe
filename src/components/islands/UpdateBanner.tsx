import { useEffect, useRef, useState } from 'react';
import { startCountdown, type Countdown } from '../../lib/pwa-countdown';
import { UPDATE_COUNTDOWN_SECONDS } from '../../lib/pwa-protocol';
import { UPDATE_BANNER_TEXTS as T, updateCountdownText } from '../../lib/pwa-texts';

type Props = {
  /** 'Abbrechen': the banner goes and the countdown stops */
  onCancel: () => void;
  /** at 0; reloads the page */
  onDone?: () => void;
};

/** The update banner (public-site.md §4): counts down from 5 s, then reloads. */
export default function UpdateBanner({ onCancel, onDone = () => window.location.reload() }: Props) {
  const [left, setLeft] = useState(UPDATE_COUNTDOWN_SECONDS);
  const countdown = useRef<Countdown | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    const running = startCountdown(setLeft, () => done.current());
    countdown.current = running;
    return running.cancel;
  }, []);

  const cancel = () => {
    countdown.current?.cancel();
    onCancel();
  };

  return (
    <section className="banner-bar top update-banner" role="region" aria-label={T.label} data-testid="update-banner">
      <p style={{ margin: 0 }} role="status">
        {updateCountdownText(left)}
      </p>
      <button type="button" className="btn btn-light" onClick={cancel}>
        {T.cancel}
      </button>
    </section>
  );
}
