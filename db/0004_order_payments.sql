ALTER TABLE `payments` ADD `shop_order_id` integer REFERENCES orders(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `payments_shop_order_idx` ON `payments` (`shop_order_id`);--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`);--> statement-breakpoint
CREATE INDEX `order_items_product_idx` ON `order_items` (`product_id`);