import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fakeClock } from '../../../tests/fixtures/fake-clock';
import type { Db } from '../db/client';
import { createTestDb, seed } from '../db/test-db';
import { news, scheduledJobs } from '../db/schema';
import { newsSchema } from '../../lib/schemas/news';
import { createNews } from '../services/admin/news';
import { Scheduler } from '../scheduler';
import { rowHistory } from '../revisions';
import { runAsActor } from '../revisions/context';
import type { Change } from './routes';
import { SCHEDULED_NEWS_FALLBACK_MS, SCHEDULED_NEWS_JOB, scheduledNewsJob } from './scheduled-news';

const quiet = { info: () => undefined, error: () => undefined };
const MINUTE = 60_000;
// 14 October 2026, 12:00 in Vienna
const NOON = Date.parse('2026-10-14T10:00:00Z');

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

/** A scheduler with only the scheduled-news job, over `db`, on a clock the test moves. */
function setup(clock: ReturnType<typeof fakeClock>['clock']) {
  const published: Change[][] = [];
  const job = scheduledNewsJob({
    db: () => db,
    now: () => clock.now(),
    publish: async (changes) => void published.push(changes),
    log: quiet,
  });
  const scheduler = new Scheduler(() => db, [job], clock, quiet);
  return { scheduler, published };
}

const plan = (title: string, times: { publish_at?: number; unpublish_at?: number }, now: number) =>
  createNews(newsSchema.parse({ title, content: 'Text', ...times }), null, db, now).row;
const stored = (id: string) => db.select().from(news).where(eq(news.id, id)).get()!;

