import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fakeClock } from '../../../tests/fixtures/fake-clock';
import { formatDate } from '../../lib/dates-de';
import { PRIVACY_DEFAULT } from '../content/defaults';
import { nextNightAfter } from './nightly';

const at = (iso: string) => Date.parse(iso);

describe('nextNightAfter', () => {
  it('is 00:05 in Vienna: 23:05 UTC in winter, 22:05 UTC in summer', () => {
    expect(new Date(nextNightAfter(at('2026-11-24T10:00:00Z'))).toISOString()).toBe('2026-11-24T23:05:00.000Z');
    expect(new Date(nextNightAfter(at('2026-07-01T10:00:00Z'))).toISOString()).toBe('2026-07-01T22:05:00.000Z');
  });

  it('between midnight and 00:05 it is the same night; at 00:05 or later the next one', () => {
    // 00:02 in Vienna
    expect(new Date(nextNightAfter(at('2026-11-24T23:02:00Z'))).toISOString()).toBe('2026-11-24T23:05:00.000Z');
    expect(new Date(nextNightAfter(at('2026-11-24T23:05:00Z'))).toISOString()).toBe('2026-11-25T23:05:00.000Z');
  });

  it('across the changes of daylight saving time, the wall clock stays at 00:05', () => {
    // the night of 29 March 2026 the clocks go forward at 02:00; 25 October back at 03:00
    expect(new Date(nextNightAfter(at('2026-03-28T12:00:00Z'))).toISOString()).toBe('2026-03-28T23:05:00.000Z');
    expect(new Date(nextNightAfter(at('2026-03-29T12:00:00Z'))).toISOString()).toBe('2026-03-29T22:05:00.000Z');
    expect(new Date(nextNightAfter(at('2026-10-24T12:00:00Z'))).toISOString()).toBe('2026-10-24T22:05:00.000Z');
    expect(new Date(nextNightAfter(at('2026-10-25T12:00:00Z'))).toISOString()).toBe('2026-10-25T23:05:00.000Z');
  });
});

// The server as `npm start` runs it, on a build (ANSTOSS_DIST or dist), with a clock the test moves.
// DATA_DIR before any import reads the config (./nightly imports it through the routes)
const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/anstoss-nightly-${process.pid}-${Math.random().toString(36).slice(2)}`;
  process.env.DATA_DIR = dir;
  process.env.PUBLISH_WORKERS = '0';
  return dir;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the nightly republish', () => {
  it("after midnight in Vienna the privacy page says the new day and 'Nächstes Spiel' moves on, without a save", async () => {
    const { startApp } = await import('../app');
    // 23:50 in Vienna on 24 November
    const { clock, advance } = fakeClock(at('2026-11-24T22:50:00Z'));
    const app = await startApp({ port: 0, clock });
    try {
      await app.published;
      // tonight's late match (kicked off at 22:30, not entered as finished: its two hours end after midnight,
      // match-ends.ts leaves it to this job) and one on Thursday
      const { getDb } = await import('../db/client');
      const { write } = await import('../db/write');
      const { matches } = await import('../db/schema');
      write('test.matches', (tx) => {
        tx.insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'USV Gnas', match_date: '2026-11-24', match_time: '22:30', competition: 'Unterliga', status: 'scheduled' }).run();
        tx.insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'SC Gleisdorf', match_date: '2026-11-26', match_time: '19:30', competition: 'Unterliga', status: 'scheduled' }).run();
      }, getDb());
      await app.queue.enqueue([{ table: 'matches' }]);
      const fixtures = () => fs.readFileSync(path.join(dataDir, 'site', 'spielplan', 'index.html'), 'utf8');
      // the card's elements may carry Astro's scoping attributes after the class
      const nextOpponent = () => /id="naechstes-spiel"[\s\S]*?class="away"[^>]*>([^<]+)</.exec(fixtures())?.[1];
      expect(nextOpponent()).toBe('USV Gnas');
      const privacy = () => fs.readFileSync(path.join(dataDir, 'site', 'datenschutz', 'index.html'), 'utf8');
      const stand = (day: string) => `${PRIVACY_DEFAULT.standPrefix}${formatDate(new Date(day))}`;
      expect(privacy()).toContain(stand('2026-11-24T12:00:00Z'));

      // 00:04: not yet
      await advance(14 * 60 * 1000);
      await app.queue.idle();
      expect(privacy()).toContain(stand('2026-11-24T12:00:00Z'));

      // 00:06: the job has republished the pages that show today
      await advance(2 * 60 * 1000);
      const deadline = Date.now() + 20_000;
      while (!privacy().includes(stand('2026-11-25T12:00:00Z')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(privacy()).toContain(stand('2026-11-25T12:00:00Z'));
      // yesterday's match is past now: the fixtures mark Thursday's
      await app.queue.idle();
      expect(nextOpponent()).toBe('SC Gleisdorf');

      // a match of today (kick-off 00:10, a night tournament) takes the badge; two hours after its kick-off,
      // nobody having entered it, the match-ends job gives it back without a save (decision 067)
      write('test.matches', (tx) => {
        tx.insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'FC Nachtturnier', match_date: '2026-11-25', match_time: '00:10', competition: 'Unterliga', status: 'scheduled' }).run();
      }, getDb());
      await app.queue.enqueue([{ table: 'matches' }]);
      expect(nextOpponent()).toBe('FC Nachtturnier');
      // 02:09: not yet
      await advance(2 * 60 * 60 * 1000 + 3 * 60 * 1000);
      await app.queue.idle();
      expect(nextOpponent()).toBe('FC Nachtturnier');
      // 02:11
      await advance(2 * 60 * 1000);
      const over = Date.now() + 20_000;
      while (nextOpponent() !== 'SC Gleisdorf' && Date.now() < over) await new Promise((r) => setTimeout(r, 50));
      expect(nextOpponent()).toBe('SC Gleisdorf');
    } finally {
      await app.close();
    }
  }, 120_000);
});
