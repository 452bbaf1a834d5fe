// An open match page listens for its page to be published (/api/live/{id}). It heard the save's 'change',
// sent when the save's job ended: a job that failed as a whole, or a page of it that failed, came out with a
// retry later, and the open pages never heard of it (found in a review of the live stream).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClock } from '../../../tests/fixtures/fake-clock';
import type { Publisher } from './publisher';
import type { PublishReport } from './publish-report';
import { PublishQueue } from './queue';
import { onPagePublished, registerPublishQueue, requestPublish } from './notify';

const report = (version: number, written: string[], unchanged: string[] = []): PublishReport => ({ written, removed: [], failed: [], version, ms: 1, pending: 0, unchanged });

afterEach(() => {
  registerPublishQueue(undefined);
  vi.restoreAllMocks();
});

describe('onPagePublished', () => {
  it('tells when a retry brings the page out, once per job that changed it, with its version', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { clock, advance } = fakeClock();
    const answers: (() => Promise<PublishReport>)[] = [
      () => Promise.reject(new Error('SQLITE_IOERR: disk I/O error')),
      () => Promise.resolve(report(7, ['/spiel/m1', '/spielplan'])),
      // rendered as it was on disk: nothing to fetch again
      () => Promise.resolve(report(8, ['/spiel/m1'], ['/spiel/m1'])),
      () => Promise.resolve(report(9, ['/spiel/m2'])),
    ];
    const publisher = { publishChanges: () => answers.shift()!(), publishAll: () => answers.shift()!(), pending: undefined } as unknown as Publisher;
    const queue = new PublishQueue(publisher, clock);
    registerPublishQueue(queue);
    const heard: number[] = [];
    const stop = onPagePublished('/spiel/m1', (version) => heard.push(version));

    await expect(requestPublish([{ table: 'match_events', key: 'm1' }])).rejects.toThrow('SQLITE_IOERR');
    expect(heard).toEqual([]);
    // the job tried again a second later writes the page
    await advance(1_000, () => queue.idle());
    expect(heard).toEqual([7]);
    await requestPublish([{ table: 'match_events', key: 'm1' }]);
    await requestPublish([{ table: 'match_events', key: 'm2' }]);
    expect(heard).toEqual([7]);
    stop();
    queue.close();
  });
});
