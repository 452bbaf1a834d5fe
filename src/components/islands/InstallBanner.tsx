import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { MOBILE_QUERY } from '../../lib/pwa-protocol';
import { INSTALL_BANNER_TEXTS as T } from '../../lib/pwa-texts';
import { readStoredConsent } from '../../stores/consent';
import { $installed, requestInstall, watchInstallState } from '../../stores/pwa';

/** closing the banner holds for this tab only (sessionStorage: asked for by the visitor, gone with the tab) */
const CLOSED_KEY = 'pwa-install-banner-closed';

function readClosed(): boolean {
  try {
    return sessionStorage.getItem(CLOSED_KEY) === 'true';
  } catch {
    return false;
  }
}

// 'Installiere unsere App: News, …' — the lead in bold; the rest only where there is room (site.css)
const [LEAD, ...REST] = T.text.split(': ');
const DETAIL = REST.join(': ');

/**
 * The app-install banner (public-site.md §1, §2): on screens below 768 px, while
 * the app is not installed. It never comes on the page where the cookie choice is
 * made, only on a later one (so never on a first visit's first page, and the two
 * bars never cover each other); the footer button is always there. One compact
 * bar with a close button, and the page keeps room for it at its end, so no
 * content stays hidden under it.
 */
export default function InstallBanner() {
  const installed = useStore($installed);
  // everything below is read after mount: the server renders nothing here
  const [small, setSmall] = useState(false);
  const [closed, setClosed] = useState(true);
  const [choiceMadeBefore, setChoiceMadeBefore] = useState(false);
  const bar = useRef<HTMLElement>(null);

  useEffect(() => {
    watchInstallState();
    // the choice must have been stored before this page was opened
    setChoiceMadeBefore(readStoredConsent() !== null);
    setClosed(readClosed());
    const query = window.matchMedia(MOBILE_QUERY);
    setSmall(query.matches);
    const onChange = (event: MediaQueryListEvent) => setSmall(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const visible = small && !installed && !closed && choiceMadeBefore;

  // room at the end of the page as tall as the bar, while it shows
  useEffect(() => {
    const element = bar.current;
    if (!visible || !element) return;
    const body = document.body;
    const observer = new ResizeObserver(() => body.style.setProperty('--install-banner-height', `${element.offsetHeight}px`));
    observer.observe(element);
    body.classList.add('has-install-banner');
    return () => {
      observer.disconnect();
      body.classList.remove('has-install-banner');
    };
  }, [visible]);

  const close = () => {
    setClosed(true);
    try {
      sessionStorage.setItem(CLOSED_KEY, 'true');
    } catch {
      // closed for this page at least
    }
  };

  if (!visible) return null;
  return (
    <section ref={bar} className="banner-bar bottom install-banner" role="region" aria-label={T.label} data-testid="install-banner">
      <p>
        <strong>{LEAD}</strong>
        {DETAIL && <span className="install-detail">: {DETAIL}</span>}
      </p>
      <button type="button" className="btn btn-light" onClick={() => void requestInstall()}>
        {T.install}
      </button>
      <button type="button" className="install-close" aria-label={T.close} title={T.close} onClick={close}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
