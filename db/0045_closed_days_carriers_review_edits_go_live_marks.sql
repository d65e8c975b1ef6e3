CREATE TABLE `calendar_days` (
	`date` text PRIMARY KEY NOT NULL,
	`closed` integer NOT NULL,
	`reason` text,
	`updated_at` integer NOT NULL,
	CONSTRAINT "calendar_days_date" CHECK("calendar_days"."date" GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
);
--> statement-breakpoint
CREATE TABLE `go_live_marks` (
	`item` text PRIMARY KEY NOT NULL,
	`mark` text NOT NULL,
	`reason` text NOT NULL,
	`admin_id` integer,
	`admin_username` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `carrier` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `verified_document` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `verified_by` text;--> statement-breakpoint
ALTER TABLE `reviews` ADD `edited_by_business_at` integer;--> statement-breakpoint
ALTER TABLE `reviews` ADD `edit_reason` text;--> statement-breakpoint
ALTER TABLE `reviews` ADD `original_title` text;--> statement-breakpoint
ALTER TABLE `reviews` ADD `original_comment` text;--> statement-breakpoint
CREATE INDEX `contacts_email_idx` ON `contacts` (lower("email"),`created_at`);