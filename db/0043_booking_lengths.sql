CREATE TABLE `booking_slots` (
	`booking_id` text NOT NULL,
	`slot_id` integer NOT NULL,
	PRIMARY KEY(`booking_id`, `slot_id`),
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`slot_id`) REFERENCES `time_slots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `booking_slots_slot_idx` ON `booking_slots` (`slot_id`);--> statement-breakpoint
ALTER TABLE `service_pricing` ADD `length_unit` text DEFAULT 'hours' NOT NULL;--> statement-breakpoint
ALTER TABLE `service_pricing` ADD `length_count` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE `service_pricing` SET `length_unit` = 'days', `length_count` = max(1, `duration_minutes` / 1440) WHERE `kind` = 'package' AND `duration_minutes` >= 480;--> statement-breakpoint
UPDATE `service_pricing` SET `length_count` = max(1, `duration_minutes` / 60) WHERE `length_unit` = 'hours';--> statement-breakpoint
INSERT OR IGNORE INTO `booking_slots` (`booking_id`, `slot_id`) SELECT `id`, `time_slot_id` FROM `bookings` WHERE `time_slot_id` IS NOT NULL AND `status` != 'cancelled';--> statement-breakpoint
INSERT OR IGNORE INTO `booking_slots` (`booking_id`, `slot_id`) SELECT b.`id`, s.`id` FROM `bookings` b JOIN `time_slots` s ON s.`date` = b.`appointment_date` AND s.`time` = b.`appointment_time` WHERE b.`time_slot_id` IS NULL AND b.`status` != 'cancelled';
