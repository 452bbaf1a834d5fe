// The page's side of the service worker without React (docs/decisions/036):
// starts src/lib/pwa-client.ts once the page has loaded and the browser is idle,
// and shows the update bar (public-site.md §4) that counts down from 5 s and
// then reloads, unless 'Abbrechen' (or a form holds typed input); a page the worker answered from its saved
// copies says so, and from when (a fan on weak data would take it for today's).
import { startPwaClient } from '../lib/pwa-client';
import { isPrivatePath } from '../lib/pwa-cache-policy';
import { startCountdown, type Countdown } from '../lib/pwa-countdown';
import { UPDATE_COUNTDOWN_SECONDS } from '../lib/pwa-protocol';
import { NEW_BUILD_EVENT } from '../lib/new-build-event';
import { SAVED_COPY_TEXTS as SC, UPDATE_BANNER_TEXTS as U, savedCopyText, updateCountdownText } from '../lib/pwa-texts';
import { cloneTemplate } from './templates';

/**
 * A match page with its live stream open (src/scripts/live-match.ts marks #spiel-live) already
 * shows each event as it is published: a countdown to a reload there would only
 * interrupt the fan (issue 14, decision 026).
 */
const followsLiveMatch = () => document.querySelector('#spiel-live[data-live="on"]') !== null;

let bar: HTMLElement | null = null;
let countdown: Countdown | null = null;

/**
 * The forms typed into since the page loaded. A republish after a deploy tells every open tab (the version names
 * no pages), and the countdown's reload lost a half-filled membership form (a review of a deploy on match day).
 */
const typedForms = new Set<HTMLFormElement>();
const noteTypedForm = (event: Event) => {
  const form = event.target instanceof Element ? event.target.closest('form') : null;
  if (form) typedForms.add(form);
};
const TYPED_FIELDS = 'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([type="submit"]):not([type="button"]), textarea';

/** Whether a form still holds what was typed into it (a form sent and cleared does not). */
function holdsTypedInput(): boolean {
  for (const form of typedForms) {
    if (!form.isConnected) continue;
    for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED_FIELDS)) if (field.value.trim() !== '') return true;
  }
  return false;
}

/** Says `text` once to screen readers, in the layout's live region (empty: nothing to say any more). */
function announce(text: string): void {
  const region = document.getElementById('pwa-announce');
  if (region) region.textContent = text;
}

let barRoom: ResizeObserver | null = null;

/**
 * A bar at the top: first after the skip link, so that 'Abbrechen' is the first stop of the keyboard (it came after
 * the footer, out of reach within the countdown), and with room above the header as tall as the bar, which covered
 * the club's name and the menu button (offline, the only way to the other saved pages).
 */
function placeTopBar(topBar: HTMLElement): void {
  const skip = document.querySelector('.skip-link');
  if (skip) skip.after(topBar);
  else document.body.prepend(topBar);
  barRoom?.disconnect();
  barRoom = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => document.body.style.setProperty('--top-bar-height', `${topBar.offsetHeight}px`));
  barRoom?.observe(topBar);
  document.body.style.setProperty('--top-bar-height', `${topBar.offsetHeight}px`);
  document.body.classList.add('has-top-bar');
}

function removeTopBar(topBar: HTMLElement | null): void {
  if (!topBar) return;
  topBar.remove();
  if (document.querySelector('.banner-bar.top')) return;
  barRoom?.disconnect();
  barRoom = null;
  document.body.classList.remove('has-top-bar');
  announce('');
}

/** The countdown's end on a page whose form holds typed input: the bar stays and offers the reload. */
function keepTypedInput(status: HTMLElement): void {
  status.textContent = U.formKept;
  announce(U.formKept);
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'btn btn-light';
  reload.textContent = U.reloadNow;
  reload.addEventListener('click', () => window.location.reload());
  bar?.querySelector('[data-update="cancel"]')?.before(reload);
}

function hideUpdateBar(): void {
  countdown?.cancel();
  countdown = null;
  const shown = bar;
  bar = null;
  removeTopBar(shown);
}

let savedCopyBar: HTMLElement | null = null;

function showSavedCopy(savedAt: number | null, outdated: boolean, serverDown: boolean): void {
  // a newer version is on its way in already: the update bar's reload replaces the copy
  if (bar) return;
  showReloadBar(savedCopyText(savedAt, outdated, serverDown), SC.label);
}

/** The bar that asks for a reload (the saved copy's template): a saved copy, or a form of an older build. */
function showReloadBar(text: string, label: string): void {
  removeTopBar(savedCopyBar);
  savedCopyBar = cloneTemplate<HTMLElement>('saved-copy-template');
  if (!savedCopyBar) return;
  savedCopyBar.setAttribute('aria-label', label);
  savedCopyBar.querySelector('[data-bar="text"]')!.textContent = text;
  savedCopyBar.querySelector('button')?.addEventListener('click', () => window.location.reload());
  placeTopBar(savedCopyBar);
  announce(text);
}

/** A form whose code a deploy removed cannot be used until the page is loaded again. */
const showNewBuild = () => (bar ? undefined : showReloadBar(SC.newBuild, SC.newBuildLabel));

/** A newer version while the bar shows starts the countdown again. */
function showUpdateBar(): void {
  hideUpdateBar();
  // the reload it counts down to replaces the saved copy too
  removeTopBar(savedCopyBar);
  savedCopyBar = null;
  bar = cloneTemplate<HTMLElement>('update-banner-template');
  if (!bar) return;
  const shown = bar;
  const text = shown.querySelector<HTMLElement>('[data-bar="text"]')!;
  shown.querySelector('[data-update="cancel"]')?.addEventListener('click', hideUpdateBar);
  placeTopBar(shown);
  // said once: a sentence read out anew every second drowned everything else
  announce(updateCountdownText(UPDATE_COUNTDOWN_SECONDS));
  const started = startCountdown(
    (left) => (text.textContent = updateCountdownText(left)),
    () => (holdsTypedInput() ? keepTypedInput(text) : window.location.reload()),
  );
  countdown = started;
  // held while the keyboard is on the bar ('Abbrechen' reached by Tab), on again when it leaves; not on hover:
  // a pointer resting at the top of the window would hold every countdown there
  shown.addEventListener('focusin', () => started.hold(true));
  shown.addEventListener('focusout', (event) => started.hold(shown.contains(event.relatedTarget as Node | null)));
}

/**
 * A page shown in a frame (the admin's Vorschau shows the public page of a draft under /admin) starts no worker:
 * it registered one for an admin who never visited the site, and sent the draft's photos to be kept.
 */
const shownInFrame = () => window.top !== window.self || isPrivatePath(window.location.pathname);

/** After 'load' and then when the browser is idle: the worker never competes with the page. */
export function startPwaWhenIdle(): void {
  if (shownInFrame()) {
    document.documentElement.dataset.pwa = 'framed';
    return;
  }
  // at once, not when idle: a visitor may type, or reach for a form, before then
  document.addEventListener('input', noteTypedForm);
  window.addEventListener(NEW_BUILD_EVENT, showNewBuild);
  const start = () => {
    startPwaClient({ onCacheUpdated: () => (followsLiveMatch() ? undefined : showUpdateBar()), onSavedCopy: showSavedCopy });
    document.documentElement.dataset.pwa = 'started';
  };
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
