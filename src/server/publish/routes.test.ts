import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import type { Db } from '../db/client';
import { leagueResults, leagues, matches, news, players, teams } from '../db/schema';
import { fileForUrl, ROUTES } from './routes';
import { FIXTURE_LISTS } from './pseudo-tables';
import { affectedUrls, allUrls, changedLists } from './affected-urls';
import { SHARE_MATCH_LIMIT } from '../content/share';
import { leagueTableById } from '../content/league-tables';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

const LAYOUT_PAGES = ROUTES.filter((r) => r.layout && !r.pattern.includes(':id')).map((r) => r.pattern);

describe('route dependency map', () => {
  it('a change to a news row names exactly the URLs that read it', () => {
    const row = seed(db, () => db.insert(news).values({ title: 'Sieg', content: 'Text' }).returning().get());
    expect(affectedUrls(db, [{ table: 'news', key: row.id }]).sort()).toEqual(
      // the sitemap only when an article is published or goes (NEWS_LISTS): it has no titles or dates
      ['/', '/news', '/news/alle', '/news/alle.json', `/news/${row.id}`, `/teilen/news/${row.id}.png`, '/news/feed.xml'].sort(),
    );
  });

  it('names the page of a deleted article so that its file can be removed', () => {
    expect(affectedUrls(db, [{ table: 'news', key: 'deleted-id' }])).toContain('/news/deleted-id');
  });

  it('a player change reaches its team pages, the team list and the home page only', () => {
    const team = seed(db, () => db.insert(teams).values({ name: 'KM', category: 'Herren' }).returning().get());
    const other = seed(db, () => db.insert(teams).values({ name: 'U16', category: 'Jugend' }).returning().get());
    const max = seed(db, () => db.insert(players).values({ team_id: team.id, name: 'Max', position: 'Torwart' }).returning().get());
    const urls = affectedUrls(db, [{ table: 'players', key: team.id }]);
    // and the player's own page, which the sitemap lists (issue 14)
    expect(urls.sort()).toEqual(['/', '/mannschaften', `/mannschaften/${team.id}`, `/team/${team.id}`, `/spieler/${max.id}`, '/sitemap.xml'].sort());
    expect(urls).not.toContain(`/team/${other.id}`);
  });

  it('a match result republishes the fixtures and the calendar feed', () => {
    // and the home page's last result, the match's own page and share image, the league tables (issue 14)
    expect(affectedUrls(db, [{ table: 'matches', key: 'm1' }]).sort()).toEqual(
      ['/', '/spielplan', '/spielplan.ics', '/spiel/m1', '/teilen/spiel/m1.png', '/tabelle'].sort(),
    );
  });

  it("/tabelle follows a result of its season or a newer one (the first of next season makes it current), not of an older one", () => {
    seed(db, () => {
      db.insert(leagues).values([{ id: 'alt', competition: 'Unterliga', season: '2025/26' }, { id: 'jetzt', competition: 'Unterliga', season: '2026/27' }, { id: 'next', competition: 'Unterliga', season: '2027/28' }]).run();
      db.insert(leagueResults).values({ id: 'r', league_id: 'jetzt', home_team: 'A', away_team: 'B', home_score: 1, away_score: 0 }).run();
      for (const season of ['2025/26', '2026/27', '2027/28']) db.insert(matches).values({ id: season, home_team: 'SV Kirchberg', away_team: 'FC Gnas', match_date: '2026-09-01', competition: 'Unterliga', season }).run();
    });
    const published = { read: () => null, exists: () => true, now: Date.UTC(2026, 8, 2) };
    const reaches = (season: string) => affectedUrls(db, [{ table: 'matches', key: season }], published).includes('/tabelle');
    expect([reaches('2025/26'), reaches('2026/27'), reaches('2027/28')]).toEqual([false, true, true]);
  });

  it("a league's page follows a match of its season spelt otherwise ('2026-27' in a '2026/27' league), which its table counts", () => {
    seed(db, () => {
      db.insert(leagues).values({ id: 'l', competition: 'Unterliga', season: '2026/27' }).run();
      db.insert(matches).values({ id: 'm', home_team: 'SV Kirchberg', away_team: 'FC Gnas', team_side: 'home', match_date: '2026-09-01', competition: 'Unterliga', season: '2026-27', status: 'finished', home_score: 2, away_score: 1 }).run();
    });
    expect(affectedUrls(db, [{ table: 'matches', key: 'm' }])).toContain('/tabelle/l');
    expect(leagueTableById(db, 'l')!.rows.map((row) => [row.team, row.points])).toEqual([['SV Kirchberg', 3], ['FC Gnas', 0]]);
  });

  it("an older match's score draws no share image; one among the latest 100, or one still published, is drawn again", () => {
    const ids = seed(db, () =>
      Array.from({ length: SHARE_MATCH_LIMIT + 1 }, (_, i) =>
        db.insert(matches).values({ home_team: 'A', away_team: 'B', match_date: `2025-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}` }).returning().get().id,
      ),
    );
    const [oldest, latest] = [ids[0], ids.at(-1)!];
    const files: Record<string, string> = {};
    const published = { read: (url: string) => (url in files ? Buffer.from(files[url]) : null), exists: (url: string) => url in files, now: Date.UTC(2026, 10, 27) };
    const image = (id: string) => `/teilen/spiel/${id}.png`;
    expect(affectedUrls(db, [{ table: 'matches', key: oldest }], published)).not.toContain(image(oldest));
    expect(affectedUrls(db, [{ table: 'matches', key: oldest }], published)).toContain(`/spiel/${oldest}`);
    expect(affectedUrls(db, [{ table: 'matches', key: latest }], published)).toContain(image(latest));
    files[image(oldest)] = 'PNG';
    expect(affectedUrls(db, [{ table: 'matches', key: oldest }], published)).toContain(image(oldest));
    // without a look at the published files (a caller that cannot tell), every keyed page is named
    expect(affectedUrls(db, [{ table: 'matches', key: 'm1' }])).toContain(image('m1'));
  });

  it("a match's score republishes only the filter pages that list it; a moved or new match all of them", () => {
    const ours = 'SV Kirchberg an der Raab';
    const [league, cup] = seed(db, () =>
      [
        { home_team: ours, away_team: 'SC Gleisdorf', competition: 'Unterliga Ost' },
        { home_team: 'SV Feldbach', away_team: ours, competition: 'Steirischer Cup' },
        { home_team: ours, away_team: 'SV Feldbach', competition: 'Unterliga Ost' },
      ].map((m) => db.insert(matches).values({ ...m, match_date: '2026-09-05' }).returning().get()),
    );
    const filterPages = (urls: string[]) => urls.filter((u) => u.startsWith('/spielplan/')).sort();
    expect(filterPages(affectedUrls(db, [{ table: 'matches', key: league.id }]))).toEqual(['/spielplan/team-sc-gleisdorf', '/spielplan/wettbewerb-unterliga-ost']);
    expect(filterPages(affectedUrls(db, [{ table: 'matches', key: cup.id }]))).toEqual(['/spielplan/team-sv-feldbach', '/spielplan/wettbewerb-steirischer-cup']);
    const all = ['/spielplan/team-sc-gleisdorf', '/spielplan/team-sv-feldbach', '/spielplan/wettbewerb-steirischer-cup', '/spielplan/wettbewerb-unterliga-ost'];
    // gone: any page may have listed it
    expect(filterPages(affectedUrls(db, [{ table: 'matches', key: 'deleted' }]))).toEqual(all);
    expect(filterPages(affectedUrls(db, [{ table: 'matches', key: league.id }, { table: FIXTURE_LISTS }]))).toEqual(all);
    expect(filterPages(affectedUrls(db, [{ table: 'matches' }]))).toEqual(all);
    // and only then may a filter page be gone: the publisher looks at the published ones
    expect(changedLists([{ table: 'matches', key: league.id }])).not.toContain('/spielplan/');
    expect(changedLists([{ table: 'matches', key: league.id }, { table: FIXTURE_LISTS }])).toContain('/spielplan/');
    expect(changedLists([{ table: 'matches' }])).toContain('/spielplan/');
  });

  it("a finished match's events reach its own team's pages, not the other teams'", () => {
    const [first, reserve] = seed(db, () => ['Kampfmannschaft', 'Reserve'].map((name) => db.insert(teams).values({ name }).returning().get()));
    const match = seed(db, () =>
      db.insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'SC Gleisdorf', match_date: '2026-09-05', status: 'finished', team_id: first.id, team_side: 'home' }).returning().get(),
    );
    const urls = affectedUrls(db, [{ table: 'match_events', key: match.id }]);
    expect(urls).toContain(`/team/${first.id}`);
    expect(urls).toContain(`/mannschaften/${first.id}`);
    expect(urls).not.toContain(`/team/${reserve.id}`);
  });

  it('footer texts and social links touch every page with the layout', () => {
    const team = seed(db, () => db.insert(teams).values({ name: 'KM', category: 'Herren' }).returning().get());
    const article = seed(db, () => db.insert(news).values({ title: 'A', content: 'B' }).returning().get());
    for (const change of [
      { table: 'homepage_content' as const, key: 'footer_texts' },
      { table: 'page_content' as const, key: 'social_media' },
    ]) {
      const urls = affectedUrls(db, [change]);
      for (const page of LAYOUT_PAGES) expect(urls, `${change.key} ${page}`).toContain(page);
      expect(urls).toContain(`/team/${team.id}`);
      expect(urls).toContain(`/news/${article.id}`);
      // feeds have no footer
      expect(urls).not.toContain('/news/feed.xml');
    }
  });

  it('a page_content change reaches only the page of its page_key', () => {
    expect(affectedUrls(db, [{ table: 'page_content', key: 'mitglied' }])).toEqual(['/mitglied-werden']);
    expect(affectedUrls(db, [{ table: 'page_content', key: 'imprint' }])).toEqual(['/impressum']);
  });

  it('inquiries have no public page', () => {
    expect(affectedUrls(db, [{ table: 'membership_inquiries' }])).toEqual([]);
  });

  it('lists only published articles among all URLs', () => {
    const published = seed(db, () => db.insert(news).values({ title: 'A', content: 'B' }).returning().get());
    const draft = seed(db, () => db.insert(news).values({ title: 'C', content: 'D', published: false }).returning().get());
    const urls = allUrls(db);
    expect(urls).toContain(`/news/${published.id}`);
    expect(urls).not.toContain(`/news/${draft.id}`);
  });
});

describe('fileForUrl', () => {
  it('maps URLs to files in the site folder', () => {
    expect(fileForUrl('/')).toBe('index.html');
    expect(fileForUrl('/404')).toBe('404.html');
    expect(fileForUrl('/news')).toBe('news/index.html');
    expect(fileForUrl('/news/abc')).toBe('news/abc/index.html');
    expect(fileForUrl('/spielplan.ics')).toBe('spielplan.ics');
  });
  it('refuses paths that would leave the folder', () => {
    expect(() => fileForUrl('/news/%2e%2e/%2e%2e/etc')).toThrow();
    expect(() => fileForUrl('/../x')).toThrow();
  });
});
