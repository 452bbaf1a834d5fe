import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../db/test-db';
import type { Db } from '../../db/client';
import { homepageContent } from '../../db/schema';
import { homepageSectionSchema } from '../../../lib/schemas/homepage';
import { assertSectionAsRead, loadHomeEditor, saveHomeSection, sectionFormValues } from './home';
import { saveClubSettings } from './club';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
const save = (v: Record<string, unknown>) => saveHomeSection(homepageSectionSchema.parse(v), db);

describe('home editor service', () => {
  it('loads the defaults of an empty database, with the default hero colours', () => {
    const data = loadHomeEditor(db);
    expect(data.hero).toMatchObject({ line1_colour: '#1e40af', line2_colour: '#3b82f6', welcome_colour: '#6b7280', line1: 'SV Kirchberg' });
    expect(Object.keys(data.footer)).toHaveLength(11);
    expect(data.footer.quick_links_title).toBe('Schnellzugriff');
    expect(data.background).toBeNull();
  });

  it('upserts hero_text on its section key, mapping colours onto the reused columns', () => {
    const first = save({ section_key: 'hero_text', line1: 'FC Test', line2: 'Unterdorf', welcome: 'Hallo\nWelt', line1_colour: '#ff0000', line2_colour: '', welcome_colour: '#00f' });
    save({ section_key: 'hero_text', line1: 'FC Test 2', line2: 'Unterdorf', welcome: 'Hallo', line1_colour: '#ff0000', line2_colour: '#00ff00', welcome_colour: '#00f' });
    const rows = db.select().from(homepageContent).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ section_key: 'hero_text', title: 'FC Test 2', content: 'Unterdorf', button_text: 'Hallo', match_date: '#ff0000', match_time: '#00ff00', match_location: '#00f' });
    expect(first.changes).toEqual([{ table: 'homepage_content', key: 'hero_text' }]);
    expect(loadHomeEditor(db).hero.line1).toBe('FC Test 2');
  });

  it('stores footer texts as a JSON object with all eleven keys', () => {
    save({ section_key: 'footer_texts', texts: { club_title_line1: 'FC <b>Test</b>', contact_email: 'info@fc.at' } });
    const row = db.select().from(homepageContent).all()[0];
    const parsed = JSON.parse(row.content!);
    expect(Object.keys(parsed)).toHaveLength(11);
    expect(parsed).toMatchObject({ club_title_line1: 'FC <b>Test</b>', contact_email: 'info@fc.at', social_title: '' });
    expect(loadHomeEditor(db).footer.club_title_line1).toBe('FC <b>Test</b>');
  });

  it('stores the next match as "Team A vs. Team B" with both logos, and the background image', () => {
    save({ section_key: 'next_match', team_a: 'SV Kirchberg', team_b: 'SC Gleisdorf', team_a_logo: '/uploads/a.png', team_b_logo: 'https://x.at/b.png', button_link: '/spielplan', match_date: '1. Mai 2027', match_time: '15:00 Uhr', match_location: 'Sportplatz' });
    save({ section_key: 'hero_background', image_url: '/uploads/hero/bg.jpg' });
    const next = db.select().from(homepageContent).all().find((r) => r.section_key === 'next_match')!;
    expect(next).toMatchObject({ content: 'SV Kirchberg vs. SC Gleisdorf', image_url: '/uploads/a.png', button_text: 'https://x.at/b.png', match_date: '1. Mai 2027' });
    const loaded = loadHomeEditor(db);
    expect(loaded.nextMatch).toMatchObject({ team_a: 'SV Kirchberg', team_b: 'SC Gleisdorf', team_b_logo: 'https://x.at/b.png' });
    expect(loaded.background).toBe('/uploads/hero/bg.jpg');
    save({ section_key: 'hero_background', image_url: '' });
    expect(loadHomeEditor(db).background).toBeNull();
  });

  it('refuses bad colours and script links', () => {
    const colour = homepageSectionSchema.safeParse({ section_key: 'hero_text', line1_colour: 'red' });
    expect(colour.success ? [] : colour.error.issues.map((i) => i.message)).toEqual(['Bitte eine Farbe im Format #RRGGBB angeben.']);
    const link = homepageSectionSchema.safeParse({ section_key: 'next_match', button_link: 'javascript:alert(1)' });
    expect(link.success).toBe(false);
    const logo = homepageSectionSchema.safeParse({ section_key: 'next_match', team_a_logo: 'javascript:alert(1)' });
    expect(logo.success).toBe(false);
  });

  it("a rename in 'Verein' meanwhile is no other admin's change: the defaults follow the club, nothing stored conflicts (decision 055)", () => {
    const read = sectionFormValues('footer_texts', db);
    saveClubSettings({ short_name: 'Union Gnas', long_name: 'SV Union Gnas 1946', crest_url: null, primary_color: '#0f766e', secondary_color: '#fde047', home_ground: null }, db);
    expect(sectionFormValues('footer_texts', db)).not.toEqual(read);
    expect(() => assertSectionAsRead('footer_texts', read, db)).not.toThrow();
    // once stored, a save by someone else since is still refused
    save({ section_key: 'footer_texts', texts: { ...sectionFormValues('footer_texts', db), contact_email: 'a@gnas.at' } });
    expect(() => assertSectionAsRead('footer_texts', read, db)).toThrow();
  });
});
