-- The calendar feeds write 'Abgesagt: ' and 'Verschoben: ' in front of a called-off match's title
-- (content/ical.ts, 2026-12-04). An app that keeps an event until its SEQUENCE rises (RFC 5545 3.8.7.4)
-- showed the old title of the matches called off before, as if they were still on, until their next edit.
-- Their SEQUENCE rises once, as every save's does, so each subscribed calendar takes the new title.
UPDATE `matches` SET `sequence` = `sequence` + 1 WHERE `status` IN ('cancelled', 'postponed');
