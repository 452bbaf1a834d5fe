// Everything the public layout runs on every page (docs/decisions/036): the
// cookie banner, the install button and banner, the header's per-user links and,
// once the page is idle, the service worker's client. No React: a returning
// visitor's page loads only this.
import { startAuthNav } from './auth-nav';
import { startConsentBanner } from './consent-banner';
import { startInstallPrompt } from './install-prompt';
import { startPwaWhenIdle } from './pwa-start';

startConsentBanner();
startInstallPrompt();
// tests and the bench wait for this: the chrome answers clicks from here on
document.documentElement.dataset.chrome = 'ready';
void startAuthNav();
startPwaWhenIdle();
