// The live streams of open match pages: none for an unknown match, a bounded number per address (an
// IPv6 /64 counted as one), each given back when its page goes.
import { describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import { makeMatch } from '../../../tests/fixtures/factories';
import { LIVE_STREAMS_PER_ADDRESS, openLiveStream } from './live-streams';

describe('openLiveStream', () => {
  it('refuses an unknown match, and more than its share to one address until one of them closes', () => {
    const db = createTestDb();
    const match = seed(db, () => makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'ASK Oberdorf' }));
    expect(openLiveStream('gibt-es-nicht', '203.0.113.9', db)).toMatchObject({ ok: false, status: 404 });
    const open = Array.from({ length: LIVE_STREAMS_PER_ADDRESS }, (_, i) => openLiveStream(match.id, `2001:db8:7:7::${(i + 1).toString(16)}`, db));
    expect(open.every((o) => o.ok)).toBe(true);
    // one more from the same /64: refused; another address: still served
    expect(openLiveStream(match.id, '2001:db8:7:7::ffff', db)).toMatchObject({ ok: false, status: 429 });
    const other = openLiveStream(match.id, '203.0.113.9', db);
    expect(other.ok).toBe(true);
    for (const o of [...open, other]) if (o.ok) o.close();
    expect(openLiveStream(match.id, '2001:db8:7:7::ffff', db).ok).toBe(true);
  });
});
