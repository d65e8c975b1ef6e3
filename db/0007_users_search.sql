-- A trigram index over each customer's e-mail and "first last" name, so the admin's searches find a
-- piece of either without reading every customer. Keyed by users.id (a VACUUM may renumber the
-- rowids of a table without an integer primary key), kept current by the triggers below.
CREATE VIRTUAL TABLE `users_search` USING fts5(`user_id` UNINDEXED, `text`, tokenize = 'trigram');--> statement-breakpoint
INSERT INTO `users_search` (`user_id`, `text`) SELECT `id`, coalesce(`email`, '') || char(10) || coalesce(`first_name`, '') || ' ' || coalesce(`last_name`, '') FROM `users`;--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN INSERT INTO `users_search` (`user_id`, `text`) VALUES (new.`id`, coalesce(new.`email`, '') || char(10) || coalesce(new.`first_name`, '') || ' ' || coalesce(new.`last_name`, '')); END;--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF `id`, `email`, `first_name`, `last_name` ON `users` BEGIN DELETE FROM `users_search` WHERE `user_id` = old.`id`; INSERT INTO `users_search` (`user_id`, `text`) VALUES (new.`id`, coalesce(new.`email`, '') || char(10) || coalesce(new.`first_name`, '') || ' ' || coalesce(new.`last_name`, '')); END;--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN DELETE FROM `users_search` WHERE `user_id` = old.`id`; END;
