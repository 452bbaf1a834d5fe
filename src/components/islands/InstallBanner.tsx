import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { MOBILE_QUERY } from '../../lib/pwa-protocol';
import { INSTALL_BANNER_TEXTS as T } from '../../lib/pwa-texts';
import { $consent, readStoredConsent } from '../../stores/consent';
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

/**
 * The app-install banner (public-site.md §1, §2): on screens below 768 px, while
 * the app is not installed. It waits until the cookie choice is made, so that the
 * two bars never cover each other; the footer button is always there.
 */
export default function InstallBanner() {
  const installed = useStore($installed);
  const consent = useStore($consent);
  // everything below is read after mount: the server renders nothing here
  const [small, setSmall] = useState(false);
  const [closed, setClosed] = useState(true);

  useEffect(() => {
    watchInstallState();
    // the cookie banner may hydrate later than this island
    if ($consent.get() === null) $consent.set(readStoredConsent());
    setClosed(readClosed());
    const query = window.matchMedia(MOBILE_QUERY);
    setSmall(query.matches);
    const onChange = (event: MediaQueryListEvent) => setSmall(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const close = () => {
    setClosed(true);
    try {
      sessionStorage.setItem(CLOSED_KEY, 'true');
    } catch {
      // closed for this page at least
    }
  };

  if (!small || installed || closed || consent === null) return null;
  return (
    <section className="banner-bar bottom install-banner" role="region" aria-label={T.label} data-testid="install-banner">
      <p style={{ margin: 0, flex: '1 1 12rem' }}>{T.text}</p>
      <button type="button" className="btn btn-light" onClick={() => void requestInstall()}>
        {T.install}
      </button>
      <button type="button" className="btn btn-outline" style={{ color: '#fff', borderColor: '#fff' }} onClick={close}>
        {T.close}
      </button>
    </section>
  );
}
