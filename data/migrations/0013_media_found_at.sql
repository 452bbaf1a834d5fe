-- The nightly sweep of unused images (decision 060) counts an image's 30 days from its upload; a file no
-- upload recorded (copied in by hand, kept from before the library) counts from when it was found. The
-- images stored before this update count from the update: none goes in the first night after it.
ALTER TABLE `media` ADD `found_at` text;
--> statement-breakpoint
UPDATE `media` SET `found_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
