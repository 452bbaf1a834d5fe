import { describe, expect, it, vi } from 'vitest';
import { RefusedWrite } from '../../../server/db/write';
import { SIGNED_IN_COOKIE } from '../../../scripts/signed-in-marker';

// the database refuses the session's delete, as a full disk does (write() says STORAGE)
vi.mock('../../../server/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../server/auth/session')>()),
  invalidateSession: () => {
    throw new RefusedWrite('Kein Speicherplatz frei.', 'STORAGE');
  },
}));
vi.mock('../../../server/db/client', () => ({ getDb: () => ({}) }));

const { POST } = await import('./logout');
const { SESSION_COOKIE } = await import('../../../server/auth/session');

describe('sign-out when the database cannot write', () => {
  it('clears the cookie all the same and answers 204 (it answered 500 with the cookie kept: still signed in)', async () => {
    const deleted: string[] = [];
    const cookies = { set: () => undefined, delete: (name: string) => void deleted.push(name) };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await POST({ locals: { session: { id: 'abc' } }, cookies, url: new URL('https://verein.at/api/auth/logout') } as never);
    expect(response.status).toBe(204);
    expect(deleted.sort()).toEqual([SESSION_COOKIE, SIGNED_IN_COOKIE].sort());
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('[auth] sign-out'), expect.any(RefusedWrite));
    errors.mockRestore();
  });
});
