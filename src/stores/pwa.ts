// Install state (public-site.md §4): installed when 'pwa-installed' is stored or
// the page runs standalone. The browser's install prompt is kept when it fires;
// an inline script in the layout catches one that fires before src/scripts/install-prompt.ts runs.
import { atom } from 'nanostores';
import { INSTALL_HELP } from '../lib/pwa-texts';

export { INSTALL_HELP };
export const INSTALLED_KEY = 'pwa-installed';
/** where the layout's inline script keeps a prompt that fired before hydration */
export const EARLY_PROMPT_KEY = '__anstossInstallPrompt';

export type InstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

export const $installPrompt = atom<InstallPromptEvent | null>(null);
export const $installed = atom(false);

export function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

let listening = false;
/** Called by the install script in the browser (never during server rendering). */
export function watchInstallState(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  let stored = false;
  try {
    stored = localStorage.getItem(INSTALLED_KEY) === 'true';
  } catch {
    // storage blocked: not installed as far as we know
  }
  $installed.set(stored || isStandalone());
  const early = (window as unknown as Record<string, InstallPromptEvent | undefined>)[EARLY_PROMPT_KEY];
  if (early) $installPrompt.set(early);
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    $installPrompt.set(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => markInstalled());
}

export function markInstalled(): void {
  try {
    localStorage.setItem(INSTALLED_KEY, 'true');
  } catch {
    // the state still holds for this page
  }
  $installed.set(true);
}

/** Shows the browser's prompt, or explains the manual way when there is none. */
export async function requestInstall(): Promise<void> {
  const prompt = $installPrompt.get();
  if (!prompt) {
    window.alert(INSTALL_HELP);
    return;
  }
  // a prompt can be shown once: whatever the answer, it is used up
  $installPrompt.set(null);
  (window as unknown as Record<string, unknown>)[EARLY_PROMPT_KEY] = undefined;
  try {
    await prompt.prompt();
    const choice = await prompt.userChoice;
    if (choice.outcome === 'accepted') markInstalled();
  } catch {
    // the browser refused to show it (already shown, no user gesture): explain the manual way
    window.alert(INSTALL_HELP);
  }
}
