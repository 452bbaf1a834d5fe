// Roles (public-site.md §6): read from user_roles. A failing lookup means no
// admin rights, logged as the spec says.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userRoles } from '../db/schema';
import type { Role } from '../../lib/schemas/user';

// one list of roles and labels for server and admin islands
export { ROLES, ROLE_LABELS, type Role } from '../../lib/schemas/user';

export type RoleFlags = { roles: Role[]; isAdmin: boolean; isSuperAdmin: boolean };

export function rolesOf(db: Db, userId: string): RoleFlags {
  try {
    const roles = db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.user_id, userId))
      .all()
      .map((r) => r.role);
    return flags(roles);
  } catch (error) {
    console.error('Error checking admin status:', error);
    return { roles: [], isAdmin: false, isSuperAdmin: false };
  }
}

export function flags(roles: Role[]): RoleFlags {
  return {
    roles,
    isAdmin: roles.includes('admin') || roles.includes('superadmin'),
    isSuperAdmin: roles.includes('superadmin'),
  };
}
