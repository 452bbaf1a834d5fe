// The cookie banner and its settings dialog without React (public-site.md §4,
// docs/decisions/036). Both are static markup in <template>s of the layout
// (src/layouts/Site.astro); this puts them on the page when needed. Austrian
// rules as before: 'Nur notwendige' as prominent as 'Alle akzeptieren', closing
// is no consent, and 'Cookie-Einstellungen' reopens the choice at any time.
import { $consent, $consentDialogOpen, readStoredConsent, saveConsent } from '../stores/consent';
import { cloneTemplate } from './templates';

type Choice = { analytics: boolean; marketing: boolean };

export function startConsentBanner(): void {
  let banner: HTMLElement | null = null;
  let dialog: HTMLDialogElement | null = null;
  let dismissed = false;

  const choose = (choice: Choice) => {
    saveConsent(choice);
    $consentDialogOpen.set(false);
  };

  const settingsDialog = (): HTMLDialogElement | null => {
    if (dialog) return dialog;
    dialog = cloneTemplate<HTMLDialogElement>('cookie-settings-template');
    if (!dialog) return null;
    const box = (name: string) => dialog!.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    dialog.addEventListener('close', () => $consentDialogOpen.set(false));
    dialog.querySelector('[data-consent="save"]')?.addEventListener('click', () =>
      choose({ analytics: box('analytics').checked, marketing: box('marketing').checked }),
    );
    dialog.querySelector('[data-consent="close"]')?.addEventListener('click', () => $consentDialogOpen.set(false));
    document.body.append(dialog);
    return dialog;
  };

  const showBanner = () => {
    const wanted = $consent.get() === null && !dismissed && !$consentDialogOpen.get();
    if (!wanted) {
      banner?.remove();
      banner = null;
      return;
    }
    if (banner) return;
    banner = cloneTemplate<HTMLElement>('cookie-banner-template');
    if (!banner) return;
    banner.querySelector('[data-consent="dismiss"]')?.addEventListener('click', () => {
      dismissed = true;
      showBanner();
    });
    banner.querySelector('[data-consent="necessary"]')?.addEventListener('click', () => choose({ analytics: false, marketing: false }));
    banner.querySelector('[data-consent="all"]')?.addEventListener('click', () => choose({ analytics: true, marketing: true }));
    banner.querySelector('[data-consent="settings"]')?.addEventListener('click', () => $consentDialogOpen.set(true));
    document.body.append(banner);
  };

  // read first: a stored choice never lets the banner flash
  $consent.set(readStoredConsent());
  $consentDialogOpen.subscribe((open) => {
    const current = open ? settingsDialog() : dialog;
    if (current && open && !current.open) {
      const consent = $consent.get();
      current.querySelector<HTMLInputElement>('input[name="analytics"]')!.checked = consent?.analytics ?? false;
      current.querySelector<HTMLInputElement>('input[name="marketing"]')!.checked = consent?.marketing ?? false;
      current.showModal();
    } else if (current && !open && current.open) current.close();
    showBanner();
  });

  $consent.subscribe(showBanner);

  // the footer's 'Cookie-Einstellungen' link, and the same as an address
  document.addEventListener('click', (event) => {
    const target = (event.target as Element | null)?.closest?.('[data-cookie-settings]');
    if (!target) return;
    event.preventDefault();
    $consentDialogOpen.set(true);
  });
  if (window.location.hash === '#cookie-einstellungen') $consentDialogOpen.set(true);
}
