DROP INDEX `bookings_created_idx`;--> statement-breakpoint
CREATE INDEX `bookings_created_idx` ON `bookings` (`created_at`,`status`,`service_name`,`service_price`);--> statement-breakpoint
CREATE INDEX `orders_money_idx` ON `orders` (`payment_status`,`status`,`paid_at`,`created_at`,`payment_method`,`total_amount`);--> statement-breakpoint
CREATE INDEX `payments_money_idx` ON `payments` (`status`,`shop_order_id`,`paid_at`,`created_at`,`method`,`amount`);