// The per-user part of the header without React (public-site.md §2,
// docs/decisions/036): pages are static files, so the admin link and Logout
// come from /api/me after load, asked only when the signed-in marker cookie
// says there is a session to ask about.
import { clearSignedInMarker, hasSignedInMarker } from './signed-in-marker';

type Me = { user: { email: string } | null; isAdmin: boolean };

/** Ends the session on the server (the admin's sign-out can share it); a failure leaves nothing to undo. */
export async function requestLogout(): Promise<void> {
  // sent as JSON like the actions: Astro's origin check refuses body-less and
  // form posts whenever its idea of the origin differs from the browser's
  await fetch('/api/auth/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => undefined);
  clearSignedInMarker();
}

async function logout(): Promise<void> {
  await requestLogout();
  window.location.href = '/';
}

export async function startAuthNav(): Promise<void> {
  const slot = document.querySelector<HTMLElement>('.site-header .auth-nav');
  if (!slot || !hasSignedInMarker()) return;
  const me = await fetch('/api/me', { credentials: 'same-origin', cache: 'no-store' })
    .then((r) => (r.ok ? (r.json() as Promise<Me>) : null))
    .catch(() => null);
  if (!me) return;
  if (!me.user) {
    // the session ended elsewhere (expired, signed out on another device)
    clearSignedInMarker();
    return;
  }
  const parts: HTMLElement[] = [];
  if (me.isAdmin) {
    const admin = document.createElement('a');
    admin.href = '/admin';
    admin.textContent = 'Admin';
    parts.push(admin);
  }
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Logout';
  button.addEventListener('click', () => void logout());
  parts.push(button);
  slot.replaceChildren(...parts);
}
