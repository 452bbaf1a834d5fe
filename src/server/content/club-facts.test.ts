// The built-in club's facts stand for it alone (decision 055): the spec's texts word for word for the
// built-in club, a renamed club's own name, address and ground or nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import { withDatabase, type Db } from '../db/client';
import { contactInfo } from '../db/schema';
import { write } from '../db/write';
import { saveClubSettings } from '../services/admin/club';
import { FOOTER_DEFAULTS, HERO_DEFAULTS, IMPRINT_DEFAULTS, MEMBERSHIP_DEFAULTS, NEXT_MATCH_DEFAULTS, PRIVACY_DEFAULT, SAMPLE_MATCHES } from './defaults';
import {
  footerTexts,
  footerTextsOf,
  heroDefaultsFor,
  imprintDefaultsFor,
  membershipAccountFor,
  nextMatchDefaultsFor,
  privacySectionsFor,
  renamedClub,
  renamedClubIn,
  renamedClubOf,
  sampleMatchesFor,
  storedClubAddress,
} from './club-facts';

const GNAS = { longName: 'SV Union Gnas 1946', shortName: 'Union Gnas', ground: 'Sportzentrum Gnas' };
const ADDRESS = { lines: ['Hauptplatz 3', '8342 Gnas'], email: 'office@union-gnas.at' };
const BUILT_IN_FACTS = /Kirchberg|Sportplatzweg|8324|sv-kirchberg|123456789|Weiz|AT61|Raiffeisenbank/;

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

describe('the built-in club', () => {
  it("keeps every one of the spec's texts word for word", () => {
    expect(renamedClubOf(null)).toBeNull();
    // a stored row with the built-in name (colours changed only) is still the built-in club
    expect(renamedClubOf({ long_name: 'SV Kirchberg an der Raab', short_name: 'SV Kirchberg', home_ground: 'Platz' })).toBeNull();
    expect(footerTextsOf(null, null)).toEqual(FOOTER_DEFAULTS);
    expect(heroDefaultsFor(null)).toEqual({ line1: HERO_DEFAULTS.line1, line2: HERO_DEFAULTS.line2, welcome: HERO_DEFAULTS.welcome });
    expect(imprintDefaultsFor(null, ADDRESS)).toEqual(IMPRINT_DEFAULTS);
    expect(privacySectionsFor(null, ADDRESS)).toEqual(PRIVACY_DEFAULT.sections);
    expect(membershipAccountFor(null)).toEqual({ iban: MEMBERSHIP_DEFAULTS.iban, bank: MEMBERSHIP_DEFAULTS.bank });
    expect(nextMatchDefaultsFor(null)).toEqual({ content: NEXT_MATCH_DEFAULTS.content, location: NEXT_MATCH_DEFAULTS.location });
    expect(sampleMatchesFor(null)).toEqual(SAMPLE_MATCHES);
  });
});

