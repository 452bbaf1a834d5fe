// Matches and what hangs on them: line-ups, events by minute, leagues with the other teams' results and
// entered tables.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns';
import { players, teams } from './content';

export const matches = sqliteTable(
  'matches',
  {
    id: idColumn(),
    home_team: text('home_team').notNull(),
    away_team: text('away_team').notNull(),
    // ISO date YYYY-MM-DD
    match_date: text('match_date').notNull(),
    // HH:MM
    match_time: text('match_time'),
    location: text('location'),
    competition: text('competition'),
    season: text('season'),
    matchday: integer('matchday'),
    match_type: text('match_type').default('league'),
    home_score: integer('home_score'),
    away_score: integer('away_score'),
    status: text('status').notNull().default('scheduled'),
    notes: text('notes'),
    // raised on every change, for iCalendar SEQUENCE
    sequence: integer('sequence').notNull().default(0),
    // ── match centre (issue 14); the spec's free-text home_team/away_team stay ──
    // our team in this match, and which of the two sides it is ('home' | 'away')
    team_id: text('team_id').references(() => teams.id, { onDelete: 'set null' }),
    team_side: text('team_side', { enum: ['home', 'away'] }),
    // the match report: HTML, sanitised like a news article's content
    report: text('report'),
    report_images: text('report_images', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    // the opponent's line-up as free text
    opponent_lineup: text('opponent_lineup'),
    // match day: where the match stands, and when each half began (ms since 1970)
    live_phase: text('live_phase', { enum: ['not_started', 'first_half', 'half_time', 'second_half', 'full_time'] })
      .notNull()
      .default('not_started'),
    kickoff_at: integer('kickoff_at'),
    second_half_at: integer('second_half_at'),
    // the import's stable key for this match (a league portal's id or a hash of date and teams)
    external_key: text('external_key'),
    created_at: createdAtColumn(),
    updated_at: updatedAtColumn(),
  },
  (t) => [index('matches_date').on(t.match_date), index('matches_team').on(t.team_id), uniqueIndex('matches_external_key').on(t.external_key)],
);

// Our side's line-up of one match: starting eleven and substitutes, from the team's players.
export const matchLineups = sqliteTable(
  'match_lineups',
  {
    id: idColumn(),
    match_id: text('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    player_id: text('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    // the number worn in this match (may differ from the player's usual one)
    jersey_number: integer('jersey_number'),
    role: text('role', { enum: ['start', 'sub'] }).notNull(),
    display_order: integer('display_order').notNull().default(0),
  },
  // by player too, with the columns it reads: a player page reads the matches a player played in (issue 16)
  (t) => [uniqueIndex('match_lineups_player').on(t.match_id, t.player_id), index('match_lineups_by_player').on(t.player_id, t.match_id, t.role)],
);

// What happened in a match, by minute. `side` is the side the event counts for:
// the scoring side for a goal (an own goal counts for the other side than the
// player's), the player's side for cards and substitutions. Our players are
// linked (player_id); the opponent's are free text (player_name).
export const matchEvents = sqliteTable(
  'match_events',
  {
    id: idColumn(),
    match_id: text('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['goal', 'yellow', 'yellow_red', 'red', 'substitution'] }).notNull(),
    side: text('side', { enum: ['home', 'away'] }).notNull(),
    minute: integer('minute').notNull(),
    // 45+2: minute 45, added_time 2
    added_time: integer('added_time'),
    goal_kind: text('goal_kind', { enum: ['regular', 'penalty', 'own_goal'] }),
    player_id: text('player_id').references(() => players.id, { onDelete: 'set null' }),
    player_name: text('player_name'),
    // the assist of a goal, or the player going off in a substitution
    related_player_id: text('related_player_id').references(() => players.id, { onDelete: 'set null' }),
    related_player_name: text('related_player_name'),
    created_by: text('created_by'),
    created_at: createdAtColumn(),
    // the form's own id for this entry: a save sent again (a double tap, an answer lost on weak data) finds the
    // event it stored instead of storing it twice (decision 032)
    entry_id: text('entry_id'),
  },
  // by player too: a player page reads the events it names (issue 16), without a scan of every match's events;
  // with every column it reads in the index, so that no row of the table is looked up (a third of its reading)
  (t) => [
    index('match_events_match').on(t.match_id, t.minute),
    uniqueIndex('match_events_entry').on(t.match_id, t.entry_id),
    index('match_events_player').on(t.player_id, t.match_id, t.type, t.minute, t.goal_kind, t.related_player_id),
    index('match_events_related').on(t.related_player_id, t.match_id, t.type, t.minute, t.goal_kind, t.player_id),
  ],
);

// A league table per competition and season: computed from results, or entered
// (pasted from a league portal) for clubs that enter only their own matches.
export const leagues = sqliteTable(
  'leagues',
  {
    id: idColumn(),
    // the same texts as matches.competition and matches.season
    competition: text('competition').notNull(),
    season: text('season').notNull(),
    mode: text('mode', { enum: ['computed', 'entered'] }).notNull().default('computed'),
    points_win: integer('points_win').notNull().default(3),
    points_draw: integer('points_draw').notNull().default(1),
    points_loss: integer('points_loss').notNull().default(0),
    // after points, in order (docs/decisions: the league table's tie-breaks)
    tie_breakers: text('tie_breakers', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'["goal_difference","goals_for","head_to_head"]'`),
    // our name in this league's table, and the team it is
    our_team_name: text('our_team_name'),
    team_id: text('team_id').references(() => teams.id, { onDelete: 'set null' }),
    created_at: createdAtColumn(),
    updated_at: updatedAtColumn(),
  },
  (t) => [uniqueIndex('leagues_competition_season').on(t.competition, t.season)],
);

// The other teams' results of a league (our own are in matches): what a computed table needs besides ours.
export const leagueResults = sqliteTable(
  'league_results',
  {
    id: idColumn(),
    league_id: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    matchday: integer('matchday'),
    match_date: text('match_date'),
    home_team: text('home_team').notNull(),
    away_team: text('away_team').notNull(),
    home_score: integer('home_score'),
    away_score: integer('away_score'),
    external_key: text('external_key'),
    created_at: createdAtColumn(),
  },
  (t) => [index('league_results_league').on(t.league_id), uniqueIndex('league_results_external_key').on(t.league_id, t.external_key)],
);

// An entered (pasted) table's rows, as the league portal shows them.
export const standings = sqliteTable(
  'standings',
  {
    id: idColumn(),
    league_id: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    team_name: text('team_name').notNull(),
    played: integer('played').notNull().default(0),
    won: integer('won').notNull().default(0),
    drawn: integer('drawn').notNull().default(0),
    lost: integer('lost').notNull().default(0),
    goals_for: integer('goals_for').notNull().default(0),
    goals_against: integer('goals_against').notNull().default(0),
    points: integer('points').notNull().default(0),
  },
  (t) => [index('standings_league').on(t.league_id, t.position)],
);
