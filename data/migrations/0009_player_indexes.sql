CREATE INDEX `match_events_player` ON `match_events` (`player_id`);--> statement-breakpoint
CREATE INDEX `match_events_related` ON `match_events` (`related_player_id`);--> statement-breakpoint
CREATE INDEX `match_lineups_by_player` ON `match_lineups` (`player_id`);