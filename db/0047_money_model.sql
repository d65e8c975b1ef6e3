CREATE TABLE `payment_plans` (
	`booking_id` text PRIMARY KEY NOT NULL,
	`instalment_count` integer NOT NULL,
	`interval_days` integer NOT NULL,
	`total` text NOT NULL,
	`currency` text NOT NULL,
	`created_at` integer NOT NULL,
	`cancelled_at` integer,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payment_plans_count" CHECK("payment_plans"."instalment_count" BETWEEN 2 AND 4)
);
--> statement-breakpoint
CREATE TABLE `plan_instalments` (
	`booking_id` text NOT NULL,
	`number` integer NOT NULL,
	`amount` text NOT NULL,
	`due_on` text NOT NULL,
	`reminded_before_at` integer,
	`reminded_due_at` integer,
	`cancelled_at` integer,
	PRIMARY KEY(`booking_id`, `number`),
	FOREIGN KEY (`booking_id`) REFERENCES `payment_plans`(`booking_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "plan_instalments_number" CHECK("plan_instalments"."number" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE INDEX `plan_instalments_due_idx` ON `plan_instalments` (`cancelled_at`,`due_on`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text,
	`order_id` integer,
	`amount` text NOT NULL,
	`currency` text NOT NULL,
	`method` text NOT NULL,
	`status` text NOT NULL,
	`provider_refund_id` text,
	`reason` text,
	`created_at` integer NOT NULL,
	`created_by` text,
	`sent_on` text,
	`sent_by` text,
	`sent_at` integer,
	CONSTRAINT "refunds_one_subject" CHECK(("refunds"."payment_id" IS NULL) <> ("refunds"."order_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_payment_id_unique` ON `refunds` (`payment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_order_id_unique` ON `refunds` (`order_id`);--> statement-breakpoint
CREATE INDEX `refunds_status_idx` ON `refunds` (`status`,`created_at`);--> statement-breakpoint
DROP INDEX `bookings_created_idx`;--> statement-breakpoint
ALTER TABLE `bookings` ADD `currency` text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
CREATE INDEX `bookings_currency_idx` ON `bookings` (`currency`);--> statement-breakpoint
CREATE INDEX `bookings_created_idx` ON `bookings` (`created_at`,`status`,`service_name`,`service_price`,`currency`);--> statement-breakpoint
DROP INDEX `orders_money_idx`;--> statement-breakpoint
CREATE INDEX `orders_currency_idx` ON `orders` (`currency`);--> statement-breakpoint
CREATE INDEX `orders_money_idx` ON `orders` (`payment_status`,`status`,`paid_at`,`created_at`,`payment_method`,`total_amount`,`currency`);--> statement-breakpoint
DROP INDEX `payments_money_idx`;--> statement-breakpoint
ALTER TABLE `payments` ADD `instalment_number` integer;--> statement-breakpoint
CREATE INDEX `payments_currency_idx` ON `payments` (`currency`);--> statement-breakpoint
CREATE INDEX `payments_money_idx` ON `payments` (`status`,`shop_order_id`,`paid_at`,`created_at`,`method`,`amount`,`currency`);--> statement-breakpoint
-- Data: every booking made before bookings kept their currency gets the one it was priced in: its
-- earliest payment's (asked for at the booking's price in the currency of that day), else the
-- currency setting's (a code on offer only, as the settings are read), else USD (the setting's default).
UPDATE `bookings` SET `currency` = coalesce(
  (SELECT p.`currency` FROM `payments` p WHERE p.`booking_id` = `bookings`.`id` ORDER BY p.`created_at`, p.`rowid` LIMIT 1),
  (SELECT json_extract(s.`value`, '$') FROM `settings` s WHERE s.`key` = 'currency' AND json_valid(s.`value`) AND json_extract(s.`value`, '$') IN ('USD', 'AUD', 'NZD', 'CAD', 'GBP', 'EUR')),
  'USD'
);

--> statement-breakpoint
-- Data (decision 084): a refunded order no longer verifies a purchase. A review verified with an order
-- since refunded moves to the customer's latest other delivered order of the product, if there is one;
-- otherwise it loses its "Verified purchase" badge.
UPDATE `reviews` SET `order_id` = (
  SELECT o.`id` FROM `orders` o JOIN `order_items` i ON i.`order_id` = o.`id`
  WHERE o.`user_id` = `reviews`.`user_id` AND o.`status` = 'delivered' AND i.`product_id` = `reviews`.`product_id`
  ORDER BY o.`id` DESC LIMIT 1)
WHERE `is_verified_purchase` = 1 AND `order_id` IN (SELECT `id` FROM `orders` WHERE `status` = 'refunded')
  AND EXISTS (
  SELECT 1 FROM `orders` o JOIN `order_items` i ON i.`order_id` = o.`id`
  WHERE o.`user_id` = `reviews`.`user_id` AND o.`status` = 'delivered' AND i.`product_id` = `reviews`.`product_id`);
--> statement-breakpoint
UPDATE `reviews` SET `is_verified_purchase` = 0
WHERE `is_verified_purchase` = 1 AND `order_id` IN (SELECT `id` FROM `orders` WHERE `status` = 'refunded');
