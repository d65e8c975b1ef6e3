CREATE TABLE `admin_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_recovery_codes_hash_idx` ON `admin_recovery_codes` (`admin_id`,`code_hash`);--> statement-breakpoint
ALTER TABLE `admins` ADD `role` text DEFAULT 'owner' NOT NULL;