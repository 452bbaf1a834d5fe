// League tables for the public pages /tabelle and /tabelle/{id} (issue 14) and
// for the admin's preview: a computed league counts our finished matches of its
// competition and season (from the fixtures) and the other teams' results
// (league_results); an entered league shows its pasted rows (standings).
// Rules of the count and the order: src/lib/league-table.ts, decision 027.
import { asc, desc, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '../db/client';
import { leagueResults, leagues, matches, standings } from '../db/schema';
import { cleanTieBreakers, computeTable, sameTeam, teamKey, type LeagueResult, type TableRow } from '../../lib/league-table';
import { clubIdentity } from './club';
import { compareSeasonsNewestFirst, seasonSlug, seasonStartYear } from '../../lib/fixtures';

type LeagueRow = typeof leagues.$inferSelect;
type MatchRow = typeof matches.$inferSelect;

export type LeagueTableView = {
  id: string;
  competition: string;
  season: string;
  mode: 'computed' | 'entered';
  /** the points a win, a draw and a loss bring (computed leagues) */
  points: { win: number; draw: number; loss: number };
  tieBreakers: string[];
  /** our name as the table shows it, to mark our row */
  ourTeam: string | null;
  teamId: string | null;
  rows: TableRow[];
};

/**
 * Our name in the league: the name the matches' `team_side` names most often
 * (one match's side set the wrong way round, 'Wir spielen' kept from the match
 * entered before, no longer makes the opponent us), else the name that turns up
 * in most of our matches of the league (that is the club, whoever it plays); on
 * a tie, the one that carries the club's name.
 */
function ourNameIn(list: MatchRow[]): string | null {
  const sided = new Map<string, number>();
  const seen = new Map<string, number>();
  const count = (counts: Map<string, number>, typed: string) => {
    const name = [...counts.keys()].find((known) => sameTeam(known, typed)) ?? teamKey(typed);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  };
  for (const m of list) {
    if (m.team_side) count(sided, m.team_side === 'home' ? m.home_team : m.away_team);
    for (const name of [m.home_team, m.away_team]) count(seen, name);
  }
  return mostNamed(sided.size > 0 ? sided : seen);
}

function mostNamed(seen: Map<string, number>): string | null {
  const most = Math.max(0, ...seen.values());
  const top = [...seen].filter(([, n]) => n === most).map(([name]) => name);
  if (top.length === 1) return top[0];
  const club = clubIdentity();
  return top.find((name) => sameTeam(name, club.longName)) ?? top.find((name) => name.includes(club.shortName)) ?? null;
}

/** The league's matches: its competition's of its season, however the season was spelt ('2026/27', '2026-27'), as the fixtures take it. */
function leagueMatches(db: Db, league: LeagueRow): MatchRow[] {
  const season = seasonSlug(league.season);
  return db
    .select()
    .from(matches)
    .where(eq(matches.competition, league.competition))
    .all()
    .filter((m) => seasonSlug(m.season ?? '') === season);
}

/**
 * A match with both scores counts when it is finished, or still 'Geplant': a
 * result typed in without moving the status on is shown on the fixtures page,
 * so the table counts it too. A live score is not final; a postponed match's is
 * not a result (decision 027).
 */
const COUNTED_STATUSES = new Set(['finished', 'scheduled', 'upcoming']);

/** Our results from the fixtures, under our name in the table; not-yet-played matches name the teams only. */
function ourResults(list: MatchRow[], matchName: string | null, tableName: string | null): LeagueResult[] {
  const rename = (name: string) => (tableName && sameTeam(name, matchName) ? tableName : name);
  return list
    .filter((m) => m.status !== 'cancelled')
    .map((m) => {
      const played = COUNTED_STATUSES.has(m.status ?? 'scheduled') && m.home_score !== null && m.away_score !== null;
      return { home: rename(m.home_team), away: rename(m.away_team), homeGoals: played ? m.home_score : null, awayGoals: played ? m.away_score : null };
    });
}

/**
 * A pasted table's rows in its order: by rank, and teams on one rank as tables list them (points, goal
 * difference, goals). A paste updates each team's row in place, so the rows' own order is the first paste's.
 */
export const STANDINGS_ORDER = [
  asc(standings.position),
  desc(standings.points),
  desc(sql`${standings.goals_for} - ${standings.goals_against}`),
  desc(standings.goals_for),
  asc(standings.team_name),
];

/** One league's table as the public page shows it. */
export function leagueTableOf(db: Db, league: LeagueRow): LeagueTableView {
  const base = {
    id: league.id,
    competition: league.competition,
    season: league.season,
    mode: league.mode,
    points: { win: league.points_win, draw: league.points_draw, loss: league.points_loss },
    tieBreakers: cleanTieBreakers(league.tie_breakers),
    teamId: league.team_id,
  };
  const ours = leagueMatches(db, league);
  const matchName = ourNameIn(ours);
  const ourTeam = league.our_team_name ? teamKey(league.our_team_name) : (matchName ?? clubIdentity().longName);
  if (league.mode === 'entered') {
    const rows = db.select().from(standings).where(eq(standings.league_id, league.id)).orderBy(...STANDINGS_ORDER).all();
    return {
      ...base,
      ourTeam,
      rows: rows.map((s) => ({
        position: s.position,
        team: s.team_name,
        played: s.played,
        won: s.won,
        drawn: s.drawn,
        lost: s.lost,
        goalsFor: s.goals_for,
        goalsAgainst: s.goals_against,
        goalDifference: s.goals_for - s.goals_against,
        points: s.points,
      })),
    };
  }
  const others = db.select().from(leagueResults).where(eq(leagueResults.league_id, league.id)).all();
  const fixtures = ourResults(ours, matchName, ourTeam);
  // a result of ours typed under 'Ergebnisse' counts unless the fixtures hold that match (not twice): every one
  // was left out once the fixtures held one match of the league, so a club that began here in the winter break
  // lost its autumn results, and an opponent named only there its row
  const asUs = (name: string) => (sameTeam(name, ourTeam) || sameTeam(name, matchName) ? ourTeam : name);
  const inFixtures = (r: { home_team: string; away_team: string }) =>
    fixtures.some((f) => sameTeam(f.home, asUs(r.home_team)) && sameTeam(f.away, asUs(r.away_team)));
  const results: LeagueResult[] = [
    ...fixtures,
    ...others
      .filter((r) => !inFixtures(r))
      .map((r) => ({ home: asUs(r.home_team), away: asUs(r.away_team), homeGoals: r.home_score, awayGoals: r.away_score })),
  ];
  const rows = computeTable(results, { points: base.points, tieBreakers: base.tieBreakers });
  return { ...base, ourTeam, rows };
}

/**
 * The season year /tabelle shows (seasonStartYear): the newest with a result in any of its leagues, else the
 * newest; null without leagues. A league of next season made in June (empty until August) does not take the
 * final tables of this one off the page, and a hall cup named 'Winter 2026' is shown beside '2026/27'.
 */
export function currentSeasonYear(db: Db): number | null {
  const all = db.select().from(leagues).all();
  const years = [...new Set(all.map((league) => seasonStartYear(league.season)))].sort((a, b) => b - a);
  const started = years.find((year) => all.some((league) => seasonStartYear(league.season) === year && leagueTableOf(db, league).rows.some((row) => row.played > 0)));
  return started ?? years[0] ?? null;
}

/** Every league of the current season year, by competition. */
export function currentLeagueTables(db: Db): LeagueTableView[] {
  const year = currentSeasonYear(db);
  if (year === null) return [];
  return db
    .select()
    .from(leagues)
    .orderBy(asc(leagues.competition))
    .all()
    .filter((league) => seasonStartYear(league.season) === year)
    .map((league) => leagueTableOf(db, league));
}

export function leagueTableById(db: Db, id: string): LeagueTableView | null {
  const league = db.select().from(leagues).where(eq(leagues.id, id)).get();
  return league ? leagueTableOf(db, league) : null;
}

/** The ids of all leagues: the pages /tabelle/{id}. */
export function leagueIds(db: Db): string[] {
  return db
    .select({ id: leagues.id, season: leagues.season, competition: leagues.competition })
    .from(leagues)
    .orderBy(asc(leagues.competition))
    .all()
    .sort((a, b) => compareSeasonsNewestFirst(a.season, b.season))
    .map((l) => l.id);
}

/** A team's leagues, newest season first: what a team page links to (/tabelle/{id}). */
export function leaguesOfTeam(db: Db, teamId: string): { id: string; competition: string; season: string }[] {
  return db
    .select({ id: leagues.id, competition: leagues.competition, season: leagues.season })
    .from(leagues)
    .where(eq(leagues.team_id, teamId))
    .orderBy(asc(leagues.competition))
    .all()
    .sort((a, b) => compareSeasonsNewestFirst(a.season, b.season));
}

// The pages' reads. A failure is not turned into an empty table: the render
// fails, and the publisher keeps the page as it was (design habit 5).
export const publicLeagueTables = () => currentLeagueTables(getDb());
export const publicLeagueTable = (id: string) => leagueTableById(getDb(), id);

/** The public table pages' German texts (/tabelle, /tabelle/{id}). */
export const LEAGUE_TABLE_TEXTS = {
  heading: 'Tabelle',
  intro: 'Der aktuelle Stand unserer Ligen.',
  description: (club: string) => `Die Tabellen der Ligen des ${club}: Spiele, Siege, Tore und Punkte.`,
  empty: 'Noch keine Tabelle vorhanden. Sobald der Verein eine Liga anlegt, steht hier der aktuelle Stand.',
  caption: (competition: string, season: string) => `${competition}, Saison ${season}`,
  ours: '(unser Verein)',
  entered: 'Tabelle vom Verbandsportal übernommen.',
  noRows: 'Für diese Liga sind noch keine Mannschaften eingetragen.',
  tieBreak: 'Bei Punktegleichheit entscheiden:',
  points: (win: number, draw: number, loss: number) => `Punkte: Sieg ${win}, Unentschieden ${draw}, Niederlage ${loss}.`,
  scrollLabel: (competition: string) => `Tabelle ${competition}, seitlich scrollbar`,
  single: 'Ganze Tabelle',
  allTables: 'Alle Tabellen',
  columns: {
    position: ['Pl.', 'Platz'],
    team: ['Mannschaft', 'Mannschaft'],
    played: ['Sp.', 'Spiele'],
    won: ['S', 'Siege'],
    drawn: ['U', 'Unentschieden'],
    lost: ['N', 'Niederlagen'],
    goals: ['Tore', 'Tore erzielt : erhalten'],
    difference: ['Diff.', 'Tordifferenz'],
    points: ['Pkt.', 'Punkte'],
  },
} as const;
