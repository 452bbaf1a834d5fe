import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestDb, seed } from '../db/test-db';
import { matches, matchLineups, players, teams } from '../db/schema';
import { playerShownHash } from '../content/player-shown';
import { Publisher } from './publisher';
import type { Renderer } from './render';
import { shownAlready } from './page-inputs';

// A match result reaches the page of every player of the match (routes-player.ts); the
// publisher renders only those whose published file does not already carry the hash of what
// they show now (RouteDef.inputs, player-shown.ts).
let db: Db;
let siteDir: string;
let ids: { anna: string; lena: string; match: string };
const rendered: string[] = [];
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
// renders a player's page as the real one marks it: the hash of what it shows, read as it renders
const render: Renderer = async (url) => {
  rendered.push(url);
  const id = decodeURIComponent(url.split('/')[2] ?? '');
  const body = url.startsWith('/spieler/') ? `<section data-shown="${playerShownHash(db, id)}">${url}</section>` : `<p>${url}</p>`;
  return { status: 200, headers: {}, body: Buffer.from(body) };
};

beforeEach(() => {
  db = createTestDb();
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-inputs-'));
  rendered.length = 0;
  ids = seed(db, () => {
    const team = db.insert(teams).values({ name: 'Kampfmannschaft' }).returning().get().id;
    const anna = db.insert(players).values({ team_id: team, name: 'Anna', position: 'Stürmer', age: 24 }).returning().get().id;
    const lena = db.insert(players).values({ team_id: team, name: 'Lena', position: 'Tor', age: 22 }).returning().get().id;
    const match = db
      .insert(matches)
      .values({ home_team: 'SV', away_team: 'FC', match_date: '2026-09-05', status: 'finished', home_score: 1, away_score: 0, team_id: team, team_side: 'home' })
      .returning()
      .get().id;
    db.insert(matchLineups).values([{ match_id: match, player_id: anna, role: 'start' }, { match_id: match, player_id: lena, role: 'start' }]).run();
    return { anna, lena, match };
  });
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

const playerPages = () => [`/spieler/${ids.anna}`, `/spieler/${ids.lena}`];
const fileOf = (url: string) => path.join(siteDir, url, 'index.html');

describe('pages a job cannot change', () => {
  it("leaves the players' pages of a match as they are for what they do not show, and renders them for what they do", async () => {
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet });
    await publisher.publishUrls(playerPages());
    const before = playerPages().map((url) => fs.statSync(fileOf(url)).ino);
    rendered.length = 0;

    // the match's notes: no player page shows them
    seed(db, () => db.update(matches).set({ notes: 'Spielbericht folgt' }).where(eq(matches.id, ids.match)).run());
    await publisher.publishChanges([{ table: 'matches', key: ids.match }]);
    expect(rendered.filter((url) => url.startsWith('/spieler/'))).toEqual([]);
    expect(playerPages().map((url) => fs.statSync(fileOf(url)).ino)).toEqual(before);
    // the match page itself is rendered as before
    expect(rendered).toContain(`/spiel/${ids.match}`);

    // the score: both list the match among their latest
    rendered.length = 0;
    seed(db, () => db.update(matches).set({ home_score: 2 }).where(eq(matches.id, ids.match)).run());
    await publisher.publishChanges([{ table: 'matches', key: ids.match }]);
    expect(rendered.filter((url) => url.startsWith('/spieler/')).sort()).toEqual(playerPages().sort());
    for (const url of playerPages()) expect(fs.readFileSync(fileOf(url), 'utf8')).toContain(`data-shown="${playerShownHash(db, url.split('/')[2])}"`);
  });

  it('renders them where another change of the job reaches them, or where the published file is gone', async () => {
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet });
    await publisher.publishUrls(playerPages());
    const read = (url: string) => (fs.existsSync(fileOf(url)) ? fs.readFileSync(fileOf(url)) : null);
    const matchOnly = [{ table: 'matches' as const, key: ids.match }];
    const toRender = (changes: Parameters<typeof shownAlready>[1]) => {
      const shown = shownAlready(db, changes, read);
      return playerPages().filter((url) => !shown?.(url));
    };
    expect(toRender(matchOnly)).toEqual([]);
    // the player's own row changed in the same job: what else the page shows is not in the hash
    expect(toRender([...matchOnly, { table: 'players', key: ids.anna }])).toEqual(playerPages());
    // the footer too
    expect(toRender([...matchOnly, { table: 'homepage_content', key: 'footer_texts' }])).toEqual(playerPages());
    fs.rmSync(fileOf(playerPages()[1]));
    expect(toRender(matchOnly)).toEqual([playerPages()[1]]);
  });
});