describe('the scheduled-news job', () => {
  it('publishes a news at its minute, not before, and republishes its pages', async () => {
    const { clock, advance } = fakeClock(NOON);
    const { scheduler, published } = setup(clock);
    scheduler.start();
    await advance(0, () => scheduler.idle());
    // saved while the server runs: the save's poke brings the job forward from its hourly fallback
    const item = plan('Derby', { publish_at: NOON + 5 * MINUTE }, clock.now());
    scheduler.poke();
    await advance(5 * MINUTE - 1, () => scheduler.idle());
    expect(stored(item.id).published).toBe(false);
    expect(published).toEqual([]);
    await advance(1, () => scheduler.idle());
    expect(stored(item.id)).toMatchObject({ published: true, publish_at: null });
    expect(published).toEqual([[{ table: 'news', key: item.id }]]);
    // the flip is a version of its own in the news' history, by no user (the scheduler)
    const [latest] = rowHistory('news', item.id, db);
    expect(latest).toMatchObject({ op: 'update', user_name: null });
    expect(latest.data).toMatchObject({ published: 1, publish_at: null });
    // nothing planned: the next look is the fallback's
    expect(scheduler.nextRuns().get(SCHEDULED_NEWS_JOB)).toBe(clock.now() + SCHEDULED_NEWS_FALLBACK_MS);
    await scheduler.stop();
  });

  it('a news due while the job publishes the one before it (its publish waited behind a whole-site publish) goes out at once after it', async () => {
    let now = NOON;
    const clock = { now: () => now, setTimeout: () => 0, clearTimeout: () => undefined };
    const published: Change[][] = [];
    const job = scheduledNewsJob({
      db: () => db,
      now: () => now,
      // the publish waits in the queue behind a whole-site publish: two minutes pass
      publish: async (changes) => {
        published.push(changes);
        now += 2 * MINUTE;
      },
      log: quiet,
    });
    const scheduler = new Scheduler(() => db, [job], clock, quiet);
    const first = plan('Erste', { publish_at: NOON + MINUTE }, NOON);
    const second = plan('Zweite', { publish_at: NOON + 2 * MINUTE }, NOON);
    scheduler.start();
    now = NOON + MINUTE;
    await scheduler.runDue();
    expect(stored(first.id).published).toBe(true);
    // 12:03 now: the second news, planned for 12:02, is due at once, not at the next hour's look
    expect(scheduler.nextRuns().get(SCHEDULED_NEWS_JOB)).toBeLessThanOrEqual(now);
    await scheduler.runDue();
    expect(stored(second.id).published).toBe(true);
    expect(published).toEqual([[{ table: 'news', key: first.id }], [{ table: 'news', key: second.id }]]);
    await scheduler.stop();
  });

  it('takes a news off at its unpublish time', async () => {
    const { clock, advance } = fakeClock(NOON);
    const { scheduler, published } = setup(clock);
    const item = plan('Aktion', { unpublish_at: NOON + 90 * MINUTE }, NOON);
    expect(stored(item.id).published).toBe(true);
    scheduler.start();
    // the next run is the unpublish time itself, further away than the fallback hour
    await advance(89 * MINUTE, () => scheduler.idle());
    expect(stored(item.id).published).toBe(true);
    await advance(MINUTE, () => scheduler.idle());
    expect(stored(item.id)).toMatchObject({ published: false, unpublish_at: null });
    expect(published.flat()).toEqual([{ table: 'news', key: item.id }]);
    await scheduler.stop();
  });

  it('a server that was down at the time publishes at its start (catch-up), once', async () => {
    const { clock, advance } = fakeClock(NOON);
    const first = setup(clock);
    first.scheduler.start();
    await advance(0, () => first.scheduler.idle());
    const item = plan('Nachts', { publish_at: NOON + 10 * MINUTE }, clock.now());
    first.scheduler.poke();
    await advance(MINUTE, () => first.scheduler.idle());
    await first.scheduler.stop();
    // down for two hours over the publish time
    await advance(2 * 60 * MINUTE);
    expect(stored(item.id).published).toBe(false);
    const second = setup(clock);
    second.scheduler.start();
    await advance(0, () => second.scheduler.idle());
    expect(stored(item.id)).toMatchObject({ published: true, publish_at: null });
    expect(second.published).toEqual([[{ table: 'news', key: item.id }]]);
    await advance(5 * MINUTE, () => second.scheduler.idle());
    expect(second.published).toHaveLength(1);
    await second.scheduler.stop();
  });

  it('a schedule in the past at start, written without any poke (a restore), is caught up at once', async () => {
    const { clock, advance } = fakeClock(NOON);
    // the job ran before and stored a look in an hour
    const item = plan('Zurückgespielt', {}, NOON);
    seed(db, () => {
      db.insert(scheduledJobs).values({ name: SCHEDULED_NEWS_JOB, nextRunAt: NOON + 60 * MINUTE }).run();
      db.update(news).set({ published: false, publish_at: NOON - 30 * MINUTE }).where(eq(news.id, item.id)).run();
    });
    const { scheduler, published } = setup(clock);
    scheduler.start();
    await advance(0, () => scheduler.idle());
    expect(stored(item.id)).toMatchObject({ published: true, publish_at: null });
    expect(published).toHaveLength(1);
    await scheduler.stop();
  });

  it('the plan survives a restart: a new scheduler over the same database publishes at the time', async () => {
    const { clock, advance } = fakeClock(NOON);
    const first = setup(clock);
    first.scheduler.start();
    await advance(0, () => first.scheduler.idle());
    const item = plan('Später', { publish_at: NOON + 30 * MINUTE }, clock.now());
    first.scheduler.poke();
    await advance(10 * MINUTE, () => first.scheduler.idle());
    await first.scheduler.stop();
    // restarted at once: the stored next run is the publish time
    const second = setup(clock);
    expect(second.scheduler.nextRuns().get(SCHEDULED_NEWS_JOB)).toBe(NOON + 30 * MINUTE);
    second.scheduler.start();
    await advance(20 * MINUTE - 1, () => second.scheduler.idle());
    expect(stored(item.id).published).toBe(false);
    await advance(1, () => second.scheduler.idle());
    expect(stored(item.id).published).toBe(true);
    expect(second.published).toEqual([[{ table: 'news', key: item.id }]]);
    await second.scheduler.stop();
  });

  it("a save's poke does not make the admin who saved the author of the scheduler's later flips", async () => {
    // real timers (they carry the context they were set in, as on the server), a clock the test moves
    let now = NOON;
    const clock = { now: () => now, setTimeout: (run: () => void, ms: number) => setTimeout(run, Math.min(ms, 50)), clearTimeout: (t: unknown) => clearTimeout(t as NodeJS.Timeout) };
    const job = scheduledNewsJob({ db: () => db, now: () => now, publish: async () => undefined, log: quiet });
    const scheduler = new Scheduler(() => db, [job], clock, quiet);
    scheduler.start();
    await new Promise((r) => setTimeout(r, 100));
    await scheduler.idle();
    const item = plan('Derby', { publish_at: NOON + 5 * MINUTE }, now);
    // the admin's save pokes the scheduler from inside the action, as that admin (requireRole sets the actor)
    runAsActor({ id: 'u1', name: 'a@club.at' }, () => scheduler.poke());
    now += 5 * MINUTE;
    for (let waited = 0; !stored(item.id).published && waited < 2000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    await scheduler.idle();
    expect(stored(item.id).published).toBe(true);
    const [latest] = rowHistory('news', item.id, db);
    expect(latest).toMatchObject({ op: 'update', user_name: null });
    await scheduler.stop();
  });
});
