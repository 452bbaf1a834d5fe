import { describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import { matches } from '../db/schema';
import { write } from '../db/write';
import { matchPage } from './match-page';

describe('the match page', () => {
  it("publishes a report typed as HTML without ids and classes, which the page's own script and styles find things by", () => {
    const db = createTestDb();
    const report = '<div id="spiel-live" class="match-page-link"><p class="lead">Ein <a href="/news" id="naechstes-spiel">Derby</a>.</p><img src="/uploads/x.jpg" class="x"></div>';
    const { id } = write('test.seed', () => db.insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'ASK Gnas', match_date: '2026-11-22', report }).returning().get(), db);
    const html = matchPage(id)!.reportHtml!;
    expect(html).not.toMatch(/\sid=|\sclass=/);
    expect(html).toContain('<p>Ein <a href="/news">Derby</a>.</p>');
    expect(html).toContain('alt=""');
  });
});
