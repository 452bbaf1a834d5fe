import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { passwordChangeSchema, secondFactorCodeSchema, secondFactorStartSchema } from '../../lib/schemas/account';
import { getDb } from '../../server/db/client';
import {
  changeOwnPassword,
  finishSecondFactor,
  renewRecoveryCodes,
  secondFactorStatus,
  startSecondFactor,
  switchOffSecondFactor,
} from '../../server/services/account';
import { requireRole } from '../guard';
import { runWrite, runWriteAsync } from './inputErrors';

// 'Mein Konto' (issue 11): each admin's own second factor and password. Open
// while a required second factor is not yet set up (that is where it is set up).
const own = { duringSecondFactorSetup: true } as const;

export const account = {
  status: defineAction({
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      const user = requireRole(context, 'admin', undefined, own);
      return secondFactorStatus(getDb(), user.id);
    },
  }),
  startSecondFactor: defineAction({
    accept: 'json',
    input: secondFactorStartSchema,
    handler: async (input, context) => {
      const user = requireRole(context, 'admin', undefined, own);
      return runWriteAsync(() => startSecondFactor(getDb(), user, { sessionId: context.locals.session?.id, password: input?.password }));
    },
  }),
  finishSecondFactor: defineAction({
    accept: 'json',
    input: secondFactorCodeSchema,
    handler: async ({ code }, context) => {
      const user = requireRole(context, 'admin', undefined, own);
      return runWrite(() => finishSecondFactor(getDb(), user.id, code));
    },
  }),
  switchOffSecondFactor: defineAction({
    accept: 'json',
    input: secondFactorCodeSchema,
    handler: async ({ code }, context) => {
      const user = requireRole(context, 'admin', undefined, own);
      runWrite(() => switchOffSecondFactor(getDb(), { id: user.id, isAdmin: context.locals.isAdmin }, code));
      return { on: false };
    },
  }),
  renewRecoveryCodes: defineAction({
    accept: 'json',
    input: secondFactorCodeSchema,
    handler: async ({ code }, context) => {
      const user = requireRole(context, 'admin', undefined, own);
      return runWrite(() => renewRecoveryCodes(getDb(), user.id, code));
    },
  }),
  changePassword: defineAction({
    accept: 'json',
    input: passwordChangeSchema,
    handler: async (input, context) => {
      const user = requireRole(context, 'admin', undefined, own);
      await runWriteAsync(() => changeOwnPassword(getDb(), user.id, input, context.locals.session?.id));
      return { changed: true };
    },
  }),
};
