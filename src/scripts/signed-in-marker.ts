// The signed-in marker (docs/decisions/036): a cookie scripts may read, set and
// cleared beside the HttpOnly session cookie. It holds no secret and grants
// nothing; it only tells the header's script that asking /api/me is worth a
// request, so an anonymous visitor's page makes none.
export const SIGNED_IN_COOKIE = 'anstoss_in';

/** True when the marker is present (browser only). */
export function hasSignedInMarker(): boolean {
  return document.cookie.split(/;\s*/).some((part) => part === `${SIGNED_IN_COOKIE}=1`);
}

/** Drops a marker the server no longer backs (a session ended elsewhere). */
export function clearSignedInMarker(): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
}
