ALTER TABLE `case_files` ADD `chunk_claimed_until` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `capture_started_at` integer;