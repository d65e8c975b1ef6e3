ALTER TABLE `admins` ADD `totp_key` text;--> statement-breakpoint
ALTER TABLE `admins` ADD `totp_pending_key` text;--> statement-breakpoint
ALTER TABLE `admins` ADD `totp_enabled_at` integer;--> statement-breakpoint
ALTER TABLE `admins` ADD `totp_last_step` integer;--> statement-breakpoint
CREATE INDEX `bookings_created_idx` ON `bookings` (`created_at`);