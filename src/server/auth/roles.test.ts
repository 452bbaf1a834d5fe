import { describe, expect, it, vi } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import { createUser } from './users';
import { flags, rolesOf } from './roles';

describe('roles', () => {
  it('isAdmin for admin or superadmin, isSuperAdmin only for superadmin', () => {
    expect(flags(['admin'])).toEqual({ roles: ['admin'], isAdmin: true, isSuperAdmin: false });
    expect(flags(['superadmin'])).toEqual({ roles: ['superadmin'], isAdmin: true, isSuperAdmin: true });
    expect(flags(['moderator', 'user'])).toEqual({ roles: ['moderator', 'user'], isAdmin: false, isSuperAdmin: false });
    expect(flags([])).toEqual({ roles: [], isAdmin: false, isSuperAdmin: false });
  });

  it('reads the roles from user_roles', async () => {
    const db = createTestDb();
    const u = await createUser(db, { email: 'r@verein.at', roles: ['moderator', 'admin'] });
    expect(rolesOf(db, u.id)).toMatchObject({ isAdmin: true, isSuperAdmin: false });
    expect(rolesOf(db, u.id).roles.sort()).toEqual(['admin', 'moderator']);
  });

  it('a failing lookup gives no rights and logs "Error checking admin status:"', async () => {
    const db = createTestDb();
    const u = await createUser(db, { email: 's@verein.at', roles: ['superadmin'] });
    seed(db, () => db.$client.prepare('DROP TABLE user_roles').run());
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(rolesOf(db, u.id)).toEqual({ roles: [], isAdmin: false, isSuperAdmin: false });
      expect(log).toHaveBeenCalledWith('Error checking admin status:', expect.anything());
    } finally {
      log.mockRestore();
    }
  });
});
