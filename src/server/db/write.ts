// The only way to write to the database (design §5). Every write runs in a
// transaction whose COMMIT is checked: better-sqlite3's `.get()` on an
// `insert … returning` in autocommit mode hands back the row even when the
// commit then fails (SQLITE_FULL), so an admin was told 'gespeichert' for a row
// that was never stored. Inside an explicit transaction the COMMIT is its own
// statement and throws. A storage failure becomes a RefusedWrite with a German
// message; the guard installed by guardWrites() makes a write outside write()
// throw, so a new service cannot forget it (docs/decisions/013).
import type Database from 'better-sqlite3';
import { getDb, type Db } from './client';
import { beginChangeSet } from '../revisions/context';
import { installRevisionTriggers } from '../revisions/triggers';

/** Why a write was refused: the admin's input (400/404), a newer version saved meanwhile (409), or the storage (503). */
export type RefusalCode = 'BAD_REQUEST' | 'NOT_FOUND' | 'CONFLICT' | 'STORAGE';

/** The one error type for a refused write; its message is German and shown as it is. */
export class RefusedWrite extends Error {
  constructor(
    message: string,
    readonly code: RefusalCode = 'BAD_REQUEST',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RefusedWrite';
  }
}

/** Across the two copies of this module (the Astro bundle and the server), by name. */
export function isRefusedWrite(error: unknown): error is RefusedWrite {
  return error instanceof Error && error.name === 'RefusedWrite' && typeof (error as RefusedWrite).code === 'string';
}

export type StorageFailure = 'full' | 'io' | 'busy' | 'readonly' | 'unavailable';

export const STORAGE_TEXTS: Record<StorageFailure, string> = {
  full: 'Speichern fehlgeschlagen: kein Speicherplatz frei.',
  io: 'Speichern fehlgeschlagen: Fehler beim Schreiben auf den Datenträger.',
  busy: 'Speichern fehlgeschlagen: die Datenbank ist gerade belegt. Bitte in ein paar Sekunden erneut versuchen.',
  readonly: 'Speichern fehlgeschlagen: die Datenbank ist schreibgeschützt.',
  unavailable: 'Speichern fehlgeschlagen: die Datenbank ist nicht erreichbar.',
};

/**
 * A write the database's own rules refused (a reference to a row that is gone, a
 * unique key taken): a service should have said why first, so it is logged as a
 * bug, but the admin gets a German answer and not a 500.
 */
export const CONSTRAINT_REFUSED =
  'Speichern nicht möglich: ein verknüpfter Eintrag existiert nicht mehr, wird noch verwendet oder ist doppelt. Bitte die Seite neu laden und erneut versuchen.';

/**
 * A full disk where the publisher had old versions of replaced pages waiting to be freed (decision 046): they
 * are freed at once, and the admin saves again. The write is not run again by itself: a write's function may
 * count or collect into what it was given, and would do it twice.
 */
export const STORAGE_ROOM_MADE = 'Speichern fehlgeschlagen: der Speicherplatz war voll. Es wurde Platz freigegeben – bitte noch einmal speichern.';

/** What gives back room on the data's disk when a write meets a full one: how many files it freed. */
type RoomMaker = () => number;
const ROOM_KEY = Symbol.for('anstoss.roomMakers');
const roomMakers: Set<RoomMaker> = ((globalThis as Record<symbol, unknown>)[ROOM_KEY] as Set<RoomMaker> | undefined) ?? new Set();
(globalThis as Record<symbol, unknown>)[ROOM_KEY] = roomMakers;

/** Registers what frees room when a write meets a full disk (the server's publisher); returns how to take it back. */
export function whenDiskFull(makeRoom: RoomMaker): () => void {
  roomMakers.add(makeRoom);
  return () => roomMakers.delete(makeRoom);
}

function makeRoom(): number {
  let freed = 0;
  for (const maker of roomMakers) {
    try {
      freed += maker();
    } catch (error) {
      console.error('[write] could not free room on a full disk:', error);
    }
  }
  return freed;
}

/** The storage failure behind an error, or null for any other error (a bug stays a bug). */
export function storageFailure(error: unknown): StorageFailure | null {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) {
    if (code === 'SQLITE_FULL') return 'full';
    if (code.startsWith('SQLITE_IOERR')) return 'io';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
    if (code.startsWith('SQLITE_READONLY')) return 'readonly';
    if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') return 'unavailable';
    return null;
  }
  // the connection was closed (a stop in progress)
  if (error instanceof TypeError && /database connection is not open/i.test(error.message)) return 'unavailable';
  return null;
}

