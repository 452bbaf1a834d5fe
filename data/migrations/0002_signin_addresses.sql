CREATE TABLE `known_signin_addresses` (
	`account` text NOT NULL,
	`address` text NOT NULL,
	`last_success_at` integer NOT NULL,
	PRIMARY KEY(`account`, `address`)
);
