import { actions } from 'astro:actions';
import { Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Toaster, useToasts } from '../ui/toast';
import { MANAGERS } from './managers';
import { TABS, type TabKey } from './tabs';
import { AdminUserContext, ToastContext, confirmLeave } from './ui';
import { refusedWhile } from '../ui/refused';
import { browserStorage, purgeExpiredDrafts } from './drafts';
import { KIT_TEXTS } from './contentKit';
import { usePendingPublishCount } from './live';
import { SESSIONS_TEXTS, SessionsDialog } from './SessionsDialog';
import { AccountDialog } from './AccountDialog';
import { DeployBadge } from './DeployBadge';
import { BackupBadge, JobsBadge, MailBadge } from './HostNotices';
import { FirstSteps } from './FirstSteps';
import { SecondFactorSection } from './SecondFactorSection';
import { ACCOUNT_TEXTS } from '../../lib/schemas/account';
import type { FirstStepsShown } from '../../lib/first-steps';
import { requestLogout } from '../../scripts/auth-nav';

type Props = {
  email: string;
  userId: string;
  isSuperAdmin: boolean;
  mustSetUpSecondFactor?: boolean;
  /** 'Erste Schritte' as the page read them, so the list and the tabs appear together */
  firstSteps?: FirstStepsShown;
};

function tabFromHash(allowed: TabKey[]): TabKey {
  const key = window.location.hash.slice(1) as TabKey;
  return allowed.includes(key) ? key : allowed[0];
}

