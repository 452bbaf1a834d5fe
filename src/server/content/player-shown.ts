// What a player's page shows of the match tables, as one hash its published file
// carries (`data-shown`, issue 16). A match result reaches the page of every
// player of the match; the publisher compares the hash of the data now with the
// one in the published file and renders only the pages where it moved
// (src/server/publish/page-inputs.ts). A score corrected months later leaves the
// pages of that match's players as they are; a new result changes their latest
// matches, and so their hash.
//
// The hash is of the rows the page is made of, read in SQL (a few tenths of a
// millisecond, where working out the numbers takes milliseconds): every finished
// match the player is named in (id, season, date), their own line-up rows and the
// events that name them (src/lib/player-stats.ts counts nothing else), and the
// names and score of the matches recent enough to be among the page's latest
// matches. Every value is quote()d, so that no two different rows read alike.
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { prepared } from './public-content';

/** How many of a player's latest matches the page lists. */
export const RECENT_MATCHES_SHOWN = 8;

// `lined`: matches that surely give the player a line of their own (a start, coming on, a card): the page's
// latest lines reach back no further than the eighth of these, so every match from that day on is in with
// its names and score
const SHOWN_SQL = `
WITH named AS (
  SELECT match_id FROM match_lineups WHERE player_id = @player
  UNION SELECT match_id FROM match_events WHERE player_id = @player OR related_player_id = @player
),
played AS (SELECT m.* FROM matches m JOIN named n ON n.match_id = m.id WHERE m.status = 'finished'),
lined AS (
  SELECT match_id FROM match_lineups WHERE player_id = @player AND role = 'start'
  UNION SELECT match_id FROM match_events WHERE player_id = @player AND type IN ('substitution', 'yellow', 'yellow_red', 'red')
),
cutoff AS (
  SELECT ifnull((SELECT p.match_date FROM played p JOIN lined l ON l.match_id = p.id ORDER BY p.match_date DESC LIMIT 1 OFFSET ${RECENT_MATCHES_SHOWN - 1}), '') AS day
)
SELECT
  ifnull((SELECT group_concat(
      concat_ws(',', quote(p.id), quote(p.season), quote(p.match_date),
        CASE WHEN p.match_date >= (SELECT day FROM cutoff) THEN concat_ws(',', quote(p.home_team), quote(p.away_team), quote(p.home_score), quote(p.away_score)) ELSE '' END),
      ';' ORDER BY p.id) FROM played p), '')
  || '#' || ifnull((SELECT group_concat(concat_ws(',', quote(l.match_id), quote(l.role)), ';' ORDER BY l.match_id, l.role)
      FROM match_lineups l JOIN played p ON p.id = l.match_id WHERE l.player_id = @player), '')
  || '#' || ifnull((SELECT group_concat(
      concat_ws(',', quote(e.match_id), quote(e.type), quote(e.minute), quote(e.goal_kind), quote(e.player_id), quote(e.related_player_id)),
      ';' ORDER BY e.match_id, e.minute, e.id)
      FROM match_events e JOIN played p ON p.id = e.match_id WHERE e.player_id = @player OR e.related_player_id = @player), '') AS shown`;

/** The hash of what a player's page shows of the match tables now (throws where the tables cannot be read). */
export function playerShownHash(db: Db, playerId: string): string {
  const row = prepared(db, 'player.shown', () => db.$client.prepare<{ player: string }, { shown: string }>(SHOWN_SQL)).get({ player: playerId });
  return shownHashOf(row?.shown ?? '');
}

/** The hash of the rows a page is made of, as its `data-shown` carries it: 128 bits, base64url. */
export function shownHashOf(rows: string): string {
  return createHash('sha256').update(rows).digest('base64url').slice(0, 22);
}

/**
 * The attribute (data-shown) a published page has where it shows the rows as they are now: what
 * `RouteDef.inputs.marker` answers. Null where they cannot be read (the page is rendered then).
 */
export function shownMarker(what: string, hash: () => string): string | null {
  try {
    return `data-shown="${hash()}"`;
  } catch (error) {
    console.error(`[content] could not read what ${what} shows:`, error);
    return null;
  }
}

/** The marker of a player's page (shownMarker). */
export const playerShownMarker = (db: Db, playerId: string) => shownMarker(`the page of player ${playerId}`, () => playerShownHash(db, playerId));
