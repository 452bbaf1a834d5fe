import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../../db/test-db';
import type { Db } from '../../db/client';
import { clubSettings, users } from '../../db/schema';
import { makeMatch, makeNews, makePageSection, makeTeam } from '../../../../tests/fixtures/factories';
import { contactSchema } from '../../../lib/schemas/contact';
import { saveClubAddress } from './contacts';
import { firstSteps, firstStepsFor, hideFirstSteps, showFirstStepsAgain } from './first-steps';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
const open = (isSuperAdmin: boolean) => firstSteps(isSuperAdmin, db).filter((step) => !step.done).map((step) => step.key);

describe("the admin's first steps", () => {
  it("a new club has every step before it; the superadmin's include the club and the users", () => {
    expect(open(true)).toEqual(['verein', 'adresse', 'impressum', 'mannschaft', 'spiele', 'news', 'benutzer']);
    expect(open(false)).toEqual(['adresse', 'impressum', 'mannschaft', 'spiele', 'news']);
  });

  it('counts each step done from what is stored', () => {
    seed(db, (tx) => tx.insert(clubSettings).values({ short_name: 'USV', long_name: 'USV Gnas', primary_color: '#14532d', secondary_color: '#ffffff' }).run());
    // a contact without an address is no club address yet
    saveClubAddress(contactSchema.parse({ name: 'USV Gnas' }), db);
    expect(open(true)).toContain('adresse');
    saveClubAddress(contactSchema.parse({ name: 'USV Gnas', address: 'Sportplatz 1\n8342 Gnas' }), db);
    seed(db, (tx) => {
      makePageSection(tx, 'imprint', 'vereinsregister', { content: 'ZVR 123456789' });
      makeMatch(tx, { team_id: makeTeam(tx, { name: 'Kampfmannschaft' }).id });
      makeNews(tx, { title: 'Willkommen' });
    });
    expect(open(true)).toEqual(['benutzer']);
    seed(db, (tx) => tx.insert(users).values([{ email: 'obmann@usv.at' }, { email: 'kassier@usv.at' }]).run());
    expect(firstSteps(true, db).every((step) => step.done)).toBe(true);
    expect(firstSteps(false, db)).toHaveLength(5);
  });
});

describe("an admin's 'Ausblenden'", () => {
  it('is kept with their account: their list is hidden, another admin still has theirs', () => {
    const [obmann, kassier] = seed(db, (tx) => tx.insert(users).values([{ email: 'obmann@usv.at' }, { email: 'kassier@usv.at' }]).returning().all());
    expect(firstStepsFor(obmann.id, true, db)).toMatchObject({ hidden: false, steps: expect.arrayContaining([{ key: 'verein', done: false }]) });
    hideFirstSteps(obmann.id, new Date('2026-12-05T08:00:00Z'), db);
    // hidden, it still says which steps are open ('Mein Konto' offers it again while one is)
    expect(firstStepsFor(obmann.id, true, db)).toMatchObject({ hidden: true, steps: expect.arrayContaining([{ key: 'verein', done: false }]) });
    expect(firstStepsFor(kassier.id, false, db).hidden).toBe(false);
    expect(db.select().from(users).all().map((u) => [u.email, u.firstStepsHiddenAt])).toEqual([
      ['obmann@usv.at', '2026-12-05T08:00:00.000Z'],
      ['kassier@usv.at', null],
    ]);
  });

  it("'Wieder anzeigen' brings back only this admin's list", () => {
    const [obmann, kassier] = seed(db, (tx) => tx.insert(users).values([{ email: 'obmann@usv.at' }, { email: 'kassier@usv.at' }]).returning().all());
    hideFirstSteps(obmann.id, new Date('2026-12-05T08:00:00Z'), db);
    hideFirstSteps(kassier.id, new Date('2026-12-05T09:00:00Z'), db);
    showFirstStepsAgain(obmann.id, db);
    expect(firstStepsFor(obmann.id, true, db).hidden).toBe(false);
    expect(firstStepsFor(kassier.id, false, db).hidden).toBe(true);
  });
});
