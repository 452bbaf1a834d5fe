// 'Verein' names where a renamed club's saved texts still state the built-in club's facts (decision 055).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../db/test-db';
import type { Db } from '../../db/client';
import { FOOTER_DEFAULTS, IMPRINT_DEFAULTS, MEMBERSHIP_DEFAULTS } from '../../content/defaults';
import { BUILT_IN_FACT_PLACES as P, builtInFactsLeft } from './built-in-facts';
import { loadClubSettings, saveClubSettings } from './club';
import { saveHomeSection } from './home';
import { createPageContent } from './pageContent';
import { savePrivacy } from './privacy';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

const section = (page_key: string, section_key: string, content: string) =>
  createPageContent({ page_key, section_key, title: null, subtitle: null, content, image_url: null, button_text: null, button_link: null, is_active: true, display_order: 1, meta_title: null, meta_description: null }, db);
const rename = (short_name: string, home_ground: string | null) =>
  saveClubSettings({ short_name, long_name: 'SV Union Gnas 1946', crest_url: null, primary_color: '#0f766e', secondary_color: '#fde047', home_ground, protect_minors: true }, db);
const left = () => builtInFactsLeft(loadClubSettings(db), db).places;

describe('builtInFactsLeft', () => {
  it("names every place a renamed club's saved texts hold the built-in facts, and none once they are its own", () => {
    // the admin saved the forms while the club was still the built-in one: the defaults went in
    saveHomeSection({ section_key: 'footer_texts', texts: { ...FOOTER_DEFAULTS } }, db);
    section('imprint', 'vereinsregister', IMPRINT_DEFAULTS.vereinsregister.content);
    savePrivacy('<p>Verantwortlich ist der SV Kirchberg an der Raab, Sportplatzweg 1.</p>', db);
    section('mitglied', 'iban', MEMBERSHIP_DEFAULTS.iban);
    expect(left()).toEqual([]);

    rename('SV Kirchberg', 'Sportplatz Kirchberg');
    expect(left()).toEqual([P.club, P.home, P.imprint, P.privacy, P.membership]);

    rename('Union Gnas', 'Sportzentrum Gnas');
    saveHomeSection({ section_key: 'footer_texts', texts: { ...FOOTER_DEFAULTS, contact_location1: 'Hauptplatz 3', contact_location2: '8342 Gnas', contact_email: 'office@union-gnas.at', copyright_text: '© SV Union Gnas 1946' } }, db);
    savePrivacy('<p>Verantwortlich ist der SV Union Gnas 1946.</p>', db);
    // a real match against the built-in club, at its ground, is no leftover
    saveHomeSection({ section_key: 'next_match', team_a: 'Union Gnas', team_b: 'SV Kirchberg an der Raab', team_a_logo: null, team_b_logo: null, button_link: '/spielplan', match_date: '2026-12-05', match_time: '14:00', match_location: 'Sportplatz Kirchberg' }, db);
    expect(left()).toEqual([P.imprint, P.membership]);
  });
});
