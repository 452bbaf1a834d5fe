-- When an admin chose 'Ausblenden' on the 'Erste Schritte' (decision 071): kept with the account, so the list
-- stays hidden on each of their devices, and another admin still sees it. NULL: shown.
ALTER TABLE `users` ADD `first_steps_hidden_at` text;
