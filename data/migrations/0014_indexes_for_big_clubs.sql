-- A big club's saves and restores read news and versions by an index (issue 16): the scheduler's next time on
-- every news save scanned every article (its text on the way); 'Rückgängig' and the trash's restore walked
-- every version of a kind to find the rows of one write.
CREATE INDEX `news_publish_at` ON `news` (`publish_at`) WHERE publish_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `news_unpublish_at` ON `news` (`unpublish_at`) WHERE unpublish_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `revisions_change_set` ON `revisions` (`change_set`,`op`);