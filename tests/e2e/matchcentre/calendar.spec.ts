import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeMatch, makeTeam } from '../../fixtures/factories';
import { matches } from '../../../src/server/db/schema';
import { seedDemoClub } from '../../../src/server/services/demo-data';
import { useSite } from '../public/helpers';

// Per-team calendars (issue 14, item 6) on the demo club: /mannschaften/{id}/spielplan.ics lists the
// team's matches (matches.team_id), carries a played match's result, marks a cancelled match
// CANCELLED, and raises SEQUENCE when an admin edits a match.
const AS_OF = '2026-10-14T10:00:00.000Z';
const KM = 'demo-team-kampf';
const ids: Record<string, string> = {};
const site = useSite(
  (db) => {
    seedDemoClub(db, new Date(AS_OF));
    const other = makeTeam(db, { name: 'U16 Kalendertest', category: 'Jugend' });
    ids.won = makeMatch(db, { team_id: KM, team_side: 'home', away_team: 'ASK Kalenderdorf', match_date: '2026-09-20', match_time: '15:00', status: 'finished', home_score: 3, away_score: 1, season: '2026/27' }).id;
    ids.cancelled = makeMatch(db, { team_id: KM, team_side: 'home', away_team: 'SC Absagehausen', match_date: '2026-11-08', match_time: '14:00', status: 'cancelled', season: '2026/27' }).id;
    ids.other = makeMatch(db, { team_id: other.id, team_side: 'home', away_team: 'Jugend Fremd', match_date: '2026-10-30', season: '2026/27' }).id;
    ids.otherTeam = other.id;
  },
  { ANSTOSS_CLOCK_START: AS_OF },
);

async function calendarOf(teamId: string) {
  const response = await fetch(`${site().url}/mannschaften/${teamId}/spielplan.ics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/calendar');
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  const events = calendar.getAllSubcomponents('vevent').map((v) => ({ v, e: new ICAL.Event(v) }));
  const byMatch = (id: string) => events.find(({ e }) => e.uid.startsWith(`match-${id}@`));
  return { calendar, events, byMatch };
}

test('a team calendar lists exactly its matches, with results, cancellations and a SEQUENCE raised on edit', async ({ browser }) => {
  const { calendar, events, byMatch } = await calendarOf(KM);
  expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Spielplan Kampfmannschaft – SV Kirchberg an der Raab');
  // every match linked to the team, and no other
  const linked = site().db().select({ id: matches.id }).from(matches).where(eq(matches.team_id, KM)).all().map((m) => `match-${m.id}`);
  expect(events.map(({ e }) => e.uid.split('@')[0]).sort()).toEqual(linked.sort());
  expect(byMatch(ids.other)).toBeUndefined();

  const won = byMatch(ids.won)!;
  expect(won.e.summary).toBe('SV Kirchberg an der Raab – ASK Kalenderdorf (3:1)');
  expect(won.e.description.split('\n')[0]).toBe('Endstand 3:1');
  expect(won.v.getFirstPropertyValue('url')).toMatch(new RegExp(`/spiel/${ids.won}$`));
  expect(won.e.startDate.toJSDate().toISOString()).toBe('2026-09-20T13:00:00.000Z');
  expect(byMatch(ids.cancelled)!.v.getFirstPropertyValue('status')).toBe('CANCELLED');
  const before = won.e.sequence;

  // the other team's calendar has its own match; an unknown team has none
  const other = await calendarOf(ids.otherTeam);
  expect(other.events.map(({ e }) => e.summary)).toEqual(['SV Kirchberg an der Raab – Jugend Fremd']);
  // (no file: the static server sends the visitor to the team list)
  const unknown = await fetch(`${site().url}/mannschaften/gibt-es-nicht/spielplan.ics`, { redirect: 'manual' });
  expect(unknown.headers.get('content-type') ?? '').not.toContain('text/calendar');

  // an admin corrects the result: the event keeps its UID, shows the new result, SEQUENCE goes up
  const admin = await browser.newContext();
  await loginAs(admin, site(), 'admin');
  const row = site().db().select().from(matches).where(eq(matches.id, ids.won)).get()!;
  const update = await admin.request.post(`${site().url}/_actions/admin.matches.update`, {
    headers: { origin: site().url },
    data: { id: row.id, home_team: row.home_team, away_team: row.away_team, match_date: row.match_date, match_time: row.match_time, location: row.location, competition: row.competition, season: row.season, matchday: row.matchday, home_score: 4, away_score: 1, status: 'finished', notes: row.notes, match_type: row.match_type },
  });
  expect(update.status()).toBe(200);
  await admin.close();
  const after = (await calendarOf(KM)).byMatch(ids.won)!;
  expect(after.e.uid).toBe(won.e.uid);
  expect(after.e.summary).toBe('SV Kirchberg an der Raab – ASK Kalenderdorf (4:1)');
  expect(after.e.sequence).toBeGreaterThan(before);
});

test("every played match of the demo's season: its page's JSON-LD parses and carries the stored result", async ({ request }) => {
  const played = site()
    .db()
    .select()
    .from(matches)
    .where(eq(matches.team_id, KM))
    .all()
    .filter((m) => m.status === 'finished' && m.competition === 'Unterliga Ost');
  expect(played.length).toBeGreaterThanOrEqual(10);
  for (const m of played) {
    const html = await (await request.get(`${site().url}/spiel/${m.id}`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((b) => {
      const value = JSON.parse(b[1]) as Record<string, unknown> | Record<string, unknown>[];
      return Array.isArray(value) ? value : [value];
    });
    const event = blocks.find((d) => d['@type'] === 'SportsEvent') as { name: string; homeTeam: { name: string }; awayTeam: { name: string } } | undefined;
    expect(event, m.id).toBeDefined();
    expect(event!.name, m.id).toBe(`${m.home_team} ${m.home_score}:${m.away_score} ${m.away_team}`);
    expect([event!.homeTeam.name, event!.awayTeam.name]).toEqual([m.home_team, m.away_team]);
  }
});
