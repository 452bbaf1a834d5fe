// Authorization at every action (design habit 4). Admin actions call
// requireRole() first thing in their handler; the few actions open to everyone
// are wrapped in publicAction() so that the coverage test can tell them apart.
import { ActionError } from 'astro:actions';
import type { Role } from '../server/auth/roles';
import { ACCOUNT_TEXTS } from '../lib/schemas/account';
import { enterActor } from '../server/revisions/context';

const publicActions = new WeakSet<object>();

export function publicAction<T extends object>(action: T): T {
  publicActions.add(action);
  return action;
}

export function isPublicAction(action: object): boolean {
  return publicActions.has(action);
}

type Ctx = { locals: App.Locals };

/**
 * The signed-in user, when they hold the role (admin includes superadmin).
 * Anonymous: 401. Signed in without the role: 403 with the given German message.
 * An admin who must set up the required second factor first gets 403 from
 * every action but their own account's (`duringSecondFactorSetup`).
 */
export function requireRole(
  context: Ctx,
  role: Extract<Role, 'admin' | 'superadmin'>,
  message?: string,
  options: { duringSecondFactorSetup?: boolean } = {},
) {
  const { user, isAdmin, isSuperAdmin, mustSetUpSecondFactor } = context.locals;
  if (!user) throw new ActionError({ code: 'UNAUTHORIZED', message: 'Bitte melde dich an.' });
  const allowed = role === 'superadmin' ? isSuperAdmin : isAdmin;
  if (!allowed) throw new ActionError({ code: 'FORBIDDEN', message: message ?? 'Zugriff verweigert' });
  if (mustSetUpSecondFactor && !options.duringSecondFactorSetup) throw new ActionError({ code: 'FORBIDDEN', message: ACCOUNT_TEXTS.setupFirst });
  // the rest of this action's work is this user's: the revisions it writes name them
  enterActor({ id: user.id, name: user.email });
  return user;
}
