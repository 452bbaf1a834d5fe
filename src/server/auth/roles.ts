// Roles (public-site.md §6): read from user_roles. A failing lookup means no
// admin rights, logged as the spec says.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userRoles } from '../db/schema';

export const ROLES = ['superadmin', 'admin', 'moderator', 'user'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  superadmin: 'Superadmin',
  admin: 'Admin',
  moderator: 'Moderator',
  user: 'Benutzer',
};

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
