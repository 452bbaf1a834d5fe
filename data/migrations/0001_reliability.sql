CREATE TABLE `publish_pending` (
	`url` text PRIMARY KEY NOT NULL,
	`since` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE TABLE `scheduled_jobs` (
	`name` text PRIMARY KEY NOT NULL,
	`next_run_at` integer NOT NULL,
	`last_run_at` integer,
	`last_error` text
);
