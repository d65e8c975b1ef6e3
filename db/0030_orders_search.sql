-- A trigram index over the shop orders' numbers, so the admin's order search finds a piece of one
-- ("7kq4", "PI-7KQ4-M") without reading every order. An order's row in it has the order's id as its
-- rowid (orders.id is an integer primary key, which a VACUUM keeps), so the triggers below find it
-- directly. Customers' names and e-mails are in users_search (0007). The orders placed before this
-- migration are written into it by the next one (0031_orders_search_backfill).
CREATE VIRTUAL TABLE `orders_search` USING fts5(`number`, tokenize = 'trigram');--> statement-breakpoint
CREATE TRIGGER `orders_search_insert` AFTER INSERT ON `orders` BEGIN INSERT INTO `orders_search` (`rowid`, `number`) VALUES (new.`id`, new.`order_number`); END;--> statement-breakpoint
CREATE TRIGGER `orders_search_update` AFTER UPDATE OF `id`, `order_number` ON `orders` BEGIN DELETE FROM `orders_search` WHERE `rowid` = old.`id`; INSERT INTO `orders_search` (`rowid`, `number`) VALUES (new.`id`, new.`order_number`); END;--> statement-breakpoint
CREATE TRIGGER `orders_search_delete` AFTER DELETE ON `orders` BEGIN DELETE FROM `orders_search` WHERE `rowid` = old.`id`; END;
