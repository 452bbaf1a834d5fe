// A page a job has to render for its own reason (a retry, a page still waiting for one, a former
// player's) is rendered: neither given the new footer in its old file (decision 040) nor left as it
// is because its marker matches (decision 045). Found in review: each of these dropped a change the
// admin had been told would still be published, until the next restart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestDb, seed } from '../db/test-db';
import { playerShownMarker } from '../content/player-shown';
import { planJob } from './job-plan';
import { PendingPages } from './pending';
import { Publisher } from './publisher';
import type { Renderer } from './render';
import { fileForUrl } from './routes';

let db: Db;
let siteDir: string;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const run = (sql: string) => seed(db, (tx) => void tx.$client.prepare(sql).run());
const onDisk = (url: string) => fs.readFileSync(path.join(siteDir, fileForUrl(url)), 'utf8');

beforeEach(() => {
  db = createTestDb();
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-plan-'));
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

/** Pages as the layout makes them: their own part, then the site footer; `failing` pages throw. */
function siteRenderer(failing: Set<string>): Renderer {
  const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T | undefined;
  return async (url) => {
    if (failing.has(url)) throw new Error('render failed (simulated)');
    const footer = one<{ content: string }>("SELECT content FROM homepage_content WHERE section_key = 'footer_texts'")?.content ?? 'Fußzeile';
    const article = /^\/news\/(.+)$/.exec(url);
    const player = /^\/spieler\/(.+)$/.exec(url);
    const own = article
      ? `<h1>${one<{ title: string }>('SELECT title FROM news WHERE id = ?', article[1])?.title}</h1>`
      : player
        ? `<h1>${one<{ name: string }>('SELECT name FROM players WHERE id = ?', player[1])?.name}</h1><section ${playerShownMarker(db, player[1])}></section>`
        : `<p>${url}</p>`;
    const body = /\.(png|xml|json|ics|txt|ico)$/.test(url) ? url : `<html><body><main>${own}</main><footer class="site-footer"><p>${footer}</p></footer></body></html>`;
    return { status: 200, headers: {}, body: Buffer.from(body) };
  };
}

describe('a job and the pages it must render', () => {
  it('a retry that comes with a footer change is rendered, not given the new footer in its old file', async () => {
    run("INSERT INTO news (id, title, content) VALUES ('n1', 'Alter Titel', 'x')");
    run("INSERT INTO homepage_content (id, section_key, content) VALUES ('f1', 'footer_texts', 'alt')");
    const failing = new Set<string>();
    const pending = new PendingPages(() => db);
    const publisher = new Publisher({ db: () => db, siteDir, render: siteRenderer(failing), pending, log: quiet });
    await publisher.publishAll();
    run("UPDATE news SET title = 'Neuer Titel' WHERE id = 'n1'");
    failing.add('/news/n1');
    await publisher.publishChanges([{ table: 'news', key: 'n1' }]);
    expect(pending.urls()).toContain('/news/n1');
    failing.clear();
    // the footer is saved; the queue merges the article's retry into that job
    run("UPDATE homepage_content SET content = 'neu' WHERE section_key = 'footer_texts'");
    const report = await publisher.publishChanges([{ table: 'homepage_content', key: 'footer_texts' }], ['/news/n1']);
    expect(report.failed).toEqual([]);
    expect(onDisk('/news/n1')).toContain('<h1>Neuer Titel</h1>');
    expect(onDisk('/news/n1')).toContain('<p>neu</p>');
    expect(pending.urls()).toEqual([]);
  });

  it('a page still waiting for its retry is rendered by a job that would leave it as it is (its marker unmoved)', async () => {
    run("INSERT INTO teams (id, name) VALUES ('t1', 'KM')");
    run("INSERT INTO players (id, team_id, name, position, age) VALUES ('pA', 't1', 'Alter Name', 'Sturm', 30), ('pB', 't1', 'B', 'Sturm', 30)");
    run("INSERT INTO matches (id, home_team, away_team, match_date, status, team_id, team_side) VALUES ('m1', 'KM', 'X', '2026-01-01', 'finished', 't1', 'home')");
    run("INSERT INTO match_lineups (id, match_id, player_id, role) VALUES ('l1', 'm1', 'pA', 'start'), ('l2', 'm1', 'pB', 'start')");
    const failing = new Set<string>();
    const pending = new PendingPages(() => db);
    const publisher = new Publisher({ db: () => db, siteDir, render: siteRenderer(failing), pending, log: quiet });
    await publisher.publishAll();
    run("UPDATE players SET name = 'Neuer Name' WHERE id = 'pA'");
    failing.add('/spieler/pA');
    await publisher.publishChanges([{ table: 'players', key: 't1' }]);
    expect(pending.urls()).toContain('/spieler/pA');
    failing.clear();
    // a match event of the same match before the retry is due: the player's statistics did not move
    await publisher.publishChanges([{ table: 'match_events', key: 'm1' }]);
    expect(onDisk('/spieler/pA')).toContain('<h1>Neuer Name</h1>');
    expect(pending.urls()).toEqual([]);
  });

  it("a former player's page in a job with a footer change is rendered, not spliced", () => {
    run("INSERT INTO teams (id, name) VALUES ('t1', 'KM')");
    run("INSERT INTO players (id, team_id, name, position, age) VALUES ('pA', 't1', 'A', 'Sturm', 30), ('pB', 't1', 'B', 'Sturm', 30)");
    run("INSERT INTO matches (id, home_team, away_team, match_date, status, team_id, team_side) VALUES ('m1', 'KM', 'X', '2026-01-01', 'finished', 't1', 'home')");
    run("INSERT INTO match_lineups (id, match_id, player_id, role) VALUES ('l1', 'm1', 'pB', 'start')");
    run("INSERT INTO homepage_content (id, section_key, content) VALUES ('f1', 'footer_texts', 'x')");
    for (const id of ['pA', 'pB']) {
      fs.mkdirSync(path.join(siteDir, 'spieler', id), { recursive: true });
      fs.writeFileSync(path.join(siteDir, 'spieler', id, 'index.html'), '<footer class="site-footer"></footer>');
    }
    // the match named player A before (a goal given to someone else): A's page may show it still
    const known = { moved: null, formerly: { teams: [], players: ['pA'] }, pending: () => false };
    const plan = planJob(db, siteDir, Date.now(), [{ table: 'homepage_content', key: 'footer_texts' }, { table: 'match_events', key: 'm1' }], [], known);
    expect(plan.urls).toContain('/spieler/pA');
    expect(plan.splice).not.toContain('/spieler/pA');
    // the footer-only pages are still spliced
    expect(plan.splice.length).toBeGreaterThan(0);
  });

  it("a player's save renders the pages of that player's team and removes a deleted player's, not every player page", async () => {
    run("INSERT INTO teams (id, name) VALUES ('t1', 'KM'), ('t2', 'U16')");
    run("INSERT INTO players (id, team_id, name, position, age) VALUES ('pA', 't1', 'A', 'Sturm', 30), ('pB', 't1', 'B', 'Tor', 30), ('pC', 't2', 'C', 'Sturm', 30), ('pD', 't2', 'D', 'Tor', 30)");
    const rendered: string[] = [];
    const render = siteRenderer(new Set());
    // a player without a row has no page (the site answers 404, and the publisher removes the file)
    const gone = (url: string) => /^\/spieler\//.test(url) && !db.$client.prepare('SELECT 1 FROM players WHERE id = ?').get(url.slice('/spieler/'.length));
    const publisher = new Publisher({
      db: () => db,
      siteDir,
      render: async (url, now) => {
        rendered.push(url);
        return gone(url) ? { status: 404, headers: {}, body: Buffer.from('') } : render(url, now);
      },
      log: quiet,
    });
    await publisher.publishAll();
    expect(fs.existsSync(path.join(siteDir, fileForUrl('/spieler/pD')))).toBe(true);

    rendered.length = 0;
    run("UPDATE players SET name = 'Neuer Name' WHERE id = 'pA'");
    await publisher.publishChanges([{ table: 'players', key: 't1' }]);
    expect(onDisk('/spieler/pA')).toContain('<h1>Neuer Name</h1>');
    expect(rendered.filter((url) => url.startsWith('/spieler/')).sort()).toEqual(['/spieler/pA', '/spieler/pB']);

    rendered.length = 0;
    run("DELETE FROM players WHERE id = 'pD'");
    const report = await publisher.publishChanges([{ table: 'players', key: 't2' }]);
    expect(report.removed).toContain('/spieler/pD');
    expect(fs.existsSync(path.join(siteDir, fileForUrl('/spieler/pD')))).toBe(false);
    expect(rendered.filter((url) => url.startsWith('/spieler/')).sort()).toEqual(['/spieler/pC', '/spieler/pD']);
  });
});
