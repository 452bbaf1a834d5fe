import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import { contactInfo, matches, news, pageContent, players, siteSettings, sponsors, teams, youthTeams } from '../db/schema';
import { HISTORY_DEFAULTS, PLAYER_GROUP_ORDER, SPONSOR_TIER_ORDER } from '../content/defaults';
import { DEMO_MARKER_KEY, buildDemoClub, seedDemoClub } from './demo-data';
import { isValidIban } from '../../lib/epc';

const NOW = new Date('2026-11-22T10:00:00Z');

describe('the demo club', () => {
  it('fills an empty database with every kind of content', () => {
    const db = createTestDb();
    const outcome = seedDemoClub(db, NOW);
    expect(outcome.status).toBe('seeded');

    const kampf = db.select().from(teams).where(eq(teams.name, 'Kampfmannschaft')).get()!;
    const positions = new Set(db.select().from(players).where(eq(players.team_id, kampf.id)).all().map((p) => p.position));
    expect([...positions].sort()).toEqual([...PLAYER_GROUP_ORDER].sort());

    const all = db.select().from(matches).all();
    expect(all.length).toBeGreaterThanOrEqual(26);
    const played = all.filter((m) => m.match_date < '2026-11-22' && m.status === 'finished');
    expect(played.length).toBeGreaterThanOrEqual(13);
    for (const m of played) expect(m.home_score != null && m.away_score != null, m.match_date).toBe(true);
    expect(all.some((m) => m.match_date > '2026-11-22' && m.status === 'scheduled')).toBe(true);
    expect(new Set(all.map((m) => m.status))).toEqual(new Set(['finished', 'scheduled', 'postponed', 'cancelled']));
    expect(new Set(all.map((m) => m.match_type))).toEqual(new Set(['league', 'cup', 'friendly']));

    expect(new Set(db.select().from(sponsors).all().map((s) => s.tier))).toEqual(new Set(SPONSOR_TIER_ORDER));
    const published = db.select().from(news).where(eq(news.published, true)).all();
    expect(published.length).toBeGreaterThanOrEqual(7);
    expect(published.every((n) => n.content.includes('\n'))).toBe(true);

    const roles = db.select().from(contactInfo).all().map((c) => c.role);
    expect(roles).toContain('Vereinsadresse');
    expect(roles.filter((r) => r === 'Funktionär').length).toBeGreaterThanOrEqual(2);
    const youth = db.select().from(youthTeams).all();
    expect(youth.filter((y) => y.is_active && y.contact_info_id).length).toBeGreaterThanOrEqual(4);

    const history = db.select().from(pageContent).where(eq(pageContent.page_key, 'vereinsgeschichte')).get()!;
    for (const heading of HISTORY_DEFAULTS.headings) expect(history.content).toContain(`\n\n${heading}\n`);
    expect(history.meta_title).toBeTruthy();
    const membership = db.select().from(pageContent).where(eq(pageContent.page_key, 'mitglied')).all();
    expect(membership.map((s) => s.section_key).sort()).toEqual(
      ['bank', 'bank_info', 'description', 'form_description', 'form_title', 'header', 'iban', 'quote', 'thanks', 'verwendungszweck'].sort(),
    );
    expect(isValidIban(membership.find((s) => s.section_key === 'iban')!.content!)).toBe(true);
    const social = db.select().from(pageContent).where(eq(pageContent.page_key, 'social_media')).all();
    expect(social.filter((s) => s.is_active && s.button_link).length).toBeGreaterThanOrEqual(2);
  });

  it('runs only once: a second run changes nothing', () => {
    const db = createTestDb();
    seedDemoClub(db, NOW);
    const before = db.select().from(news).all().length;
    const again = seedDemoClub(db, new Date('2026-12-01T10:00:00Z'));
    expect(again).toEqual({ status: 'already-seeded', at: NOW.toISOString() });
    expect(db.select().from(news).all()).toHaveLength(before);
  });

  it('leaves a database with content of its own alone', () => {
    const db = createTestDb();
    seed(db, () => db.insert(news).values({ title: 'Echte Nachricht', content: 'Echt.' }).run());
    const outcome = seedDemoClub(db, NOW);
    expect(outcome).toEqual({ status: 'not-empty', tables: ['news'] });
    expect(db.select().from(news).all()).toHaveLength(1);
    expect(db.select().from(siteSettings).where(eq(siteSettings.key, DEMO_MARKER_KEY)).get()).toBeUndefined();
  });

  it('builds the same rows for the same day, and a season around any date', () => {
    expect(buildDemoClub(NOW)).toEqual(buildDemoClub(NOW));
    const spring = buildDemoClub(new Date('2027-05-01T10:00:00Z'));
    expect(spring.matches.every((m) => m.season === '2026/27')).toBe(true);
    const summer = buildDemoClub(new Date('2027-07-20T10:00:00Z'));
    expect(summer.matches.every((m) => m.season === '2027/28')).toBe(true);
    // the home page's next match is the first upcoming one
    const next = spring.homepage.find((h) => h.section_key === 'next_match')!;
    const upcoming = spring.matches.find((m) => m.match_date >= '2027-05-01' && m.status === 'scheduled')!;
    expect(next.content).toBe(`${upcoming.home_team} vs. ${upcoming.away_team}`);
    expect(next.match_date).toBe(upcoming.match_date);
  });
});
