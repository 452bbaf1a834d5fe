// For the user and invitation tests: a send that keeps the mails, and the message of the rule a call broke.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userRoles } from '../db/schema';
import type { Mail } from '../mail/mailer';
import { UserRuleError } from './users';

export const rolesOf = (db: Db, userId: string) =>
  db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.user_id, userId)).all().map((r) => r.role).sort();

export function mailbox() {
  const sent: Mail[] = [];
  const send = async (mail: Mail) => {
    sent.push(mail);
    return { transport: 'outbox' as const };
  };
  return { sent, send };
}

/** A send whose mail goes (or fails) when the test says so. */
export function slowSend() {
  const sent: Mail[] = [];
  let finish: (error?: Error) => void = () => undefined;
  const send = (mail: Mail) =>
    new Promise<{ transport: 'smtp' }>((resolve, reject) => {
      finish = (error) => {
        if (error) return reject(error);
        sent.push(mail);
        resolve({ transport: 'smtp' });
      };
    });
  return { sent, send, finish: (error?: Error) => finish(error) };
}

/** Lets a settled mail's writes run. */
export const settled = () => new Promise((resolve) => setTimeout(resolve, 10));

/** The German message of the rule `work` broke; fails the test when it broke none. */
export async function rule(work: () => unknown): Promise<string> {
  try {
    await work();
  } catch (error) {
    if (error instanceof UserRuleError) return error.message;
    throw error;
  }
  throw new Error('no rule was broken');
}