/** The last storage failure of this process, for /healthz (kept on globalThis: two module copies). */
type WriteHealth = { lastFailure: { reason: StorageFailure; at: number } | null; lastSuccessAt: number };
const HEALTH_KEY = Symbol.for('anstoss.writeHealth');
const health: WriteHealth = ((globalThis as Record<symbol, unknown>)[HEALTH_KEY] as WriteHealth) ?? {
  lastFailure: null,
  lastSuccessAt: 0,
};
(globalThis as Record<symbol, unknown>)[HEALTH_KEY] = health;

/** The storage failure of the last write, unless a write has succeeded since. */
export function lastWriteFailure(): { reason: StorageFailure; at: number } | null {
  const failure = health.lastFailure;
  return failure && failure.at >= health.lastSuccessAt ? failure : null;
}

/** When a write last succeeded in this process (0: never). */
export function lastWriteSuccessAt(): number {
  return health.lastSuccessAt;
}

const WRITING = Symbol.for('anstoss.writeDepth');
type Client = Database.Database & { [WRITING]?: number };

/**
 * Runs `fn` in one immediate transaction and returns its result only once the
 * COMMIT succeeded. A storage failure is logged with the action's name and
 * thrown as RefusedWrite('…', 'STORAGE'); nothing of `fn`'s writes stays.
 * Nested calls become savepoints of the outer transaction.
 */
export function write<T>(action: string, fn: (tx: Db) => T, db: Db = getDb()): T {
  const client = db.$client as Client;
  const outermost = !client[WRITING];
  // an outermost write is one change set in the revisions (a nested one is part of it)
  if (outermost) beginChangeSet();
  client[WRITING] = (client[WRITING] ?? 0) + 1;
  try {
    const result = db.transaction(() => fn(db), { behavior: 'immediate' });
    health.lastSuccessAt = Date.now();
    return result;
  } catch (error) {
    // a nested write's storage failure, refused there already: the outermost makes the room once
    if (isRefusedWrite(error) && error.code === 'STORAGE' && error.message !== STORAGE_ROOM_MADE) {
      const inner = (error as { cause?: unknown }).cause;
      if (!outermost || storageFailure(inner) !== 'full' || makeRoom() === 0) throw error;
      throw new RefusedWrite(STORAGE_ROOM_MADE, 'STORAGE', { cause: inner });
    }
    const reason = storageFailure(error);
    if (!reason && String((error as { code?: unknown })?.code).startsWith('SQLITE_CONSTRAINT')) {
      console.error(`[write] ${action} refused by the database's rules (${(error as { code?: string }).code}): ${(error as Error).message}`);
      throw new RefusedWrite(CONSTRAINT_REFUSED, 'BAD_REQUEST', { cause: error });
    }
    if (!reason) throw error;
    health.lastFailure = { reason, at: Date.now() };
    console.error(`[write] ${action} refused (${(error as { code?: string }).code ?? reason}): ${(error as Error).message}`);
    // a nested write's failure reaches the outermost (above), which makes the room once
    const roomMade = reason === 'full' && outermost && makeRoom() > 0;
    throw new RefusedWrite(roomMade ? STORAGE_ROOM_MADE : STORAGE_TEXTS[reason], 'STORAGE', { cause: error });
  } finally {
    client[WRITING] = (client[WRITING] ?? 1) - 1;
  }
}

/**
 * Makes every statement that writes throw unless it runs inside write(). Read
 * statements and PRAGMAs are left as they are (and cost nothing extra). The
 * write connection also keeps the revisions (src/server/revisions/triggers.ts).
 */
export function guardWrites(db: Db): Db {
  const client = db.$client as Client;
  if ((client as { __guarded?: boolean }).__guarded) return db;
  installRevisionTriggers(client);
  const prepare = client.prepare.bind(client) as (...args: unknown[]) => Database.Statement;
  const guarded = (...args: unknown[]) => {
    const statement = prepare(...args);
    const source = String(args[0]);
    if (statement.readonly || /^\s*PRAGMA\b/i.test(source)) return statement;
    for (const method of ['run', 'get', 'all', 'iterate'] as const) {
      const original = statement[method].bind(statement) as (...a: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...a: unknown[]) => {
        if (!client[WRITING]) throw new Error(`write outside write(): ${source.slice(0, 120)}`);
        return original(...a);
      };
    }
    return statement;
  };
  (client as unknown as { prepare: unknown }).prepare = guarded;
  (client as { __guarded?: boolean }).__guarded = true;
  return db;
}

/**
 * For writes that may be skipped when storage fails (renewing a session,
 * sweeping expired rows): true when stored, false when refused for storage.
 */
export function writeIfPossible(action: string, fn: (tx: Db) => void, db: Db = getDb()): boolean {
  try {
    write(action, fn, db);
    return true;
  } catch (error) {
    if (isRefusedWrite(error) && error.code === 'STORAGE') return false;
    throw error;
  }
}
