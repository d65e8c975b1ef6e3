CREATE TABLE `case_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`record_list` text NOT NULL,
	`record_key` text NOT NULL,
	`admin_id` integer,
	`admin_username` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `case_notes_record_idx` ON `case_notes` (`record_list`,`record_key`,`created_at`);