// The save path, warmed up while an admin is at work (prewarm). Rendering one page
// of each route loads each page's code, but a save does more than render: it plans
// its job (job-plan.ts), asks which pages already show the change (decision 045),
// reads every player's record of the match again, and renders the lists and
// calendars a result reaches. Run once, that code and its data are still cold: the
// first results after a start took 75-120 ms where the same jobs took 35-60 ms
// later. So the server plans and renders the jobs of an article edit and of a
// result of each team's latest match, then the first two of them twice more, and
// writes nothing (docs/decisions/043, update of 2026-11-29).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../db/client';
import { forgetReads } from '../content/read-memo';
import { stopAnnounced } from '../http/shutdown';
import { planJob } from './job-plan';
import type { Renderer } from './render';
import { ROUTES, type Change } from './routes';

/** How often the first sample jobs run: by the third run a result's job took what later ones took. */
export const WARM_ROUNDS = 3;

/** Most sample jobs of results: one per team of the club, the teams with the latest matches first. */
const MAX_RESULT_SAMPLES = 6;

export type SaveWarmup = {
  db: Db;
  siteDir: string;
  now: number;
  /**
   * The renderer a job of `pages` renders with in this thread, or null where it would render elsewhere
   * (render processes warm up by themselves, and must not be started for a warm-up). Asked before each page.
   */
  renderFor: (pages: number) => Renderer | null;
  /** a real job started, or the publisher stopped: the warm-up ends at once */
  busy: () => boolean;
};

/**
 * The saves warmed: an edit of the newest article, and a result of the latest match played by each of
 * the club's teams (each reads its own players' records, which the first result of that team read cold).
 */
export function sampleChanges(db: Db, now: number): Change[][] {
  const today = new Date(now).toISOString().slice(0, 10);
  const matches = db.$client
    .prepare(
      `SELECT id FROM (SELECT id, match_date, match_time, row_number() OVER (PARTITION BY team_id ORDER BY match_date DESC, match_time DESC) AS nth
         FROM matches WHERE match_date <= ?) WHERE nth = 1 ORDER BY match_date DESC, match_time DESC LIMIT ?`,
    )
    .all(today, MAX_RESULT_SAMPLES) as { id: string }[];
  const article = db.$client.prepare('SELECT id FROM news WHERE published = 1 ORDER BY created_at DESC LIMIT 1').get() as { id: string } | undefined;
  const samples: Change[][] = article ? [[{ table: 'news', key: article.id }]] : [];
  for (const match of matches) samples.push([{ table: 'matches', key: match.id }]);
  return samples;
}

/** One page of each route, for the render processes to warm up on (a route without a page yet is left out). */
export function onePagePerRoute(db: Db, now: number): string[] {
  return ROUTES.flatMap((route) => {
    if (!route.pattern.includes(':id')) return [route.pattern];
    const id = route.params?.(db, now)?.[0];
    return id === undefined ? [] : [route.pattern.replace(':id', encodeURIComponent(id))];
  });
}

/**
 * Plans and renders each sample job once, then the first two WARM_ROUNDS - 1 times more, one page at a
 * time with the event loop turning in between, and throws the pages away. Only jobs that render in this
 * thread are warmed. Ends at once when a real job starts or the server stops. Returns the pages rendered.
 */
export async function warmSavePath(o: SaveWarmup): Promise<number> {
  const busy = () => o.busy() || stopAnnounced();
  let rendered = 0;
  const samples = sampleChanges(o.db, o.now);
  for (let round = 0; round < WARM_ROUNDS; round++) {
    // every sample once (its data), then the article's and the latest result's jobs again (the code)
    for (const changes of round === 0 ? samples : samples.slice(0, 2)) {
      await nextTurn();
      if (busy()) return rendered;
      // a save's reads start over (the memo sees a new state of the database): so do these
      forgetReads(o.db);
      const plan = planJob(o.db, o.siteDir, o.now, changes);
      for (const url of plan.urls) {
        // the questions of decision 045 run in one stretch each: the loop turns between them too
        await nextTurn();
        const render = o.renderFor(plan.urls.length);
        if (busy() || render === null) return rendered;
        // share images are drawn in libuv's pool: nothing of this thread's to warm
        if (url.endsWith('.png') || plan.leaveAsIs?.(url)) continue;
        await render(url, o.now).then(
          () => rendered++,
          () => undefined,
        );
      }
    }
  }
  return rendered;
}
