-- The published articles' ids (every news list, the sitemap, a list's check for gone pages) and an article's
-- place in the archive read from the index alone (issue 16): with only (published, created_at) SQLite read each
-- of a big club's 10,000 rows, with its text, for the id.
DROP INDEX `news_published_created`;--> statement-breakpoint
CREATE INDEX `news_published_created_id` ON `news` (`published`,`created_at`,`id`);