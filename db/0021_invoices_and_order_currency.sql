CREATE TABLE `invoices` (
	`number` integer PRIMARY KEY NOT NULL,
	`order_id` integer,
	`payment_id` text,
	`business_name` text NOT NULL,
	`abn` text NOT NULL,
	`total_amount` text NOT NULL,
	`tax_amount` text NOT NULL,
	`currency` text NOT NULL,
	`issued_at` integer NOT NULL,
	CONSTRAINT "invoices_one_subject" CHECK(("invoices"."order_id" IS NULL) <> ("invoices"."payment_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_order_id_unique` ON `invoices` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_payment_id_unique` ON `invoices` (`payment_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `currency` text DEFAULT 'USD' NOT NULL;