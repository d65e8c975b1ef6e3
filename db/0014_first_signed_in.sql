ALTER TABLE `users` ADD `first_signed_in_at` integer;
--> statement-breakpoint
-- Until now a new account was signed in when it was made (before decision 025), so existing accounts have been here before.
UPDATE `users` SET `first_signed_in_at` = `created_at`;
