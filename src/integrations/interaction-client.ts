// The browser side of `client:interaction` (docs/decisions/036): hydrate on the
// first pointer over, press, touch or focus inside the island, never on load,
// idle or scroll.
import type { ClientDirective } from 'astro';
import { NEW_BUILD_EVENT } from '../lib/new-build-event';

/** pointerover bubbles (the island itself is display: contents and has no box to enter) */
const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
const RETRY_PAUSE_MS = 2000;
/** the island's attributes Astro's loader imports from, read at each try */
const CODE_URLS = ['component-url', 'renderer-url'] as const;

/**
 * A failed import() stays failed for its URL in browsers that keep the error in
 * their module map (Debian's Chromium 150 does, forms.spec.ts shows it): the
 * same address is never fetched again in this page. So each new try asks under
 * an address of its own. A chunk those modules import in turn keeps its
 * address; if that one was lost, only a reload helps.
 */
function askAgainUnderNewAddress(el: HTMLElement, attempt: number) {
  for (const name of CODE_URLS) {
    const value = el.getAttribute(name);
    if (!value) continue;
    const url = new URL(value, location.href);
    url.searchParams.set('retry', String(attempt));
    el.setAttribute(name, url.origin === location.origin ? url.pathname + url.search : url.href);
  }
}

/**
 * Whether the island's code is gone from the server, not just unreachable: a deploy since the page was loaded
 * removed the old build's files, and no retry will bring them (a review of a deploy on match day). Asked
 * without the worker (HEAD), which would answer from its cache.
 */
async function codeGone(el: HTMLElement): Promise<boolean> {
  const url = el.getAttribute('component-url');
  if (!url) return false;
  const plain = new URL(url, location.href);
  plain.searchParams.delete('retry');
  try {
    return (await fetch(plain, { method: 'HEAD', cache: 'no-store' })).status === 404;
  } catch {
    return false;
  }
}

const interaction: ClientDirective = (load, _options, el) => {
  // A form that waits for its island is server-rendered in a disabled fieldset
  // (without JavaScript it cannot be sent). With JavaScript it opens read-only
  // at once, so the keyboard can reach it and that focus hydrates it; the island
  // lifts the read-only state when it has taken over (InquiryForm).
  for (const fieldset of el.querySelectorAll<HTMLFieldSetElement>('fieldset[data-until-hydrated]')) {
    for (const control of fieldset.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
      if (!control.readOnly) control.setAttribute('readonly', '');
    }
    fieldset.disabled = false;
  }
  let started = false;
  let hydrated = false;
  let failures = 0;
  // nothing may be sent natively before the island runs (its button stays disabled too)
  const holdSubmit = (event: Event) => {
    if (!hydrated) event.preventDefault();
    void start();
  };
  const arm = () => {
    for (const type of EVENTS) el.addEventListener(type, onEvent, { passive: true });
  };
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, onEvent);
    try {
      const hydrate = await load();
      await hydrate();
    } catch {
      // the island's code did not arrive (weak data): the next reach tries again,
      // and a visitor already inside the form does not have to leave it first
      started = false;
      askAgainUnderNewAddress(el, ++failures);
      // once: a page of the old build says so, and the visitor reloads (src/scripts/pwa-start.ts shows it)
      if (failures === 1) void codeGone(el).then((gone) => gone && window.dispatchEvent(new Event(NEW_BUILD_EVENT)));
      arm();
      if (el.contains(document.activeElement)) setTimeout(() => void start(), RETRY_PAUSE_MS);
      return;
    }
    hydrated = true;
    el.removeEventListener('submit', holdSubmit, true);
  };
  const onEvent = () => void start();
  arm();
  el.addEventListener('submit', holdSubmit, true);
};

export default interaction;
