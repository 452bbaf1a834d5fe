// The admin panel's event stream answers HEAD by itself: Astro would run GET for it and drop the body unread,
// and each such stream kept its listeners and its ping timer for good (docs/decisions/026).
import { describe, expect, it } from 'vitest';
import { GET, HEAD } from './events';

type RouteContext = Parameters<typeof GET>[0];
const admin = { user: { id: 'u1' }, isAdmin: true, mustSetUpSecondFactor: false };
const contextOf = (locals: object, request = new Request('http://localhost/api/admin/events')) =>
  ({ locals, request }) as unknown as RouteContext;
/** The timers the process holds: each open stream has its 25 s ping. */
const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('/api/admin/events', () => {
  it('HEAD answers with the stream headers and starts no stream, however often it comes', async () => {
    const before = timers();
    for (let i = 0; i < 50; i++) {
      const answer = await HEAD(contextOf(admin));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/event-stream');
      expect(answer.body).toBeNull();
    }
    expect(timers()).toBe(before);
  });

  it('GET opens a stream with its ping timer, which ends when the client goes', async () => {
    const before = timers();
    const client = new AbortController();
    const answer = await GET(contextOf(admin, new Request('http://localhost/api/admin/events', { signal: client.signal })));
    expect(answer.headers.get('content-type')).toContain('text/event-stream');
    const first = new TextDecoder().decode((await answer.body!.getReader().read()).value);
    expect(first).toContain('retry: 3000');
    expect(timers()).toBe(before + 1);
    client.abort();
    expect(timers()).toBe(before);
  });

  it('HEAD and GET refuse a visitor (401) and a member without the admin role (403)', async () => {
    for (const route of [HEAD, GET]) {
      expect((await route(contextOf({ user: null }))).status).toBe(401);
      expect((await route(contextOf({ user: { id: 'u2' }, isAdmin: false }))).status).toBe(403);
    }
  });
});
