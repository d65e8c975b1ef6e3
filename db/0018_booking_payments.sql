ALTER TABLE `payments` ADD `booking_id` text REFERENCES bookings(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `payments` ADD `marked_paid_by` text;--> statement-breakpoint
CREATE INDEX `payments_booking_idx` ON `payments` (`booking_id`,`created_at`);