import { ActionError, defineAction } from 'astro:actions';
import { ROLE_LABELS, SUPERADMIN_ONLY_MESSAGES as ONLY, deleteUserSchema, inviteSchema, roleChangeSchema } from '../../lib/schemas/user';
import { getDb } from '../../server/db/client';
import { UserRuleError, addRole, deleteUser, listUsers, removeRole } from '../../server/services/users';
import { inviteUser } from '../../server/services/invitations';
import { requireRole } from '../guard';
import { refusalToActionError, runWrite } from './inputErrors';
import { removeUserFactorSchema, requireSecondFactorSchema } from '../../lib/schemas/account';
import { removeSecondFactorOf, setSecondFactorRequired } from '../../server/services/account';

/** A broken rule of the service becomes an answer with its German message. */
async function asAction<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UserRuleError) throw new ActionError({ code: error.code, message: error.message });
    throw refusalToActionError(error);
  }
}

/** The user-management tab (admin-area.md §2 'benutzer', §6, §8). Superadmins only, every one of them. */
export const users = {
  list: defineAction({
    handler: async (_input, context) => {
      requireRole(context, 'superadmin', ONLY.list);
      return listUsers(getDb());
    },
  }),

  invite: defineAction({
    accept: 'json',
    input: inviteSchema,
    handler: async (input, context) => {
      requireRole(context, 'superadmin', ONLY.invite);
      const user = await asAction(() => inviteUser(getDb(), input.email));
      return { id: user.id, email: user.email, stillSending: user.stillSending };
    },
  }),

  addRole: defineAction({
    accept: 'json',
    input: roleChangeSchema,
    handler: async (input, context) => {
      requireRole(context, 'superadmin', ONLY.roles);
      await asAction(() => addRole(getDb(), input.userId, input.role));
      return { role: input.role, label: ROLE_LABELS[input.role] };
    },
  }),

  removeRole: defineAction({
    accept: 'json',
    input: roleChangeSchema,
    handler: async (input, context) => {
      requireRole(context, 'superadmin', ONLY.roles);
      await asAction(() => removeRole(getDb(), input.userId, input.role, context.locals.session?.id));
      return { role: input.role, label: ROLE_LABELS[input.role] };
    },
  }),

  requireSecondFactor: defineAction({
    accept: 'json',
    input: requireSecondFactorSchema,
    handler: async ({ required }, context) => {
      const me = requireRole(context, 'superadmin', ONLY.secondFactor);
      runWrite(() => setSecondFactorRequired(getDb(), me.id, required));
      return { required };
    },
  }),

  removeSecondFactor: defineAction({
    accept: 'json',
    input: removeUserFactorSchema,
    handler: async ({ userId }, context) => {
      const me = requireRole(context, 'superadmin', ONLY.secondFactor);
      runWrite(() => removeSecondFactorOf(getDb(), userId, me.id));
      return { userId };
    },
  }),

  delete: defineAction({
    accept: 'json',
    input: deleteUserSchema,
    handler: async (input, context) => {
      const me = requireRole(context, 'superadmin', ONLY.delete);
      return asAction(() => deleteUser(getDb(), input.userId, me.id));
    },
  }),
};
