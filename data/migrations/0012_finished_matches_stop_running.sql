-- A match set to 'Beendet' (or called off) in the form while its clock ran kept a running half: 'Spieltag'
-- offered it again and its page showed '2. Halbzeit' beside 'Beendet'. Saves end the clock now
-- (services/admin/matches.ts); the rows saved before are put right once.
UPDATE `matches` SET `live_phase` = 'full_time' WHERE `status` = 'finished' AND `live_phase` IN ('first_half', 'half_time', 'second_half');
--> statement-breakpoint
UPDATE `matches` SET `live_phase` = 'not_started' WHERE `status` IN ('scheduled', 'postponed', 'cancelled') AND `live_phase` IN ('first_half', 'half_time', 'second_half');
