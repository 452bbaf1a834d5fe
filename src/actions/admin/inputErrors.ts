// Turns a service's AdminInputError (a missing row, a team that no longer
// exists) into the action error the admin panel shows: 400/404 with the German
// message. Anything else stays a server error and is logged by Astro.
import { ActionError } from 'astro:actions';
import { AdminInputError } from '../../server/services/admin/input-error';

export function runWrite<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof AdminInputError) throw new ActionError({ code: error.code, message: error.message });
    throw error;
  }
}
