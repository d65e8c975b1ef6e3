CREATE TABLE `daily_totals` (
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`key` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	`cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`kind`, `day`, `key`)
);
--> statement-breakpoint
CREATE TABLE `kept_totals_state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `referrer_totals` (
	`user_id` text PRIMARY KEY NOT NULL,
	`user_created_at` integer DEFAULT 0 NOT NULL,
	`referred_count` integer DEFAULT 0 NOT NULL,
	`pending_cents` integer DEFAULT 0 NOT NULL,
	`pending_count` integer DEFAULT 0 NOT NULL,
	`paid_cents` integer DEFAULT 0 NOT NULL,
	`paid_count` integer DEFAULT 0 NOT NULL,
	`void_cents` integer DEFAULT 0 NOT NULL,
	`void_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `referrer_totals_list_idx` ON `referrer_totals` ("pending_cents" desc,"paid_cents" desc,"user_created_at" desc,`user_id`);--> statement-breakpoint
CREATE TABLE `tz_offsets` (
	`from_ms` integer PRIMARY KEY NOT NULL,
	`offset_ms` integer NOT NULL
);
