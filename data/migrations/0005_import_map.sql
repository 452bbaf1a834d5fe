CREATE TABLE `import_map` (
	`source_table` text NOT NULL,
	`source_id` text NOT NULL,
	`target_id` text NOT NULL,
	`hash` text NOT NULL,
	PRIMARY KEY(`source_table`, `source_id`)
);
