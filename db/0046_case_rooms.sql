CREATE TABLE `case_downloads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`case_room_id` integer NOT NULL,
	`file_id` integer,
	`file_name` text NOT NULL,
	`side` text NOT NULL,
	`user_id` text,
	`admin_id` integer,
	`viewer_name` text NOT NULL,
	`ip` text NOT NULL,
	`requests` integer DEFAULT 1 NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	FOREIGN KEY (`case_room_id`) REFERENCES `case_rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `case_downloads_room_idx` ON `case_downloads` (`case_room_id`,`last_at`);--> statement-breakpoint
CREATE TABLE `case_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`case_room_id` integer NOT NULL,
	`message_id` integer,
	`side` text NOT NULL,
	`user_id` text,
	`admin_id` integer,
	`admin_username` text,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`received_bytes` integer DEFAULT 0 NOT NULL,
	`sha256` text,
	`storage_name` text NOT NULL,
	`sealed_key` text NOT NULL,
	`status` text DEFAULT 'uploading' NOT NULL,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	`deleted_at` integer,
	`offsite_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`case_room_id`) REFERENCES `case_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `case_messages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `case_files_storage_name_unique` ON `case_files` (`storage_name`);--> statement-breakpoint
CREATE INDEX `case_files_room_idx` ON `case_files` (`case_room_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `case_files_status_idx` ON `case_files` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `case_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`case_room_id` integer NOT NULL,
	`side` text NOT NULL,
	`admin_id` integer,
	`admin_username` text,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`case_room_id`) REFERENCES `case_rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `case_messages_room_idx` ON `case_messages` (`case_room_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `case_room_bookings` (
	`booking_id` text PRIMARY KEY NOT NULL,
	`case_room_id` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`case_room_id`) REFERENCES `case_rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `case_room_bookings_room_idx` ON `case_room_bookings` (`case_room_id`);--> statement-breakpoint
CREATE TABLE `case_rooms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`closed_at` integer,
	`retention_warned_at` integer,
	`files_deleted_at` integer,
	`client_seen_at` integer,
	`business_seen_at` integer,
	`client_notified_at` integer,
	`business_notified_at` integer,
	`last_activity_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `case_rooms_user_idx` ON `case_rooms` (`user_id`);--> statement-breakpoint
CREATE INDEX `case_rooms_activity_idx` ON `case_rooms` (`last_activity_at`);--> statement-breakpoint
CREATE INDEX `case_rooms_closed_idx` ON `case_rooms` (`closed_at`);--> statement-breakpoint
CREATE INDEX `case_rooms_unseen_idx` ON `case_rooms` (`last_activity_at`) WHERE last_activity_at > coalesce(business_seen_at, 0);--> statement-breakpoint
CREATE TABLE `case_updates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`case_room_id` integer NOT NULL,
	`status` text NOT NULL,
	`note` text,
	`admin_id` integer,
	`admin_username` text NOT NULL,
	`notified` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`case_room_id`) REFERENCES `case_rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `case_updates_room_idx` ON `case_updates` (`case_room_id`,`created_at`);