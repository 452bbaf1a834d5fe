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
    expect(html).toContain(`aria-label="Zum Spiel: &lt;script&gt;alert(1)&lt;/script&gt; gegen SC &quot;Gleisdorf&quot; &amp; &#39;Co&#39;"`);
  });

  it('keeps a card small: a season lists hundreds, and each element is parsed, styled and laid out on a phone', () => {
    const html = fixtureCardsHtml([{ ...match, id: 'full' }], { next: 0, today: '2026-08-01', real: true });
    // every part a card can show: three badges besides 'Nächstes Spiel', score, time, place, notes, link
    const elements = html.match(/<[a-z][a-z0-9]*/g) ?? [];
    expect(elements.length).toBeLessThanOrEqual(18);
    // the date, time and place icons are drawn by CSS (IconMasks.astro), the link named by its label
    expect(html).not.toMatch(/<svg|<use|<div class="card-body"/);
    expect(html).toContain('<time class="match-date i-calendar" datetime="2026-09-05">');
    expect(html).toContain('class="match-time i-clock"');
    expect(html).toContain('class="match-location i-pin"');
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

  it('makes a card again when its match changes, even in place, and when the next match moves', () => {
    const row = { ...match, id: 'kept', home_team: 'SV Kirchberg', status: 'scheduled', match_date: '2026-12-05', home_score: null, away_score: null };
    const other = { ...row, id: 'other', match_date: '2026-12-12' };
    const first = fixtureCardsHtml([row, other], { next: 0, today: '2026-11-25', real: true });
    expect(first).toContain('<li id="naechstes-spiel" class="card match match-next" data-status="scheduled">');
    // a shared read's row, changed under the list: the kept card followed the values, not the object
    Object.assign(row, { status: 'finished', home_score: 3, away_score: 0 });
    const played = fixtureCardsHtml([row, other], { next: 1, today: '2026-11-25', real: true });
    expect(played).toContain('<span class="score">3:0</span>');
    expect(played).toContain('<li class="card match match-past" data-status="finished">');
    expect(played.indexOf('naechstes-spiel')).toBeGreaterThan(played.indexOf('kept'));
    // a day later the same rows are past: the cards say so
    expect(fixtureCardsHtml([other], { next: -1, today: '2026-12-13', real: true })).toContain('class="card match match-past"');
  });
});
