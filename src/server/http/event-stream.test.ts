// A stream's ping is an event a page hears (src/scripts/live-match.ts takes a stream silent for longer than two
// pings as dead though open): as a comment, which no page ever sees, a quiet half hour of a match would have
// had every fan's page close and open its stream again each minute.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventStreamResponse } from './event-stream';
import { STREAM_PING_EVENT, STREAM_PING_MS, STREAM_SILENT_MS } from '../../lib/live-window';

afterEach(() => vi.useRealTimers());

describe('an event stream', () => {
  it('pings with an event a page listens to, often enough that a page does not take a quiet match for a dead stream', async () => {
    vi.useFakeTimers();
    const abort = new AbortController();
    const response = eventStreamResponse(new Request('http://localhost/api/live/x', { signal: abort.signal }), 2_000, () => () => undefined);
    const reader = response.body!.getReader();
    const text = async () => new TextDecoder().decode((await reader.read()).value);
    expect(await text()).toBe('retry: 2000\n\n');
    vi.advanceTimersByTime(STREAM_PING_MS);
    // an event with data: EventSource dispatches none without it
    expect(await text()).toBe(`event: ${STREAM_PING_EVENT}\ndata: 1\n\n`);
    // two pings fit in the silence a page allows, with room for a slow network
    expect(2 * STREAM_PING_MS).toBeLessThan(STREAM_SILENT_MS);
    abort.abort();
  });
});
