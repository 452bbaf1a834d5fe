// Whether each of the admin's 'Erste Schritte' (src/lib/first-steps.ts) is done, read from what is stored:
// nothing of its own is kept, so a step done elsewhere (an import, another admin) counts at once. Only the
// admin's 'Ausblenden' is kept, with their account (decision 071).
import { count, eq } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { write } from '../../db/write';
import { matches, news, teams, users } from '../../db/schema';
import { renamedClubIn, storedClubAddress } from '../../content/club-facts';
import { FIRST_STEPS, type FirstStepKey, type FirstStepsShown, type FirstStepsState } from '../../../lib/first-steps';
import { listPageContent } from './pageContent';
import { IMPRINT_PAGE } from './imprint';

type Counted = typeof matches | typeof news | typeof teams | typeof users;
const rows = (db: Db, table: Counted) => db.select({ n: count() }).from(table).get()?.n ?? 0;

const DONE: Record<FirstStepKey, (db: Db) => boolean> = {
  verein: (db) => renamedClubIn(db) !== null,
  adresse: (db) => (storedClubAddress(db)?.lines.length ?? 0) > 0,
  // the imprint's fixed sections show built-in texts until one is saved
  impressum: (db) => listPageContent(IMPRINT_PAGE, db).length > 0,
  mannschaft: (db) => rows(db, teams) > 0,
  spiele: (db) => rows(db, matches) > 0,
  news: (db) => rows(db, news) > 0,
  benutzer: (db) => rows(db, users) > 1,
};

/** The steps this role takes (the club and the users are the superadmin's), each with whether it is done. */
export function firstSteps(isSuperAdmin: boolean, db: Db = getDb()): FirstStepsState {
  return FIRST_STEPS.filter((step) => isSuperAdmin || !step.superadminOnly).map((step) => ({ key: step.key, done: DONE[step.key](db) }));
}

/**
 * The steps for this admin, and whether they hid the list (on any of their devices): a hidden list still
 * says which steps are open, for 'Mein Konto' to offer it again while any is.
 */
export function firstStepsFor(userId: string, isSuperAdmin: boolean, db: Db = getDb()): FirstStepsShown {
  const row = db.select({ hiddenAt: users.firstStepsHiddenAt }).from(users).where(eq(users.id, userId)).get();
  return { hidden: Boolean(row?.hiddenAt), steps: firstSteps(isSuperAdmin, db) };
}

/** 'Ausblenden': kept with the account, so the list stays hidden on each of the admin's devices. */
export function hideFirstSteps(userId: string, now: Date = new Date(), db: Db = getDb()): void {
  write('first-steps.hide', (tx) => tx.update(users).set({ firstStepsHiddenAt: now.toISOString() }).where(eq(users.id, userId)).run(), db);
}

/** 'Wieder anzeigen' under 'Mein Konto': the list is back on each of the admin's devices. */
export function showFirstStepsAgain(userId: string, db: Db = getDb()): void {
  write('first-steps.show', (tx) => tx.update(users).set({ firstStepsHiddenAt: null }).where(eq(users.id, userId)).run(), db);
}
