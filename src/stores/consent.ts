// Cookie consent (public-site.md §3/§4, TKG 2021 §165(3)): stored in
// localStorage under 'cookie-consent' only when the visitor chooses.
import { atom } from 'nanostores';

export const CONSENT_KEY = 'cookie-consent';
export type Consent = { necessary: true; analytics: boolean; marketing: boolean };

/** null: no choice stored yet */
export const $consent = atom<Consent | null>(null);
/** the settings dialog, opened from the banner or the footer link */
export const $consentDialogOpen = atom(false);

export function readStoredConsent(): Consent | null {
  try {
    const raw = localStorage.getItem(CONSENT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Consent>;
    return { necessary: true, analytics: value.analytics === true, marketing: value.marketing === true };
  } catch {
    return null;
  }
}

export function saveConsent(choice: { analytics: boolean; marketing: boolean }): Consent {
  const consent: Consent = { necessary: true, analytics: choice.analytics, marketing: choice.marketing };
  localStorage.setItem(CONSENT_KEY, JSON.stringify(consent));
  $consent.set(consent);
  return consent;
}
