ALTER TABLE `orders` ADD `review_invited_at` integer;--> statement-breakpoint
CREATE INDEX `orders_review_invite_idx` ON `orders` (`status`,`review_invited_at`,`delivered_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `review_invites` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `reviews_moderation_idx` ON `reviews` (`is_approved`,`rejected_at`,`created_at`);