// The footer's install button and the app-install banner without React
// (public-site.md §1, §2, §4, docs/decisions/036), on the install state of
// src/stores/pwa.ts. The banner shows on screens below 768 px while the app is
// not installed, not on the page where the cookie choice is made (only on a
// later one) and not after 'Schließen' in this tab; the page keeps room for it.
import { MOBILE_QUERY } from '../lib/pwa-protocol';
import { INSTALL_TEXTS } from '../lib/pwa-texts';
import { readStoredConsent } from '../stores/consent';
import { $installed, requestInstall, watchInstallState } from '../stores/pwa';
import { cloneTemplate } from './templates';

/** closing the banner holds for this tab only (sessionStorage: asked for by the visitor, gone with the tab) */
const CLOSED_KEY = 'pwa-install-banner-closed';

function readClosed(): boolean {
  try {
    return sessionStorage.getItem(CLOSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** 'App installieren' / 'App bereits installiert' on every `[data-install-button]`. */
function startInstallButtons(): void {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-install-button]')];
  for (const button of buttons) button.addEventListener('click', () => void requestInstall());
  $installed.subscribe((installed) => {
    for (const button of buttons) {
      button.disabled = installed;
      button.textContent = installed ? INSTALL_TEXTS.installed : INSTALL_TEXTS.install;
    }
  });
}

function startInstallBanner(): void {
  // the choice must have been stored before this page was opened
  const choiceMadeBefore = readStoredConsent() !== null;
  let closed = readClosed();
  const query = window.matchMedia(MOBILE_QUERY);
  let bar: HTMLElement | null = null;
  let observer: ResizeObserver | null = null;

  const hide = () => {
    observer?.disconnect();
    observer = null;
    bar?.remove();
    bar = null;
    document.body.classList.remove('has-install-banner');
  };
  const update = () => {
    if (!(query.matches && !$installed.get() && !closed && choiceMadeBefore)) return hide();
    if (bar) return;
    bar = cloneTemplate<HTMLElement>('install-banner-template');
    if (!bar) return;
    bar.querySelector('[data-install="prompt"]')?.addEventListener('click', () => void requestInstall());
    bar.querySelector('[data-install="close"]')?.addEventListener('click', () => {
      closed = true;
      try {
        sessionStorage.setItem(CLOSED_KEY, 'true');
      } catch {
        // closed for this page at least
      }
      update();
    });
    document.body.append(bar);
    // room at the end of the page as tall as the bar, while it shows
    const shown = bar;
    observer = new ResizeObserver(() => document.body.style.setProperty('--install-banner-height', `${shown.offsetHeight}px`));
    observer.observe(shown);
    document.body.classList.add('has-install-banner');
  };
  query.addEventListener('change', update);
  $installed.subscribe(update);
}

export function startInstallPrompt(): void {
  watchInstallState();
  startInstallButtons();
  startInstallBanner();
}
