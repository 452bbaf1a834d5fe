-- An invitation whose mail is going out, kept until it is settled (decision 073): one that a killed process left
-- is said in the Protokoll at the next start.
CREATE TABLE `invitation_mails_going_out` (
	`token_id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`user_id` text NOT NULL,
	`since` integer NOT NULL,
	`by_id` text,
	`by_name` text,
	`sender` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
