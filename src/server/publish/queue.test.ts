// A publish job that fails as a whole (not a page of it: its plan, read from the database) had its
// changes saved and nothing pending to carry them: they waited for the next start (found in review).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClock } from '../../../tests/fixtures/fake-clock';
import type { Publisher } from './publisher';
import type { PublishReport } from './publish-report';
import { PublishQueue } from './queue';
import type { Change } from './routes';

const report = (version: number): PublishReport => ({ written: ['/news/a'], removed: [], failed: [], version, ms: 1, pending: 0 });

/** A publisher whose first `failures` jobs throw, as a plan whose database read fails does. */
function flakyPublisher(failures: number) {
  const jobs: { all: boolean; changes: Change[]; urls: string[] }[] = [];
  let version = 0;
  const attempt = (job: (typeof jobs)[number]) => {
    jobs.push(job);
    if (jobs.length <= failures) return Promise.reject(new Error('SQLITE_IOERR: disk I/O error'));
    return Promise.resolve(report(++version));
  };
  const publisher = {
    publishChanges: (changes: Change[], urls: string[] = []) => attempt({ all: false, changes, urls }),
    publishAll: () => attempt({ all: true, changes: [], urls: [] }),
    pending: undefined,
  } as unknown as Publisher;
  return { publisher, jobs };
}

afterEach(() => vi.restoreAllMocks());

describe('PublishQueue', () => {
  it('tries a job that failed as a whole again, with back-off, until it runs', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { clock, advance } = fakeClock();
    const { publisher, jobs } = flakyPublisher(2);
    const queue = new PublishQueue(publisher, clock);
    const published: PublishReport[] = [];
    queue.listeners.add((r) => published.push(r));
    // the admin's save is answered as not published yet (publication.ts: pending, retried)
    await expect(queue.enqueue([{ table: 'news', key: 'a' }])).rejects.toThrow('SQLITE_IOERR');
    expect(errors.mock.calls[0][0]).toContain('tried again in 1 s');
    await advance(999, () => queue.idle());
    expect(jobs).toHaveLength(1);
    await advance(1, () => queue.idle());
    expect(jobs).toHaveLength(2);
    expect(errors.mock.calls[1][0]).toContain('tried again in 2 s');
    await advance(2_000, () => queue.idle());
    expect(jobs).toHaveLength(3);
    expect(jobs[2]).toEqual({ all: false, changes: [{ table: 'news', key: 'a' }], urls: [] });
    expect(published.map((r) => r.version)).toEqual([1]);
    // done: nothing more is tried
    await advance(60_000, () => queue.idle());
    expect(jobs).toHaveLength(3);
  });

  it("a start's whole-site publish that failed is tried again as a whole; a stop ends the retries", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { clock, advance } = fakeClock();
    const { publisher, jobs } = flakyPublisher(1);
    const queue = new PublishQueue(publisher, clock);
    await expect(queue.enqueue('all')).rejects.toThrow('SQLITE_IOERR');
    await advance(1_000, () => queue.idle());
    expect(jobs.map((job) => job.all)).toEqual([true, true]);

    const stopped = flakyPublisher(5);
    const stopping = new PublishQueue(stopped.publisher, clock);
    await expect(stopping.enqueue([{ table: 'news' }])).rejects.toThrow();
    stopping.close();
    await advance(60_000, () => stopping.idle());
    expect(stopped.jobs).toHaveLength(1);
  });
});
