// How many live streams of open match pages (/api/live/{id}) the server keeps: each holds a socket and a
// listener, and behind nginx two of its connections. An unknown match gets none, an address a bounded
// number (many fans share one address behind a carrier's NAT, so not few), the server a bounded total.
// A page refused here polls the version file instead (src/scripts/live-match.ts).
import { getDb } from '../db/client';
import { addressForLimits } from '../auth/rate-limit';
import { LIVE_TEXTS } from '../../lib/live-texts';

export const LIVE_STREAMS_PER_ADDRESS = 50;
export const LIVE_STREAMS_IN_ALL = 5_000;

const perAddress = new Map<string, number>();
let inAll = 0;

export type LiveStreamOpening = { ok: true; close: () => void } | { ok: false; status: 404 | 429 | 503; message: string };

/** Whether there is such a match to listen to. */
export function isKnownMatch(matchId: string, db = getDb()): boolean {
  return db.$client.prepare('SELECT 1 FROM matches WHERE id = ?').get(matchId) !== undefined;
}

export function openLiveStream(matchId: string, clientAddress: string, db = getDb()): LiveStreamOpening {
  if (!isKnownMatch(matchId, db)) return { ok: false, status: 404, message: LIVE_TEXTS.unknownMatch };
  const key = addressForLimits(clientAddress);
  const mine = perAddress.get(key) ?? 0;
  if (mine >= LIVE_STREAMS_PER_ADDRESS) return { ok: false, status: 429, message: LIVE_TEXTS.tooMany };
  if (inAll >= LIVE_STREAMS_IN_ALL) return { ok: false, status: 503, message: LIVE_TEXTS.tooMany };
  perAddress.set(key, mine + 1);
  inAll++;
  let closed = false;
  return {
    ok: true,
    close: () => {
      if (closed) return;
      closed = true;
      inAll--;
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left > 0) perAddress.set(key, left);
      else perAddress.delete(key);
    },
  };
}
