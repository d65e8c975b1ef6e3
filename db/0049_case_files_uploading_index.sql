DROP INDEX `case_files_status_idx`;--> statement-breakpoint
CREATE INDEX `case_files_uploading_idx` ON `case_files` (`updated_at`) WHERE status = 'uploading';