// Turns a service's RefusedWrite into the action error the admin panel shows,
// with its German message: the admin's input (a missing row, a team that no
// longer exists) as 400/404, a storage failure (full disk, read-only or busy
// database) as 503. Anything else stays a server error and is logged by Astro.
import { ActionError } from 'astro:actions';
import { isRefusedWrite, type RefusalCode } from '../../server/db/write';

const ACTION_CODES: Record<RefusalCode, 'BAD_REQUEST' | 'NOT_FOUND' | 'CONFLICT' | 'SERVICE_UNAVAILABLE'> = {
  BAD_REQUEST: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  STORAGE: 'SERVICE_UNAVAILABLE',
};

export function refusalToActionError(error: unknown): unknown {
  return isRefusedWrite(error) ? new ActionError({ code: ACTION_CODES[error.code], message: error.message }) : error;
}

export function runWrite<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    throw refusalToActionError(error);
  }
}

/** runWrite for a service that works asynchronously (hashing, images). */
export async function runWriteAsync<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw refusalToActionError(error);
  }
}
