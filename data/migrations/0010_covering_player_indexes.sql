DROP INDEX `match_events_player`;--> statement-breakpoint
DROP INDEX `match_events_related`;--> statement-breakpoint
CREATE INDEX `match_events_player` ON `match_events` (`player_id`,`match_id`,`type`,`minute`,`goal_kind`,`related_player_id`);--> statement-breakpoint
CREATE INDEX `match_events_related` ON `match_events` (`related_player_id`,`match_id`,`type`,`minute`,`goal_kind`,`player_id`);--> statement-breakpoint
DROP INDEX `match_lineups_by_player`;--> statement-breakpoint
CREATE INDEX `match_lineups_by_player` ON `match_lineups` (`player_id`,`match_id`,`role`);