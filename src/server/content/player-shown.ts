// What a player's page shows of the match tables, as one hash its published file
// carries (`data-shown`, issue 16). A match result reaches the page of every
// player of the match; the publisher compares the hash of the data now with the
// one in the published file and renders only the pages where it moved
// (src/server/publish/page-inputs.ts). A score corrected months later leaves the
// pages of that match's players as they are; a new result changes their latest
// matches, and so their hash.
//
// The hash is of what the page shows: the numbers per season and the latest
// matches with their names and score, worked out by the same read the page makes
// (readPlayerRecord). Until issue 16's second round it was of the rows those come
// from, read in a query of its own, when working out the numbers took milliseconds;
// since the record is read in plain SQL, that query cost as much as the record
// itself, and a rendered page paid for both.
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { RECORD_MATCH_COLUMNS, olderThanListedMatches, readPlayerRecord, type PlayerRecord } from './player-stats';
import { prepared } from './public-content';

/** What a page of this record shows of the match tables, as one text: the numbers per season and the latest matches. */
function shownOf(record: PlayerRecord): string {
  return JSON.stringify([record.seasons, record.matches]);
}

/** The hash a page of this record carries. */
export function recordShownHash(record: PlayerRecord): string {
  return shownHashOf(shownOf(record));
}

/** The hash of what a player's page shows of the match tables now (throws where the tables cannot be read). */
export function playerShownHash(db: Db, playerId: string): string {
  return recordShownHash(readPlayerRecord(db, playerId));
}

/** The hash of what a page is made of, as its `data-shown` carries it: 128 bits, base64url. */
export function shownHashOf(rows: string): string {
  return createHash('sha256').update(rows).digest('base64url').slice(0, 22);
}

/** How a page's hash begins in its published file: a file without it carries no hash. */
export const SHOWN_ATTRIBUTE = 'data-shown="';

/**
 * The attribute (data-shown) a published page has where it shows the rows as they are now: what
 * `RouteDef.inputs.marker` answers. Null where they cannot be read (the page is rendered then).
 */
export function shownMarker(what: string, hash: () => string): string | null {
  try {
    return `${SHOWN_ATTRIBUTE}${hash()}"`;
  } catch (error) {
    console.error(`[content] could not read what ${what} shows:`, error);
    return null;
  }
}

/** The marker of a player's page (shownMarker). */
export const playerShownMarker = (db: Db, playerId: string) => shownMarker(`the page of player ${playerId}`, () => playerShownHash(db, playerId));

/** Per match a job changed: the columns that moved since its pages last showed it (publish/match-baselines.ts). */
export type MatchesMoved = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Whether what moved of a job's matches leaves a page as it is without its hash: for each match, no column
 * the page `reads` moved, or only columns it `showsOnly` of a match it does not show (`notShown`).
 */
export function unmovedFor(moved: MatchesMoved, reads: ReadonlySet<string>, showsOnly: ReadonlySet<string>, notShown: (matchId: string) => boolean): boolean {
  for (const [matchId, columns] of moved) {
    const read = [...columns].filter((column) => reads.has(column));
    if (read.length === 0) continue;
    if (!read.every((column) => showsOnly.has(column)) || !notShown(matchId)) return false;
  }
  return true;
}

/** Of the columns a player's record reads, those only a listed match shows: nothing is counted or ordered by them. */
const LISTED_ONLY = new Set(['home_team', 'away_team', 'home_score', 'away_score']);

/**
 * A player's page (unmovedFor): names and score are shown only for a finished match among the latest the page
 * lists, and a match whose status did not move and is not finished now was not before.
 */
export function playerPageUnmoved(db: Db, playerId: string, moved: MatchesMoved): boolean {
  return unmovedFor(moved, RECORD_MATCH_COLUMNS, LISTED_ONLY, (matchId) => {
    const match = statusAndDate(db, matchId);
    return match !== undefined && (match.status !== 'finished' || olderThanListedMatches(db, playerId, match.match_date));
  });
}

function statusAndDate(db: Db, matchId: string): { status: string; match_date: string } | undefined {
  return prepared(db, 'shown.statusAndDate', () =>
    db.$client.prepare<[string], { status: string; match_date: string }>('SELECT status, match_date FROM matches WHERE id = ?'),
  ).get(matchId);
}
