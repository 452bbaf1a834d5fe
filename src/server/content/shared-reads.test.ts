// The reads every public page shares are kept per database state (read-memo.ts),
// and the match page reads through prepared statements (issue 16). What a page
// shows must still follow every save at once: the club, the protection of
// minors, the share images' lines, a changed line-up.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import { matchLineups, matches, news, players, teams } from '../db/schema';
import { write } from '../db/write';
import { saveClubSettings } from '../services/admin/club';
import { clubIdentity, storedClubIdentity } from './club';
import { consentOptions } from './consent-setting';
import { matchPage } from './match-page';
import { playerPage } from './player-page';
import { pageSections, socialLinks } from './public-content';
import { footerTexts } from './club-facts';
import { matchShareImage, newsShareImage } from './share';

const CLUB = { short_name: 'SV Gnas', long_name: 'SV Gnas 1946', crest_url: null, primary_color: '#14532d', secondary_color: '#16a34a', home_ground: 'Sportplatz Gnas' };

describe('reads shared by every page', () => {
  it('the club, its identity and the consent rule follow each save, and stay one value between saves', () => {
    const db = createTestDb();
    expect(storedClubIdentity()).toBeNull();
    const builtIn = clubIdentity();
    expect(clubIdentity()).toBe(builtIn);

    saveClubSettings({ ...CLUB, protect_minors: false }, db);
    const saved = clubIdentity();
    expect(saved.longName).toBe('SV Gnas 1946');
    expect(saved.initials).toBe('SVG');
    expect(clubIdentity()).toBe(saved);
    expect(consentOptions().protectMinors).toBe(false);
    // a shared value cannot be changed by one page for the next
    expect(Object.isFrozen(saved)).toBe(true);

    saveClubSettings({ ...CLUB, long_name: 'SV Gnas', protect_minors: true }, db);
    expect(clubIdentity().longName).toBe('SV Gnas');
    expect(consentOptions().protectMinors).toBe(true);
  });

  it('footer texts, page sections and social links show the state after the last save', () => {
    const db = createTestDb();
    expect(footerTexts().contact_email).not.toBe('neu@sv.example');
    expect(pageSections('nachwuchs')).toEqual([]);
    expect(socialLinks()).toEqual([]);
    write('test.content', (tx) => {
      tx.$client.prepare("INSERT INTO homepage_content (id, section_key, content) VALUES ('f', 'footer_texts', ?)").run(JSON.stringify({ contact_email: 'neu@sv.example' }));
      tx.$client.prepare("INSERT INTO page_content (id, page_key, section_key, title, is_active, display_order) VALUES ('n', 'nachwuchs', 'u12', 'U12', 1, 1)").run();
      tx.$client.prepare("INSERT INTO page_content (id, page_key, section_key, button_link, is_active, display_order) VALUES ('s', 'social_media', 'instagram', 'https://instagram.com/svgnas', 1, 1)").run();
    }, db);
    expect(footerTexts().contact_email).toBe('neu@sv.example');
    expect(pageSections('nachwuchs').map((s) => s.title)).toEqual(['U12']);
    expect(socialLinks().map((l) => l.url)).toEqual(['https://instagram.com/svgnas']);
  });

  it("the share images' lists move with a new article or match", () => {
    const db = createTestDb();
    const first = seed(db, (tx) => tx.insert(news).values({ title: 'Erste', content: '<p>x</p>' }).returning().get().id);
    expect(newsShareImage(first)).toBe(`/teilen/news/${first}.png`);
    const later = seed(db, (tx) => tx.insert(news).values({ title: 'Zweite', content: '<p>y</p>', image_url: '' }).returning().get().id);
    expect(newsShareImage(later)).toBe(`/teilen/news/${later}.png`);
    seed(db, (tx) => tx.update(news).set({ image_url: '/uploads/foto.jpg' }).where(eq(news.id, later)).run());
    expect(newsShareImage(later)).toBeNull();

    const match = seed(db, (tx) => tx.insert(matches).values({ home_team: 'SV', away_team: 'FC', match_date: '2026-09-01' }).returning().get().id);
    expect(matchShareImage(match)).toBe(`/teilen/spiel/${match}.png`);
    expect(matchShareImage('unbekannt')).toBe('/teilen/spielplan.png');
  });
});

describe('the match page through its prepared statements', () => {
  it('shows the line-up by the players it names, and a changed line-up at once', () => {
    const db = createTestDb();
    const { match, anna, lena } = seed(db, (tx) => {
      const team = tx.insert(teams).values({ name: 'Kampfmannschaft' }).returning().get().id;
      const anna = tx.insert(players).values({ team_id: team, name: 'Anna Berger', position: 'Stürmer', age: 24 }).returning().get().id;
      const lena = tx.insert(players).values({ team_id: team, name: 'Lena Huber', position: 'Tor', age: 22 }).returning().get().id;
      const match = tx.insert(matches).values({ home_team: 'SV', away_team: 'FC', match_date: '2026-09-01', team_id: team, team_side: 'home' }).returning().get().id;
      tx.insert(matchLineups).values({ match_id: match, player_id: anna, role: 'start', jersey_number: 9, display_order: 1 }).run();
      return { match, anna, lena };
    });
    saveClubSettings({ ...CLUB, protect_minors: false }, db);
    const page = matchPage(match)!;
    expect(page.teamName).toBe('Kampfmannschaft');
    expect(page.starters).toEqual([{ name: 'Anna Berger', number: 9 }]);
    expect(page.subs).toEqual([]);

    seed(db, (tx) => tx.insert(matchLineups).values({ match_id: match, player_id: lena, role: 'sub', jersey_number: 1, display_order: 2 }).run());
    expect(matchPage(match)!.subs).toEqual([{ name: 'Lena Huber', number: 1 }]);
    expect(matchPage('unbekannt')).toBeNull();
    expect(playerPage(anna)?.team.name).toBe('Kampfmannschaft');
    expect(playerPage('unbekannt')).toBeNull();
  });
});
