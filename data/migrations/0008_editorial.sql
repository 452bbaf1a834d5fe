CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`user_id` text,
	`user_name` text,
	`action` text NOT NULL,
	`entity` text,
	`row_id` text,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_action` ON `audit_log` (`action`,`at`);--> statement-breakpoint
CREATE TABLE `media` (
	`url` text PRIMARY KEY NOT NULL,
	`alt` text DEFAULT '' NOT NULL,
	`bytes` integer,
	`width` integer,
	`height` integer,
	`uploaded_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`change_set` text NOT NULL,
	`entity` text NOT NULL,
	`row_id` text NOT NULL,
	`op` text NOT NULL,
	`data` text NOT NULL,
	`user_id` text,
	`user_name` text,
	`created_at` integer NOT NULL,
	`trash_closed` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX `revisions_row` ON `revisions` (`entity`,`row_id`,`id`);--> statement-breakpoint
CREATE INDEX `revisions_trash` ON `revisions` (`op`,`trash_closed`,`created_at`);--> statement-breakpoint
CREATE INDEX `revisions_created` ON `revisions` (`created_at`);--> statement-breakpoint
ALTER TABLE `news` ADD `publish_at` integer;--> statement-breakpoint
ALTER TABLE `news` ADD `unpublish_at` integer;