import { useEffect, useState } from 'react';
import { startPwaClient } from '../../lib/pwa-client';
import UpdateBanner from './UpdateBanner';

/**
 * Registers the service worker and keeps it alive (heartbeat, restart, wake
 * lock: src/lib/pwa-client.ts); shows the update banner when the worker reports
 * a new cache version. Renders nothing until then.
 */
export default function PwaClient() {
  const [version, setVersion] = useState<number | null>(null);
  useEffect(() => startPwaClient({ onCacheUpdated: setVersion }), []);
  // a newer version while the banner shows starts the countdown again
  return version === null ? null : <UpdateBanner key={version} onCancel={() => setVersion(null)} />;
}
