// The home page's 'Nächstes Spiel' card is the admin's text (public-site.md): what it shows once the match
// it names is called off or past.
import { describe, expect, it } from 'vitest';
import { cardStanding } from './public-matches';

const fixture = (id: string, match_date: string, status = 'scheduled', match_time: string | null = '15:00') => ({
  id,
  home_team: 'SV Kirchberg',
  away_team: `Gegner ${id}`,
  match_date,
  match_time,
  competition: 'Unterliga',
  status,
});
const card = (date: string, away: string) => ({ content: `SV Kirchberg VS ${away}`, match_date: date, match_time: '15:00' });

describe('cardStanding', () => {
  const list = [fixture('a', '2026-11-28'), fixture('b', '2026-12-05'), fixture('c', '2026-12-12')];

  it('names the fixture and says nothing more while it is still to come', () => {
    expect(cardStanding(list, card('2026-12-05', 'Gegner b'), null, '2026-12-04')).toEqual({ fixture: list[1], label: null, instead: null });
    // a card of the spec's sample (no date) says nothing while the club has no fixtures
    expect(cardStanding([], null, null, '2026-12-04')).toEqual({ fixture: null, label: null, instead: null });
  });

  it("says 'Abgesagt' or 'Verschoben' and names the fixtures' next match", () => {
    for (const [status, label] of [['cancelled', 'Abgesagt'], ['postponed', 'Verschoben']]) {
      const setAside = [list[0], fixture('b', '2026-12-05', status), list[2]];
      expect(cardStanding(setAside, card('2026-12-05', 'Gegner b'), null, '2026-12-04')).toEqual({ fixture: setAside[1], label, instead: list[2] });
    }
  });

  it("says 'Vorbei' or 'Beendet' once the day has passed or the result is in, with the next match", () => {
    expect(cardStanding(list, card('2026-11-28', 'Gegner a'), null, '2026-12-04')).toEqual({ fixture: list[0], label: 'Vorbei', instead: list[1] });
    const played = [fixture('a', '2026-11-28', 'finished'), list[1], list[2]];
    expect(cardStanding(played, card('2026-11-28', 'Gegner a'), null, '2026-11-28').label).toBe('Beendet');
    // a match still running past midnight is no 'Vorbei'; one left 'live' for days is
    const running = [fixture('a', '2026-11-28', 'live'), list[1], list[2]];
    expect(cardStanding(running, card('2026-11-28', 'Gegner a'), null, '2026-11-29').label).toBeNull();
    expect(cardStanding(running, card('2026-11-28', 'Gegner a'), null, '2026-12-03')).toEqual({ fixture: running[0], label: 'Vorbei', instead: list[1] });
    // a card naming no fixture (another club's tournament) is past by its own date; no next match: none named
    expect(cardStanding(list, card('2026-12-01', 'Auswahl'), null, '2026-12-13')).toEqual({ fixture: null, label: 'Vorbei', instead: null });
    // its date as the card shows it, or typed in words or digits
    for (const date of ['1. Dezember 2026', '01.12.2026', '1.12.2026']) expect(cardStanding(list, card(date, 'Auswahl'), null, '2026-12-04').label, date).toBe('Vorbei');
    // and its match is found by such a date too: called off, it says so
    const setAside = [list[0], fixture('b', '2026-12-05', 'cancelled'), list[2]];
    expect(cardStanding(setAside, card('5. Dezember 2026', 'Gegner b'), null, '2026-12-04')).toEqual({ fixture: setAside[1], label: 'Abgesagt', instead: list[2] });
    expect(cardStanding(list, card('Sa, 12.12.', 'Auswahl'), null, '2026-12-13').label).toBeNull();
  });

  it("the spec's sample card, never saved, is past once the club has fixtures of its own, and names the next one", () => {
    // the sample's 10 August 2024 stood beside the club's real season (found by a first-day review)
    expect(cardStanding(list, null, null, '2026-12-04')).toEqual({ fixture: null, label: 'Vorbei', instead: list[1] });
    expect(cardStanding(list, { content: '', match_date: '', match_time: '' }, null, '2026-12-04').label).toBe('Vorbei');
  });
});
