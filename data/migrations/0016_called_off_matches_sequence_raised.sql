-- The calendar feeds write 'Abgesagt: ' and 'Verschoben: ' in front of a called-off match's title
-- (content/ical.ts, 2026-12-04). An app that keeps an event until its SEQUENCE rises (RFC 5545 3.8.7.4)
-- showed the old title of the matches called off before, as if they were still on, until their next edit.
-- Their SEQUENCE rises once and their `updated_at` (the feed's DTSTAMP and LAST-MODIFIED) is now, as a save
-- sets both, so each subscribed calendar takes the new title, whichever of the two it goes by.
UPDATE `matches` SET `sequence` = `sequence` + 1, `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `status` IN ('cancelled', 'postponed');
