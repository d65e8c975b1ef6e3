CREATE TABLE `seed_versions` (
	`version` integer PRIMARY KEY NOT NULL,
	`applied_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `outbox` ADD `recipient_limited` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox` (`created_at`);--> statement-breakpoint
-- The outbox no longer gives up: messages an older version marked failed are retried again.
UPDATE `outbox` SET `status` = 'pending' WHERE `status` = 'failed';