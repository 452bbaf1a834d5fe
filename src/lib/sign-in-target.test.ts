import { describe, expect, it } from 'vitest';
import { afterSignInPath, signInPath } from './sign-in-target';

const token = 'q1w2e3r4t5y6u7i8o9p0as-_.1764860000000.abcDEF123_-xyz';

describe('where a sign-in leads', () => {
  it('back to the admin or the preview that sent there', () => {
    expect(afterSignInPath(new URL(signInPath({ page: 'admin' }), 'http://x').searchParams.get('weiter'))).toBe('/admin');
    const weiter = new URL(signInPath({ page: 'vorschau', token }), 'http://x').searchParams.get('weiter');
    expect(afterSignInPath(weiter)).toBe(`/admin/vorschau/${token}`);
  });

  it('home for anything that is not one of its names, never to an address', () => {
    for (const weiter of [null, '', 'Admin', '/admin', '//evil.example', 'https://evil.example', 'vorschau:', 'vorschau:../../x', 'vorschau:a.b.c', `vorschau:${token}/..`, `vorschau:${token}?x=1`, 'vorschau:a.1.b\n'])
      expect(afterSignInPath(weiter)).toBe('/');
  });

  it('a token that is no preview token is not carried to the sign-in', () => {
    expect(signInPath({ page: 'vorschau', token: '../../etc' })).toBe('/auth?weiter=admin');
  });
});
