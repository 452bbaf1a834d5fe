import { useEffect, useState } from 'react';
import { startPwaClient } from '../../lib/pwa-client';
import UpdateBanner from './UpdateBanner';

/**
 * Registers the service worker and keeps it alive (heartbeat, restart, wake
 * lock: src/lib/pwa-client.ts); shows the update banner when the worker reports
 * a new cache version. Renders nothing until then.
 */
/**
 * A match page with its live stream open (LiveMatch marks #spiel-live) already
 * shows each event as it is published: a countdown to a reload there would only
 * interrupt the fan (issue 14, decision 026).
 */
const followsLiveMatch = () => document.querySelector('#spiel-live[data-live="on"]') !== null;

export default function PwaClient() {
  const [version, setVersion] = useState<number | null>(null);
  useEffect(() => startPwaClient({ onCacheUpdated: (v) => (followsLiveMatch() ? undefined : setVersion(v)) }), []);
  // a newer version while the banner shows starts the countdown again
  return version === null ? null : <UpdateBanner key={version} onCancel={() => setVersion(null)} />;
}
