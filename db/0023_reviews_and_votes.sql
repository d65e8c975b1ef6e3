CREATE TABLE `review_votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`review_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_votes_review_user_idx` ON `review_votes` (`review_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `review_votes_user_idx` ON `review_votes` (`user_id`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`order_id` integer,
	`rating` integer NOT NULL,
	`title` text,
	`comment` text,
	`is_verified_purchase` integer DEFAULT false NOT NULL,
	`is_approved` integer DEFAULT false NOT NULL,
	`helpful_votes` integer DEFAULT 0 NOT NULL,
	`rejected_at` integer,
	`rejection_reason` text,
	`reply` text,
	`replied_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reviews_rating_range" CHECK("__new_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
INSERT INTO `__new_reviews`("id", "product_id", "user_id", "order_id", "rating", "title", "comment", "is_verified_purchase", "is_approved", "helpful_votes", "rejected_at", "rejection_reason", "reply", "replied_at", "created_at", "updated_at") SELECT "id", "product_id", "user_id", "order_id", "rating", "title", "comment", "is_verified_purchase", "is_approved", "helpful_votes", "rejected_at", "rejection_reason", "reply", "replied_at", "created_at", "updated_at" FROM `reviews`;--> statement-breakpoint
DROP TABLE `reviews`;--> statement-breakpoint
ALTER TABLE `__new_reviews` RENAME TO `reviews`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_user_product_idx` ON `reviews` (`user_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `reviews_product_approved_idx` ON `reviews` (`product_id`,`is_approved`,`created_at`);