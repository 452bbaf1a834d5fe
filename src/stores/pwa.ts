// Install state (public-site.md §4): installed when 'pwa-installed' is stored or
// the page runs standalone. The browser's install prompt is kept when it fires.
import { atom } from 'nanostores';

export const INSTALLED_KEY = 'pwa-installed';

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

export const $installPrompt = atom<InstallPromptEvent | null>(null);
export const $installed = atom(false);

let listening = false;
/** Called by the install islands after mount (never during server rendering). */
export function watchInstallState(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  let stored = false;
  try {
    stored = localStorage.getItem(INSTALLED_KEY) === 'true';
  } catch {
    // storage blocked: not installed as far as we know
  }
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  $installed.set(stored || standalone);
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

export const INSTALL_HELP =
  'So installierst du die App: Öffne das Menü deines Browsers (z. B. „Teilen“ in Safari oder „⋮“ in Firefox und Chrome) und wähle „Zum Startbildschirm hinzufügen“.';

/** Shows the browser's prompt, or explains the manual way when there is none. */
export async function requestInstall(): Promise<void> {
  const prompt = $installPrompt.get();
  if (!prompt) {
    window.alert(INSTALL_HELP);
    return;
  }
  await prompt.prompt();
  const choice = await prompt.userChoice;
  $installPrompt.set(null);
  if (choice.outcome === 'accepted') markInstalled();
}