/** The admin panel (admin-area.md §2): header, tabs (a dropdown below 768 px), one manager per tab. */
export default function AdminApp({ email, userId, isSuperAdmin, mustSetUpSecondFactor = false, firstSteps }: Props) {
  const tabs = TABS.filter((t) => !('superadminOnly' in t) || isSuperAdmin);
  const keys = tabs.map((t) => t.key);
  const [active, setActive] = useState<TabKey>(() => tabFromHash(keys));
  const [caching, setCaching] = useState(false);
  const [showSessions, setShowSessions] = useState(false);
  const [showAccount, setShowAccount] = useState(false);
  // raised by 'Wieder anzeigen' under 'Mein Konto': the list is drawn afresh, asking the server
  const [firstStepsShownAgain, setFirstStepsShownAgain] = useState(0);
  const pendingPages = usePendingPublishCount();
  const { toasts, toast } = useToasts();

  const activeRef = useRef(active);
  const panel = useRef<HTMLElement>(null);
  activeRef.current = active;
  useEffect(() => {
    purgeExpiredDrafts(browserStorage());
    // the browser's back button changes the hash: a form with unsaved changes asks first
    const onHash = () => {
      const next = tabFromHash(keys);
      if (next === activeRef.current) return;
      history.replaceState(null, '', `#${activeRef.current}`);
      void confirmLeave().then((leave) => {
        if (!leave) return;
        setActive(next);
        history.replaceState(null, '', `#${next}`);
      });
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
    // keys only change with the role, which a page load sets
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // another tab unmounts this one's forms: unsaved changes are asked about first
  const select = useCallback((key: TabKey) => {
    if (key === activeRef.current) return;
    void confirmLeave().then((leave) => {
      if (!leave) return;
      setActive(key);
      history.replaceState(null, '', `#${key}`);
    });
  }, []);

  // the tab the arrows moved to: the bar's one Tab stop while the focus is in it, so Tab goes on to the panel
  const [focusedTab, setFocusedTab] = useState<TabKey | null>(null);
  /** Arrow keys, Home and End move the focus along the tab bar (the tabs' pattern); the focused tab opens on Enter. */
  const moveBetweenTabs = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    buttons[(to + buttons.length) % buttons.length]?.focus();
  };

  const signOut = async () => {
    await requestLogout();
    // nothing of the admin may stay in a cache after sign-out
    if ('caches' in window) {
      for (const name of await caches.keys()) if (/admin|api/i.test(name)) await caches.delete(name);
    }
    window.location.href = '/auth';
  };

  const cacheUpdate = async () => {
    setCaching(true);
    const { data, error } = await actions.admin.cacheUpdate();
    setCaching(false);
    if (error) {
      if (error.code === 'FORBIDDEN') toast({ title: 'Zugriff verweigert', description: 'Nur Superadmins können den Cache aktualisieren.', variant: 'destructive' });
      else toast({ title: 'Cache-Update fehlgeschlagen', description: error.message, variant: 'destructive' });
      return;
    }
    toast({ title: 'Cache aktualisiert', description: `Neue Cache-Version: ${data.version}` });
  };

  const Manager = MANAGERS[active];
  return (
    <AdminUserContext.Provider value={userId}>
    <ToastContext.Provider value={toast}>
      {/* past the header's eight buttons and the tab bar to the open tab (a keyboard review); not a hash link:
          the admin's tabs are its hash */}
      {!mustSetUpSecondFactor && (
        <a
          className="skip-link"
          href="#admin-panel"
          onClick={(e) => {
            e.preventDefault();
            panel.current?.focus();
          }}
        >
          {KIT_TEXTS.skipToPanel}
        </a>
      )}
      <header className="admin-header">
        <div className="container admin-header-bar">
          <h1>Admin Panel</h1>
          <div className="admin-header-actions">
            {pendingPages > 0 && (
              <span className="admin-pending" role="status" data-testid="publish-pending">
                {KIT_TEXTS.pendingBadge(pendingPages)}
              </span>
            )}
            {!mustSetUpSecondFactor && <DeployBadge isSuperAdmin={isSuperAdmin} />}
            {!mustSetUpSecondFactor && <BackupBadge isSuperAdmin={isSuperAdmin} />}
            {!mustSetUpSecondFactor && <JobsBadge isSuperAdmin={isSuperAdmin} />}
            {!mustSetUpSecondFactor && <MailBadge isSuperAdmin={isSuperAdmin} />}
            <span className="admin-email">{email}</span>
            {isSuperAdmin && !mustSetUpSecondFactor && (
              <button type="button" className="btn btn-light" onClick={() => void cacheUpdate()} {...refusedWhile(caching)}>
                {caching ? 'Aktualisiert...' : 'Cache Update'}
              </button>
            )}
            <a className="btn btn-light" href="/" target="_blank" rel="noopener">
              Website
            </a>
            {!mustSetUpSecondFactor && (
              <button type="button" className="btn btn-light" onClick={() => setShowAccount(true)}>
                {ACCOUNT_TEXTS.open}
              </button>
            )}
            <button type="button" className="btn btn-light" onClick={() => setShowSessions(true)}>
              {SESSIONS_TEXTS.open}
            </button>
            <button type="button" className="btn btn-light" onClick={() => void signOut()}>
              Abmelden
            </button>
          </div>
        </div>
      </header>
      <SessionsDialog open={showSessions} onClose={() => setShowSessions(false)} onSignedOut={() => void signOut()} />
      <AccountDialog
        open={showAccount}
        onClose={() => setShowAccount(false)}
        onFirstStepsShown={() => {
          setShowAccount(false);
          setFirstStepsShownAgain((n) => n + 1);
        }}
      />
      {mustSetUpSecondFactor ? (
        // a superadmin requires the second factor: nothing else until it is set up
        <main className="container admin-main">
          <section className="admin-setup-required" aria-labelledby="setup-required-title">
            <h2 id="setup-required-title">{ACCOUNT_TEXTS.mustSetUpTitle}</h2>
            <p>{ACCOUNT_TEXTS.mustSetUp}</p>
            <SecondFactorSection onSetUp={() => window.location.reload()} />
          </section>
        </main>
      ) : (
        <main className="container admin-main">
          <FirstSteps key={firstStepsShownAgain} active={active} onOpen={select} initial={firstStepsShownAgain === 0 ? firstSteps : undefined} />
          <nav className="admin-tabs" aria-label="Bereiche">
            {/* tabs as a screen reader announces them: one Tab stop, arrows, Home and End move between them,
                Enter or Space opens one (each tab's manager loads on opening, so arrows do not open them) */}
            <div
              role="tablist"
              className="admin-tablist"
              onKeyDown={moveBetweenTabs}
              onBlur={(e) => {
                // leaving the bar: coming back lands on the open tab again
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusedTab(null);
              }}
            >
              {tabs.map((t) => (
                <button
                  key={t.key}
                  type="button"
                  role="tab"
                  id={`tab-${t.key}`}
                  aria-selected={active === t.key}
                  aria-controls="admin-panel"
                  tabIndex={(focusedTab ?? active) === t.key ? 0 : -1}
                  onFocus={() => setFocusedTab(t.key)}
                  data-tab={t.key}
                  onClick={() => select(t.key)}
                >
                  {t.label}
                </button>
              ))}
            </div>
            <label className="admin-tab-select">
              <span className="visually-hidden">Bereich wählen</span>
              <select value={active} onChange={(e) => select(e.target.value as TabKey)} data-testid="tab-select">
                {tabs.map((t) => (
                  <option key={t.key} value={t.key}>
                    {t.label}
                  </option>
                ))}
              </select>
            </label>
          </nav>
          <section id="admin-panel" ref={panel} tabIndex={-1} role="tabpanel" aria-labelledby={`tab-${active}`} className="admin-panel">
            <Suspense fallback={<p className="empty">Lädt...</p>}>
              {Manager ? <Manager isSuperAdmin={isSuperAdmin} userId={userId} /> : <p className="empty">Dieser Bereich wird geladen...</p>}
            </Suspense>
          </section>
        </main>
      )}
      <Toaster toasts={toasts} />
    </ToastContext.Provider>
    </AdminUserContext.Provider>
  );
}
