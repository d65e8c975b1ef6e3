CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer,
	`admin_username` text NOT NULL,
	`kind` text NOT NULL,
	`action` text NOT NULL,
	`record_id` text,
	`summary` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_admin_idx` ON `audit_log` (`admin_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_kind_idx` ON `audit_log` (`kind`,`created_at`);--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
