import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { COOKIE_TEXTS as T } from '../../lib/ui-texts';
import { $consent, $consentDialogOpen, readStoredConsent, saveConsent } from '../../stores/consent';

/**
 * Cookie banner (public-site.md §4) with Austrian rules on top: 'Nur notwendige'
 * as prominent as 'Alle akzeptieren', closing is no consent, and the footer link
 * 'Cookie-Einstellungen' reopens the choice at any time.
 */
export default function CookieBanner() {
  const consent = useStore($consent);
  const dialogOpen = useStore($consentDialogOpen);
  // storage is read after mount so that server and client render the same
  const [mounted, setMounted] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const stored = readStoredConsent();
    $consent.set(stored);
    setMounted(true);
    const openFromLink = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest?.('[data-cookie-settings]');
      if (!target) return;
      event.preventDefault();
      $consentDialogOpen.set(true);
    };
    document.addEventListener('click', openFromLink);
    if (window.location.hash === '#cookie-einstellungen') $consentDialogOpen.set(true);
    return () => document.removeEventListener('click', openFromLink);
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (dialogOpen && !dialog.open) {
      const current = $consent.get();
      setAnalytics(current?.analytics ?? false);
      setMarketing(current?.marketing ?? false);
      dialog.showModal();
    } else if (!dialogOpen && dialog.open) dialog.close();
  }, [dialogOpen]);

  const choose = (choice: { analytics: boolean; marketing: boolean }) => {
    saveConsent(choice);
    $consentDialogOpen.set(false);
  };

  const showBanner = mounted && consent === null && !dismissed && !dialogOpen;
  return (
    <>
      {showBanner && (
        <section className="cookie-banner" role="region" aria-label={T.title}>
          <div className="container">
            <button type="button" className="icon-close" aria-label={T.close} onClick={() => setDismissed(true)}>
              ×
            </button>
            <h2 style={{ margin: 0, fontSize: '1.1rem' }}>{T.title}</h2>
            <p style={{ margin: 0 }}>
              {T.text} <a href="/datenschutz">{T.privacyLink}</a>
            </p>
            <div className="choices">
              <button type="button" className="btn" onClick={() => choose({ analytics: false, marketing: false })}>
                {T.necessaryOnly}
              </button>
              <button type="button" className="btn" onClick={() => choose({ analytics: true, marketing: true })}>
                {T.acceptAll}
              </button>
              <button type="button" className="btn btn-outline" onClick={() => $consentDialogOpen.set(true)}>
                {T.settings}
              </button>
            </div>
          </div>
        </section>
      )}
      <dialog
        ref={dialogRef}
        className="modal"
        aria-labelledby="cookie-settings-title"
        onClose={() => $consentDialogOpen.set(false)}
      >
        <h2 id="cookie-settings-title" style={{ marginTop: 0 }}>
          {T.settingsTitle}
        </h2>
        <div className="switch-row">
          <div>
            <strong>{T.necessary}</strong>
            <p>{T.necessaryText}</p>
          </div>
          <input type="checkbox" checked disabled aria-label={T.necessary} />
        </div>
        <label className="switch-row">
          <div>
            <strong>{T.analytics}</strong>
            <p>{T.analyticsText}</p>
          </div>
          <input type="checkbox" checked={analytics} onChange={(e) => setAnalytics(e.target.checked)} aria-label={T.analytics} />
        </label>
        <label className="switch-row">
          <div>
            <strong>{T.marketing}</strong>
            <p>{T.marketingText}</p>
          </div>
          <input type="checkbox" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} aria-label={T.marketing} />
        </label>
        <div className="choices" style={{ display: 'flex', gap: '0.5rem', marginTop: '1rem', flexWrap: 'wrap' }}>
          <button type="button" className="btn" onClick={() => choose({ analytics, marketing })}>
            {T.save}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => $consentDialogOpen.set(false)}>
            {T.close}
          </button>
        </div>
      </dialog>
    </>
  );
}
