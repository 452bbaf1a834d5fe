CREATE TABLE `club_settings` (
	`id` text PRIMARY KEY DEFAULT 'club' NOT NULL,
	`short_name` text NOT NULL,
	`long_name` text NOT NULL,
	`crest_url` text,
	`primary_color` text NOT NULL,
	`secondary_color` text NOT NULL,
	`home_ground` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
