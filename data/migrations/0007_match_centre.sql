CREATE TABLE `league_results` (
	`id` text PRIMARY KEY NOT NULL,
	`league_id` text NOT NULL,
	`matchday` integer,
	`match_date` text,
	`home_team` text NOT NULL,
	`away_team` text NOT NULL,
	`home_score` integer,
	`away_score` integer,
	`external_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `league_results_league` ON `league_results` (`league_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `league_results_external_key` ON `league_results` (`league_id`,`external_key`);--> statement-breakpoint
CREATE TABLE `leagues` (
	`id` text PRIMARY KEY NOT NULL,
	`competition` text NOT NULL,
	`season` text NOT NULL,
	`mode` text DEFAULT 'computed' NOT NULL,
	`points_win` integer DEFAULT 3 NOT NULL,
	`points_draw` integer DEFAULT 1 NOT NULL,
	`points_loss` integer DEFAULT 0 NOT NULL,
	`tie_breakers` text DEFAULT '["goal_difference","goals_for","head_to_head"]' NOT NULL,
	`our_team_name` text,
	`team_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leagues_competition_season` ON `leagues` (`competition`,`season`);--> statement-breakpoint
CREATE TABLE `match_events` (
	`id` text PRIMARY KEY NOT NULL,
	`match_id` text NOT NULL,
	`type` text NOT NULL,
	`side` text NOT NULL,
	`minute` integer NOT NULL,
	`added_time` integer,
	`goal_kind` text,
	`player_id` text,
	`player_name` text,
	`related_player_id` text,
	`related_player_name` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`related_player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `match_events_match` ON `match_events` (`match_id`,`minute`);--> statement-breakpoint
CREATE TABLE `match_lineups` (
	`id` text PRIMARY KEY NOT NULL,
	`match_id` text NOT NULL,
	`player_id` text NOT NULL,
	`jersey_number` integer,
	`role` text NOT NULL,
	`display_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `match_lineups_player` ON `match_lineups` (`match_id`,`player_id`);--> statement-breakpoint
CREATE TABLE `standings` (
	`id` text PRIMARY KEY NOT NULL,
	`league_id` text NOT NULL,
	`position` integer NOT NULL,
	`team_name` text NOT NULL,
	`played` integer DEFAULT 0 NOT NULL,
	`won` integer DEFAULT 0 NOT NULL,
	`drawn` integer DEFAULT 0 NOT NULL,
	`lost` integer DEFAULT 0 NOT NULL,
	`goals_for` integer DEFAULT 0 NOT NULL,
	`goals_against` integer DEFAULT 0 NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `standings_league` ON `standings` (`league_id`,`position`);--> statement-breakpoint
ALTER TABLE `matches` ADD `team_id` text REFERENCES teams(id);--> statement-breakpoint
ALTER TABLE `matches` ADD `team_side` text;--> statement-breakpoint
ALTER TABLE `matches` ADD `report` text;--> statement-breakpoint
ALTER TABLE `matches` ADD `report_images` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `matches` ADD `opponent_lineup` text;--> statement-breakpoint
ALTER TABLE `matches` ADD `live_phase` text DEFAULT 'not_started' NOT NULL;--> statement-breakpoint
ALTER TABLE `matches` ADD `kickoff_at` integer;--> statement-breakpoint
ALTER TABLE `matches` ADD `second_half_at` integer;--> statement-breakpoint
ALTER TABLE `matches` ADD `external_key` text;--> statement-breakpoint
CREATE INDEX `matches_team` ON `matches` (`team_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `matches_external_key` ON `matches` (`external_key`);--> statement-breakpoint
ALTER TABLE `players` ADD `consent_name` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `consent_photo` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `consent_stats` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `consent_given_by` text;--> statement-breakpoint
ALTER TABLE `players` ADD `consent_given_at` text;--> statement-breakpoint
ALTER TABLE `players` ADD `consent_recorded_by` text;--> statement-breakpoint
-- issue 14: a player under 14 without recorded consent shows only by name, on in new installations;
-- an installation that already shows players keeps its pages as they are until an admin turns it on
INSERT OR IGNORE INTO `site_settings` (`key`, `value`) SELECT 'protect_minors', 'off' WHERE EXISTS (SELECT 1 FROM `players`);
