CREATE TABLE `uploads` (
	`name` text PRIMARY KEY NOT NULL,
	`content_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `contacts` ADD `handled_at` integer;--> statement-breakpoint
CREATE INDEX `contacts_inbox_idx` ON `contacts` (("handled_at" is not null),("urgency" <> 'emergency'),`created_at`);--> statement-breakpoint
CREATE INDEX `contacts_created_idx` ON `contacts` (`created_at`);--> statement-breakpoint
ALTER TABLE `payments` ADD `paid_at` integer;--> statement-breakpoint
CREATE INDEX `payments_created_idx` ON `payments` (`created_at`);--> statement-breakpoint
ALTER TABLE `referral_transactions` ADD `paid_at` integer;--> statement-breakpoint
ALTER TABLE `referral_transactions` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `referral_transactions` ADD `void_reason` text;--> statement-breakpoint
CREATE INDEX `referral_tx_referrer_idx` ON `referral_transactions` (`referrer_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `referral_tx_booking_idx` ON `referral_transactions` (`booking_id`);--> statement-breakpoint
CREATE INDEX `referral_tx_status_idx` ON `referral_transactions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_appointment_idx` ON `bookings` (`appointment_date`,`appointment_time`);--> statement-breakpoint
CREATE INDEX `bookings_status_idx` ON `bookings` (`status`,`appointment_date`,`appointment_time`);--> statement-breakpoint
UPDATE `payments` SET `paid_at` = `updated_at` WHERE `status` IN ('completed', 'refunded');