DROP INDEX `referral_tx_referrer_idx`;--> statement-breakpoint
CREATE INDEX `referral_tx_referrer_idx` ON `referral_transactions` (`referrer_id`,`status`,`created_at`,`amount`);