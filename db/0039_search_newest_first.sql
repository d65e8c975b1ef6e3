-- Both admin searches' trigram indexes keyed in their lists' order, so a search reads its page, and
-- counts its matches, without reading every match: an FTS5 query walks its matches in rowid order,
-- so a rowid that sorts like the list (newest first) lets `ORDER BY rowid DESC LIMIT` stop at the
-- page. The key is the signup or placing time in milliseconds times a million plus the row's own
-- number modulo a million (the users' rowid, the orders' id): the list's order, ties going to the
-- later inserted, and unique unless a million rows share one millisecond.
-- users_search: 0035's index without the signup-time column, which the key now carries. An update
-- finds the customer's row within its millisecond by id, so a renumbered users rowid (VACUUM may do
-- that to a table without an integer primary key) still finds it.
-- orders_search: each order's number and its customer's e-mail and "first last" name (as
-- users_search holds them), so a search by customer reads one index too; a change of a customer's
-- e-mail or name rewrites their orders' rows, and an order whose customer is deleted (orders.user_id
-- set null) keeps its number only.
DROP TRIGGER `users_search_insert`;--> statement-breakpoint
DROP TRIGGER `users_search_update`;--> statement-breakpoint
DROP TRIGGER `users_search_delete`;--> statement-breakpoint
DROP TABLE `users_search`;--> statement-breakpoint
CREATE VIRTUAL TABLE `users_search` USING fts5(`user_id` UNINDEXED, `text`, tokenize = 'trigram');--> statement-breakpoint
INSERT INTO `users_search` (`rowid`, `user_id`, `text`) SELECT `created_at` * 1000000 + `rowid` % 1000000, `id`, coalesce(`email`, '') || char(10) || coalesce(`first_name`, '') || ' ' || coalesce(`last_name`, '') FROM `users` ORDER BY `rowid`;--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN INSERT INTO `users_search` (`rowid`, `user_id`, `text`) VALUES (new.`created_at` * 1000000 + new.`rowid` % 1000000, new.`id`, coalesce(new.`email`, '') || char(10) || coalesce(new.`first_name`, '') || ' ' || coalesce(new.`last_name`, '')); END;--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF `id`, `email`, `first_name`, `last_name`, `created_at` ON `users` BEGIN DELETE FROM `users_search` WHERE `rowid` BETWEEN old.`created_at` * 1000000 AND old.`created_at` * 1000000 + 999999 AND `user_id` = old.`id`; INSERT INTO `users_search` (`rowid`, `user_id`, `text`) VALUES (new.`created_at` * 1000000 + new.`rowid` % 1000000, new.`id`, coalesce(new.`email`, '') || char(10) || coalesce(new.`first_name`, '') || ' ' || coalesce(new.`last_name`, '')); END;--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN DELETE FROM `users_search` WHERE `rowid` BETWEEN old.`created_at` * 1000000 AND old.`created_at` * 1000000 + 999999 AND `user_id` = old.`id`; END;--> statement-breakpoint
DROP TRIGGER `orders_search_insert`;--> statement-breakpoint
DROP TRIGGER `orders_search_update`;--> statement-breakpoint
DROP TRIGGER `orders_search_delete`;--> statement-breakpoint
DROP TABLE `orders_search`;--> statement-breakpoint
CREATE VIRTUAL TABLE `orders_search` USING fts5(`order_id` UNINDEXED, `number`, `customer`, tokenize = 'trigram');--> statement-breakpoint
INSERT INTO `orders_search` (`rowid`, `order_id`, `number`, `customer`) SELECT o.`created_at` * 1000000 + o.`id` % 1000000, o.`id`, o.`order_number`, coalesce((SELECT coalesce(u.`email`, '') || char(10) || coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '') FROM `users` u WHERE u.`id` = o.`user_id`), '') FROM `orders` o ORDER BY o.`id`;--> statement-breakpoint
CREATE TRIGGER `orders_search_insert` AFTER INSERT ON `orders` BEGIN INSERT INTO `orders_search` (`rowid`, `order_id`, `number`, `customer`) VALUES (new.`created_at` * 1000000 + new.`id` % 1000000, new.`id`, new.`order_number`, coalesce((SELECT coalesce(u.`email`, '') || char(10) || coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '') FROM `users` u WHERE u.`id` = new.`user_id`), '')); END;--> statement-breakpoint
CREATE TRIGGER `orders_search_update` AFTER UPDATE OF `id`, `order_number`, `user_id`, `created_at` ON `orders` BEGIN DELETE FROM `orders_search` WHERE `rowid` = old.`created_at` * 1000000 + old.`id` % 1000000; INSERT INTO `orders_search` (`rowid`, `order_id`, `number`, `customer`) VALUES (new.`created_at` * 1000000 + new.`id` % 1000000, new.`id`, new.`order_number`, coalesce((SELECT coalesce(u.`email`, '') || char(10) || coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '') FROM `users` u WHERE u.`id` = new.`user_id`), '')); END;--> statement-breakpoint
CREATE TRIGGER `orders_search_delete` AFTER DELETE ON `orders` BEGIN DELETE FROM `orders_search` WHERE `rowid` = old.`created_at` * 1000000 + old.`id` % 1000000; END;--> statement-breakpoint
CREATE TRIGGER `orders_search_customer` AFTER UPDATE OF `email`, `first_name`, `last_name` ON `users` BEGIN UPDATE `orders_search` SET `customer` = coalesce(new.`email`, '') || char(10) || coalesce(new.`first_name`, '') || ' ' || coalesce(new.`last_name`, '') WHERE `rowid` IN (SELECT `created_at` * 1000000 + `id` % 1000000 FROM `orders` WHERE `user_id` = new.`id`); END;
