import { useEffect, useState } from 'react';

type Me = { user: { email: string } | null; isAdmin: boolean };

/**
 * The per-user part of the header. Pages are static files, so the admin link and
 * Logout come from /api/me after load (public-site.md §2).
 */
export default function AuthNav() {
  const [me, setMe] = useState<Me | null>(null);
  useEffect(() => {
    let cancelled = false;
    fetch('/api/me', { credentials: 'same-origin', cache: 'no-store' })
      .then((r) => (r.ok ? (r.json() as Promise<Me>) : null))
      .then((data) => !cancelled && setMe(data))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  if (!me?.user) return null;
  const logout = async () => {
    // sent as JSON like the actions: Astro's origin check refuses body-less and
    // form posts whenever its idea of the origin differs from the browser's
    await fetch('/api/auth/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => undefined);
    window.location.href = '/';
  };
  return (
    <>
      {me.isAdmin && <a href="/admin">Admin</a>}
      <button type="button" onClick={() => void logout()}>
        Logout
      </button>
    </>
  );
}
