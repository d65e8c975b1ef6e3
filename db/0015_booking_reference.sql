ALTER TABLE `bookings` ADD `reference` text;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_reference_idx` ON `bookings` (`reference`);