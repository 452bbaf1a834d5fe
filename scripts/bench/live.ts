// Event → visible in an open match page (issue 14): a fan's page on /spiel/{id}
// listens to the server's live stream; an admin records a goal through the
// server's own action (as 'Spieltag' does), and the clock stops when the fan's
// page shows it, without a reload. Measured against our running server.
import type { Browser } from 'playwright-core';
import { createSession, SESSION_COOKIE } from '../../src/server/auth/session';
import { createUser } from '../../src/server/auth/users';
import type { Db } from '../../src/server/db/client';
import { summarize, type Summary } from './stats';

export type LiveResult = Summary & { samplesMs: number[]; reloads: number };

export async function measureLive(o: { browser: Browser; base: string; db: Db; matchId: string; events: number; runId: string }): Promise<LiveResult> {
  const user = await createUser(o.db, { email: `bench-${o.runId}@bench.invalid`, password: 'Bench-Passwort-sehr-lang-1', roles: ['admin'] });
  const { token } = createSession(o.db, user.id);
  const side = (o.db.$client.prepare('SELECT team_side FROM matches WHERE id = ?').get(o.matchId) as { team_side: string | null }).team_side === 'away' ? 'home' : 'away';
  const call = (action: string, body: unknown) =>
    fetch(`${o.base}/_actions/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: o.base, cookie: `${SESSION_COOKIE}=${token}` },
      body: JSON.stringify(body),
    });
  // the match kicks off, as on 'Spieltag': its page listens whatever its date (a page listens on its match
  // day and the day after otherwise, decision 026; the generated data's matches lie in their season)
  const kickoff = await call('admin.matchDay.phase', { match_id: o.matchId, step: 'kickoff' });
  if (!kickoff.ok) throw new Error(`the kick-off was refused: ${kickoff.status} ${(await kickoff.text()).slice(0, 200)}`);
  for (let tries = 0; (await (await fetch(`${o.base}/spiel/${o.matchId}`)).text()).includes('data-listen-from'); tries++) {
    if (tries >= 100) throw new Error('the kicked-off match page was not published within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const context = await o.browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true });
  const page = await context.newPage();
  try {
    await page.goto(`${o.base}/spiel/${o.matchId}`);
    await page.waitForSelector('#spiel-live[data-live="on"]', { timeout: 15_000 });
    // a reload would lose this; the page must change in place
    await page.evaluate(() => ((window as unknown as { __benchLive: boolean }).__benchLive = true));
    const samples: number[] = [];
    for (let i = 0; i < o.events; i++) {
      const marker = `Live ${o.runId} ${i}`;
      const started = performance.now();
      const response = await call('admin.matchDay.record', { match_id: o.matchId, type: 'goal', side, minute: '70', goal_kind: 'regular', player_name: marker });
      if (!response.ok) throw new Error(`recording event ${i} was refused: ${response.status} ${(await response.text()).slice(0, 200)}`);
      await page.waitForFunction((text) => document.getElementById('spiel-live')?.textContent?.includes(text) ?? false, marker, { timeout: 15_000, polling: 20 });
      samples.push(performance.now() - started);
    }
    const reloads = (await page.evaluate(() => (window as unknown as { __benchLive?: boolean }).__benchLive)) ? 0 : 1;
    return { ...summarize(samples), samplesMs: samples.map((s) => Math.round(s)), reloads };
  } finally {
    await context.close();
  }
}
