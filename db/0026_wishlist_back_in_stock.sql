CREATE TABLE `back_in_stock_opt_outs` (
	`user_id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `wishlist_items` ADD `back_in_stock_mail` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `wishlist_items` ADD `notified_at` integer;--> statement-breakpoint
CREATE INDEX `wishlist_product_idx` ON `wishlist_items` (`product_id`);