-- An event's entry id: the form's own id for one entry, so that a save sent again (a double tap, an answer
-- lost on weak data) finds the event it stored instead of storing it twice (decision 032). NULL for the
-- events before it (a unique index lets NULLs repeat).
ALTER TABLE `match_events` ADD `entry_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `match_events_entry` ON `match_events` (`match_id`,`entry_id`);