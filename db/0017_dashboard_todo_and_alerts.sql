CREATE TABLE `daily_digests` (
	`day` text PRIMARY KEY NOT NULL,
	`done_at` integer NOT NULL,
	`outbox_id` integer
);
--> statement-breakpoint
ALTER TABLE `bookings` ADD `cancelled_by` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `cancelled_at` integer;--> statement-breakpoint
CREATE INDEX `bookings_cancelled_idx` ON `bookings` (`cancelled_by`,`cancelled_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `cancelled_by` text;--> statement-breakpoint
CREATE INDEX `orders_cancelled_idx` ON `orders` (`cancelled_by`,`cancelled_at`);--> statement-breakpoint
CREATE INDEX `products_stock_idx` ON `products` (`is_active`,`stock_quantity`);--> statement-breakpoint
CREATE INDEX `products_low_stock_idx` ON `products` (`is_active`,("stock_quantity" <= "low_stock_threshold"),`stock_quantity`);