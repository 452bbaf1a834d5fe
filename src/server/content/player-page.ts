// The public player page /spieler/{id} and the team page's player parts (issue 14):
// German texts, and reads that hand out players only through the consent rule
// (src/lib/consent.ts, docs/decisions/028-player-consent.md).
import { eq, sql } from 'drizzle-orm';
import { leagues, players, teams } from '../db/schema';
import { publicPlayerView, type PublicPlayerView } from '../../lib/consent';
import type { PlayerStats } from '../../lib/player-stats';
import { consentOptions } from './consent-setting';
import { readPlayerRecord, teamTopScorers, type PlayerRecord } from './player-stats';
import { recordShownHash } from './player-shown';
import { TOP_SCORERS_CHOSEN_FROM, teamShownHash } from './team-shown';
import { playersOfTeam, prepared, readOr } from './public-content';
import { readConsistently } from './read-memo';
import { teamHasMatches, teamMatchLinks, type TeamMatchLink } from './team-matches';
import { compareSeasonsNewestFirst } from '../../lib/fixtures';

export const PLAYER_PAGE_TEXTS = {
  backToTeam: (team: string) => `Zurück zu ${team}`,
  position: 'Position',
  number: 'Rückennummer',
  age: 'Alter',
  years: (n: number) => `${n} Jahre`,
  team: 'Mannschaft',
  stats: 'Statistik',
  season: 'Saison',
  appearances: 'Spiele',
  minutes: 'Minuten',
  goals: 'Tore',
  assists: 'Vorlagen',
  yellow: 'Gelb',
  yellowRed: 'Gelb-Rot',
  red: 'Rot',
  noStats: 'Noch keine Einsätze in beendeten Spielen.',
  recent: 'Letzte Spiele',
  minutesShort: (n: number) => `${n} Min.`,
  goalsShort: (n: number) => (n === 1 ? '1 Tor' : `${n} Tore`),
  assistsShort: (n: number) => (n === 1 ? '1 Vorlage' : `${n} Vorlagen`),
  substitute: 'eingewechselt',
  description: (name: string, team: string) => `${name} – ${team}: Position, Einsätze, Tore und Vorlagen.`,
  // the team page
  topScorers: 'Torschützen',
  topScorersSeason: (season: string) => `Torschützen der Saison ${season}`,
  subscribe: 'Spielplan abonnieren',
  download: 'Kalenderdatei (.ics) herunterladen',
  table: 'Tabelle',
  tableOf: (competition: string, season: string) => `Tabelle: ${competition} ${season}`,
  teamMatches: 'Spiele',
  matchLink: (home: string, away: string) => `Zum Spiel: ${home} gegen ${away}`,
} as const;

export type PlayerPage = {
  view: PublicPlayerView;
  team: { id: string; name: string };
  record: PlayerRecord;
  /** what the page shows of the match tables, as a hash (player-shown.ts); null without statistics */
  shown: string | null;
};

/** A player's page, or null where there is none: unknown, or shown only by name (decision 028). */
export function playerPage(id: string): PlayerPage | null {
  const row = readOr(`player ${id}`, null, (db) =>
    // prepared once per connection: building this join's SQL was an eighth of a player page's render
    prepared(db, 'playerPage.player', () =>
      db
        .select({ player: players, team_name: teams.name })
        .from(players)
        .innerJoin(teams, eq(players.team_id, teams.id))
        .where(eq(players.id, sql.placeholder('id')))
        .prepare(),
    ).get({ id }) ?? null,
  );
  if (!row) return null;
  const view = publicPlayerView(row.player, consentOptions());
  if (!view.hasPage) return null;
  const team = { id: row.player.team_id, name: row.team_name };
  if (!view.showStats) return { view, team, record: { seasons: [], matches: [] }, shown: null };
  // the numbers, and the hash of what the page shows of them
  const record = readOr(`statistics of player ${id}`, null, (db) => readPlayerRecord(db, id));
  return { view, team, record: record ?? { seasons: [], matches: [] }, shown: record ? recordShownHash(record) : null };
}

/** A team's players as the public may see them. */
export function publicPlayersOfTeam(teamId: string): PublicPlayerView[] {
  const options = consentOptions();
  return playersOfTeam(teamId).map((p) => publicPlayerView(p, options));
}

/** A team's top scorers of its latest season: only players whose statistics may be shown. */
export function publicTopScorers(teamId: string, shown: PublicPlayerView[]): { season: string; scorers: { player: PublicPlayerView; stats: PlayerStats }[] } | null {
  const top = teamTopScorers(teamId, TOP_SCORERS_CHOSEN_FROM);
  if (!top) return null;
  const byId = new Map(shown.map((p) => [p.id, p]));
  const scorers = top.scorers
    .map(({ player_id, stats }) => ({ player: byId.get(player_id), stats }))
    .filter((s): s is { player: PublicPlayerView; stats: PlayerStats } => s.player !== undefined && s.player.showStats)
    .slice(0, 10);
  return scorers.length > 0 ? { season: top.season, scorers } : null;
}

export type TeamExtras = {
  top: ReturnType<typeof publicTopScorers>;
  hasMatches: boolean;
  tables: ReturnType<typeof teamLeagues>;
  games: TeamMatchLink[];
  /** what the team's pages show of the match tables, as a hash (team-shown.ts) */
  shown: string | null;
};

/**
 * Below a team's squad: its top scorers, calendar, league tables and match links, read with their hash
 * from one state of the database, so that the hash in the page stands for what it shows (decision 045).
 */
export function teamExtras(teamId: string, shown: PublicPlayerView[], today: string, minutesNow?: number): TeamExtras {
  const none: TeamExtras = { top: null, hasMatches: false, tables: [], games: [], shown: null };
  return readOr(`extras of team ${teamId}`, none, (db) =>
    readConsistently(db, () => ({
      top: publicTopScorers(teamId, shown),
      hasMatches: teamHasMatches(teamId),
      tables: teamLeagues(teamId),
      games: teamMatchLinks(teamId, today, minutesNow),
      shown: teamShownHash(db, teamId, today, minutesNow),
    })),
  );
}

/** The league tables this team plays in (the leagues that name it as ours). */
export function teamLeagues(teamId: string): { id: string; competition: string; season: string }[] {
  return readOr(`leagues of team ${teamId}`, [], (db) =>
    db
      .select({ id: leagues.id, competition: leagues.competition, season: leagues.season })
      .from(leagues)
      .where(eq(leagues.team_id, teamId))
      .all()
      .sort((a, b) => compareSeasonsNewestFirst(a.season, b.season) || a.competition.localeCompare(b.competition, 'de')),
  );
}
