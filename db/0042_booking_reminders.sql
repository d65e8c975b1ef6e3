ALTER TABLE `bookings` ADD `reminded_for` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `booking_reminders` integer DEFAULT true NOT NULL;