-- Data: the orders placed before the trigram index over order numbers existed (0030), written into it.
INSERT INTO `orders_search` (`rowid`, `number`) SELECT `id`, `order_number` FROM `orders`;
