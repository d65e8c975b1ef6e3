-- Hand-written. An invoice is kept for ever and its number never changes, so a number is never issued twice.
CREATE TRIGGER `invoices_no_delete` BEFORE DELETE ON `invoices` BEGIN SELECT RAISE(ABORT, 'invoices are kept'); END;--> statement-breakpoint
CREATE TRIGGER `invoices_number_kept` BEFORE UPDATE OF `number` ON `invoices` BEGIN SELECT RAISE(ABORT, 'an invoice keeps its number'); END;--> statement-breakpoint
-- The home page's offer as first seeded named a percentage no setting applied; it now names the new-client and crypto discounts from their settings. Only the untouched seeded text is changed.
UPDATE `content_sections` SET `content` = json_set(`content`, '$.promo', '{newClientDiscount}% off for new clients, and a further {cryptoDiscount}% off when you pay in cryptocurrency.') WHERE `id` = 'home.hero' AND json_extract(`content`, '$.promo') = '15% off new-client consultations, with extra savings when you pay in cryptocurrency.';--> statement-breakpoint
-- The consultation discount was promised but never applied; the setting goes.
DELETE FROM `settings` WHERE `key` = 'consultationDiscountPercent';
