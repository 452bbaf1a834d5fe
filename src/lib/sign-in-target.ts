// Where a sign-in leads (decision 069): a page that needs a session sends to /auth with a name of where it
// was in `weiter`, never an address, so no link can send anyone elsewhere. 'admin' is the admin panel;
// 'vorschau:<token>' a preview link opened without a session (another browser, an expired session), whose
// token only has the characters the preview's signed token is made of.

const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{1,64}\.\d{1,16}\.[A-Za-z0-9_-]{1,64}$/;

/** A place a sign-in can lead back to. */
export type SignInTarget = { page: 'admin' } | { page: 'vorschau'; token: string };

/** The sign-in's address for a visitor without a session, naming where it leads back to. */
export function signInPath(target: SignInTarget): string {
  if (target.page === 'vorschau' && PREVIEW_TOKEN.test(target.token)) return `/auth?weiter=vorschau:${target.token}`;
  return '/auth?weiter=admin';
}

/** Where a sign-in leads, from its `weiter`: the place it names, or home for anything else. */
export function afterSignInPath(weiter: string | null): string {
  if (weiter === 'admin') return '/admin';
  const token = weiter?.startsWith('vorschau:') ? weiter.slice('vorschau:'.length) : null;
  if (token !== null && PREVIEW_TOKEN.test(token)) return `/admin/vorschau/${token}`;
  return '/';
}
