import { describe, expect, it } from 'vitest';
import { fixtureCardsHtml } from './fixture-cards';

const match = {
  id: 'a"b',
  home_team: '<script>alert(1)</script>',
  away_team: `SC "Gleisdorf" & 'Co'`,
  match_date: '2026-09-05',
  match_time: '15:30',
  location: '<img src=x onerror=alert(1)>',
  competition: 'Unterliga Ost',
  match_type: 'league',
  home_score: 2,
  away_score: 1,
  status: 'finished',
  notes: 'Bericht <b>folgt</b>',
};

describe('the fixtures list as one string', () => {
  it('escapes every stored value, in text and in attributes', () => {
    const html = fixtureCardsHtml([match], { next: -1, today: '2026-11-25', real: true });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('SC &quot;Gleisdorf&quot; &amp; &#39;Co&#39;');
    expect(html).toContain('href="/spiel/a%22b"');
  });

  it('marks the next match, past matches and the samples as the page did', () => {
    const later = { ...match, id: 'm2', status: 'scheduled', match_date: '2026-12-01', home_score: null, away_score: null };
    const html = fixtureCardsHtml([match, later], { next: 1, today: '2026-11-25', real: true });
    expect(html).toContain('<li class="card match match-past" data-status="finished">');
    expect(html).toContain('<li id="naechstes-spiel" class="card match match-next" data-status="scheduled">');
    expect(html).toContain('<span class="badge badge-next">Nächstes Spiel</span>');
    expect(html).toContain('Samstag, 5. September 2026');
    const samples = fixtureCardsHtml([match], { next: -1, today: '2026-11-25', real: false });
    expect(samples).toContain('data-sample="true"');
    expect(samples).not.toContain('match-page-link');
    expect(samples).not.toContain('match-past');
  });
});