describe('a renamed club', () => {
  it("is named with its own address in the imprint and the privacy policy, and its register entry waits for an admin's text", () => {
    const imprint = imprintDefaultsFor(GNAS, ADDRESS);
    expect(imprint.medieninhaber.content).toBe(
      'SV Union Gnas 1946\nHauptplatz 3\n8342 Gnas\nE-Mail: office@union-gnas.at\n\nVereinszweck: Förderung und Ausübung des Fußballsports, insbesondere der Jugendarbeit.',
    );
    expect(imprint.vereinsregister).toEqual({ title: 'Vereinsregister', content: '' });
    expect(imprint.haftungsausschluss).toEqual(IMPRINT_DEFAULTS.haftungsausschluss);
    expect(imprintDefaultsFor(GNAS, null).medieninhaber.content).toMatch(/^SV Union Gnas 1946\n\nVereinszweck/);

    const privacy = privacySectionsFor(GNAS, ADDRESS);
    expect(privacy[0]).toEqual({
      title: '1. Verantwortliche Stelle',
      body: 'Verantwortlich für die Datenverarbeitung auf dieser Website ist: SV Union Gnas 1946, Hauptplatz 3, 8342 Gnas. E-Mail: office@union-gnas.at',
    });
    expect(privacySectionsFor(GNAS, null)[0].body).toBe('Verantwortlich für die Datenverarbeitung auf dieser Website ist: SV Union Gnas 1946.');
    expect(privacy.slice(1)).toEqual(PRIVACY_DEFAULT.sections.slice(1));
  });

  it("gets no built-in account, contact lines or e-mail, and its own name and ground on the card and the sample fixtures", () => {
    expect(membershipAccountFor(GNAS)).toBeNull();
    const footer = footerTextsOf(null, GNAS);
    expect([footer.contact_location1, footer.contact_location2, footer.contact_location3, footer.contact_email]).toEqual(['', '', '', '']);
    expect(footer.contact_title).toBe('Kontakt');
    // the footer's own texts stand over the defaults, key by key
    expect(footerTextsOf({ content: JSON.stringify({ contact_email: 'info@gnas.at' }) }, GNAS).contact_email).toBe('info@gnas.at');
    expect(nextMatchDefaultsFor(GNAS)).toEqual({ content: 'Union Gnas vs. Gegner', location: 'Sportzentrum Gnas' });
    expect(nextMatchDefaultsFor({ ...GNAS, ground: null }).location).toBe('');
    const samples = sampleMatchesFor(GNAS);
    expect(samples.map((m) => [m.home_team, m.away_team, m.location])).toEqual([
      ['SV Union Gnas 1946', 'SC Gleisdorf', 'Sportzentrum Gnas'],
      ['USV St. Ruprecht', 'SV Union Gnas 1946', 'Sportplatz St. Ruprecht an der Raab'],
      ['SV Union Gnas 1946', 'SV Feldbach', 'Sportzentrum Gnas'],
    ]);
    expect([footer.club_title_line1, footer.club_title_line2, footer.copyright_text]).toEqual(['SV Union Gnas 1946', '', '© 2024 SV Union Gnas 1946. Alle Rechte vorbehalten.']);
    const hero = heroDefaultsFor(GNAS);
    expect(hero).toEqual({ line1: 'SV Union Gnas 1946', line2: '', welcome: HERO_DEFAULTS.welcome.replace('SV Kirchberg an der Raab', 'SV Union Gnas 1946') });
    const shown = JSON.stringify([footer, hero, samples, nextMatchDefaultsFor(GNAS), imprintDefaultsFor(GNAS, null), privacySectionsFor(GNAS, null)]);
    expect(shown).not.toMatch(BUILT_IN_FACTS);
  });

  it("is read from 'Verein', and its address from the first 'Vereinsadresse' record, as /kontakt shows it", () => {
    expect(renamedClubIn(db)).toBeNull();
    expect(storedClubAddress(db)).toBeNull();
    saveClubSettings({ short_name: 'Union Gnas', long_name: 'SV Union Gnas 1946', crest_url: null, primary_color: '#0f766e', secondary_color: '#fde047', home_ground: ' ' }, db);
    expect(renamedClubIn(db)).toEqual({ ...GNAS, ground: null });
    write('test.contacts', () => {
      db.insert(contactInfo).values({ name: 'Kassier', role: 'Kassier', address: 'Nebenweg 9', created_at: '2020-01-01T00:00:00.000Z' }).run();
      db.insert(contactInfo).values({ name: 'Alt', role: ' Vereinsadresse ', address: ' Hauptplatz 3 \n\n8342 Gnas', email: ' office@union-gnas.at ', created_at: '2021-01-01T00:00:00.000Z' }).run();
      db.insert(contactInfo).values({ name: 'Neu', role: 'Vereinsadresse', address: 'Später 1', created_at: '2022-01-01T00:00:00.000Z' }).run();
    }, db);
    expect(storedClubAddress(db)).toEqual(ADDRESS);
    // the footer of every page reads no contact: it stays without lines
    expect(withDatabase(db, () => footerTexts()).contact_email).toBe('');
  });

  it('an unreadable club row leaves the facts out: the club may have been renamed', () => {
    db.$client.exec('DROP TABLE club_settings');
    const footer = withDatabase(db, () => footerTexts());
    expect([footer.club_title_line1, footer.contact_location1, footer.contact_email]).toEqual(['SV Kirchberg an der Raab', '', '']);
    expect(withDatabase(db, () => imprintDefaultsFor(renamedClub(), null)).vereinsregister.content).toBe('');
  });
});
