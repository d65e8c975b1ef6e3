-- Kept totals (decision 047): triggers keep daily_totals and referrer_totals up to date in the
-- same transaction as every write to bookings, orders, order_items, payments, referral_transactions
-- and users. A local date is the instant plus the business timezone's offset then (tz_offsets,
-- written with the totals by rebuildTotals in src/db/kept-totals.server.ts, whose recount uses the
-- same expressions). Written by hand; no data is changed here (the first start rebuilds the totals).
DROP TABLE `daily_totals`;
--> statement-breakpoint
-- The same table without a rowid: its rows are stored in primary-key order, so a report's range of
-- days of one kind is read in one pass, without a lookup from the key's index to the row.
CREATE TABLE `daily_totals` (
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`key` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	`cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`kind`, `day`, `key`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER daily_totals_drop_empty AFTER UPDATE OF n, cents ON daily_totals WHEN NEW.n = 0 AND NEW.cents = 0 BEGIN
  DELETE FROM daily_totals WHERE kind = NEW.kind AND day = NEW.day AND key = NEW.key;
END;
--> statement-breakpoint
CREATE TRIGGER referrer_totals_drop_empty AFTER UPDATE ON referrer_totals WHEN NEW.referred_count = 0 AND NEW.pending_count = 0 AND NEW.paid_count = 0 AND NEW.void_count = 0 BEGIN
  DELETE FROM referrer_totals WHERE user_id = NEW.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER kept_bookings_insert AFTER INSERT ON bookings BEGIN
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'booking', date(((NEW.created_at) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (NEW.created_at) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), NEW.service_name, 1, cast(round(cast(NEW.service_price as real) * 100) as integer) WHERE NEW.status <> 'cancelled'
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER kept_bookings_delete AFTER DELETE ON bookings BEGIN
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'booking', date(((OLD.created_at) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (OLD.created_at) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), OLD.service_name, -1, -cast(round(cast(OLD.service_price as real) * 100) as integer) WHERE OLD.status <> 'cancelled'
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER kept_bookings_update AFTER UPDATE OF status, created_at, service_name, service_price ON bookings BEGIN
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'booking', date(((OLD.created_at) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (OLD.created_at) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), OLD.service_name, -1, -cast(round(cast(OLD.service_price as real) * 100) as integer) WHERE OLD.status <> 'cancelled'
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'booking', date(((NEW.created_at) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (NEW.created_at) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), NEW.service_name, 1, cast(round(cast(NEW.service_price as real) * 100) as integer) WHERE NEW.status <> 'cancelled'
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER kept_orders_insert AFTER INSERT ON orders BEGIN
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'order', date(((NEW.created_at) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (NEW.created_at) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), NEW.status, 1, cast(round(cast(NEW.total_amount as real) * 100) as integer) WHERE 1
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'revenue', date(((coalesce(NEW.paid_at, NEW.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(NEW.paid_at, NEW.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), coalesce(NEW.payment_method, ''), 1, cast(round(cast(NEW.total_amount as real) * 100) as integer) WHERE NEW.payment_status = 'paid' AND NEW.status <> 'refunded'
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
  INSERT INTO daily_totals (kind, day, key, n, cents)
    SELECT 'product', date(((coalesce(NEW.paid_at, NEW.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(NEW.paid_at, NEW.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), coalesce('id:' || i.product_id, 'name:' || json_extract(i.product_snapshot, '$.name'), 'none:'), sum(i.quantity), sum(cast(round(cast(i.total_price as real) * 100) as integer))
    FROM order_items i WHERE i.order_id = NEW.id AND NEW.payment_status = 'paid' AND NEW.status <> 'refunded' GROUP BY 3
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER kept_orders_delete BEFORE DELETE ON orders BEGIN
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'order', date(((OLD.created_at) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (OLD.created_at) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), OLD.status, -1, -cast(round(cast(OLD.total_amount as real) * 100) as integer) WHERE 1
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'revenue', date(((coalesce(OLD.paid_at, OLD.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(OLD.paid_at, OLD.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), coalesce(OLD.payment_method, ''), -1, -cast(round(cast(OLD.total_amount as real) * 100) as integer) WHERE OLD.payment_status = 'paid' AND OLD.status <> 'refunded'
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
  INSERT INTO daily_totals (kind, day, key, n, cents)
    SELECT 'product', date(((coalesce(OLD.paid_at, OLD.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(OLD.paid_at, OLD.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), coalesce('id:' || i.product_id, 'name:' || json_extract(i.product_snapshot, '$.name'), 'none:'), -sum(i.quantity), -sum(cast(round(cast(i.total_price as real) * 100) as integer))
    FROM order_items i WHERE i.order_id = OLD.id AND OLD.payment_status = 'paid' AND OLD.status <> 'refunded' GROUP BY 3
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER kept_orders_update AFTER UPDATE OF status, payment_status, payment_method, paid_at, created_at, total_amount ON orders BEGIN
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'order', date(((OLD.created_at) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (OLD.created_at) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), OLD.status, -1, -cast(round(cast(OLD.total_amount as real) * 100) as integer) WHERE 1
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'revenue', date(((coalesce(OLD.paid_at, OLD.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(OLD.paid_at, OLD.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), coalesce(OLD.payment_method, ''), -1, -cast(round(cast(OLD.total_amount as real) * 100) as integer) WHERE OLD.payment_status = 'paid' AND OLD.status <> 'refunded'
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
  INSERT INTO daily_totals (kind, day, key, n, cents)
    SELECT 'product', date(((coalesce(OLD.paid_at, OLD.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(OLD.paid_at, OLD.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), coalesce('id:' || i.product_id, 'name:' || json_extract(i.product_snapshot, '$.name'), 'none:'), -sum(i.quantity), -sum(cast(round(cast(i.total_price as real) * 100) as integer))
    FROM order_items i WHERE i.order_id = OLD.id AND OLD.payment_status = 'paid' AND OLD.status <> 'refunded' GROUP BY 3
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'order', date(((NEW.created_at) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (NEW.created_at) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), NEW.status, 1, cast(round(cast(NEW.total_amount as real) * 100) as integer) WHERE 1
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'revenue', date(((coalesce(NEW.paid_at, NEW.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(NEW.paid_at, NEW.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), coalesce(NEW.payment_method, ''), 1, cast(round(cast(NEW.total_amount as real) * 100) as integer) WHERE NEW.payment_status = 'paid' AND NEW.status <> 'refunded'
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
  INSERT INTO daily_totals (kind, day, key, n, cents)
    SELECT 'product', date(((coalesce(NEW.paid_at, NEW.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(NEW.paid_at, NEW.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), coalesce('id:' || i.product_id, 'name:' || json_extract(i.product_snapshot, '$.name'), 'none:'), sum(i.quantity), sum(cast(round(cast(i.total_price as real) * 100) as integer))
    FROM order_items i WHERE i.order_id = NEW.id AND NEW.payment_status = 'paid' AND NEW.status <> 'refunded' GROUP BY 3
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER kept_order_items_insert AFTER INSERT ON order_items BEGIN
  INSERT INTO daily_totals (kind, day, key, n, cents)
    SELECT 'product', date(((coalesce(o.paid_at, o.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(o.paid_at, o.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), coalesce('id:' || NEW.product_id, 'name:' || json_extract(NEW.product_snapshot, '$.name'), 'none:'), NEW.quantity, cast(round(cast(NEW.total_price as real) * 100) as integer)
    FROM orders o WHERE o.id = NEW.order_id AND o.payment_status = 'paid' AND o.status <> 'refunded'
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER kept_order_items_delete AFTER DELETE ON order_items BEGIN
  INSERT INTO daily_totals (kind, day, key, n, cents)
    SELECT 'product', date(((coalesce(o.paid_at, o.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(o.paid_at, o.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), coalesce('id:' || OLD.product_id, 'name:' || json_extract(OLD.product_snapshot, '$.name'), 'none:'), -OLD.quantity, -cast(round(cast(OLD.total_price as real) * 100) as integer)
    FROM orders o WHERE o.id = OLD.order_id AND o.payment_status = 'paid' AND o.status <> 'refunded'
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER kept_order_items_update AFTER UPDATE OF order_id, product_id, quantity, total_price, product_snapshot ON order_items BEGIN
  INSERT INTO daily_totals (kind, day, key, n, cents)
    SELECT 'product', date(((coalesce(o.paid_at, o.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(o.paid_at, o.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), coalesce('id:' || OLD.product_id, 'name:' || json_extract(OLD.product_snapshot, '$.name'), 'none:'), -OLD.quantity, -cast(round(cast(OLD.total_price as real) * 100) as integer)
    FROM orders o WHERE o.id = OLD.order_id AND o.payment_status = 'paid' AND o.status <> 'refunded'
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
  INSERT INTO daily_totals (kind, day, key, n, cents)
    SELECT 'product', date(((coalesce(o.paid_at, o.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(o.paid_at, o.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), coalesce('id:' || NEW.product_id, 'name:' || json_extract(NEW.product_snapshot, '$.name'), 'none:'), NEW.quantity, cast(round(cast(NEW.total_price as real) * 100) as integer)
    FROM orders o WHERE o.id = NEW.order_id AND o.payment_status = 'paid' AND o.status <> 'refunded'
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER kept_payments_insert AFTER INSERT ON payments BEGIN
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'revenue', date(((coalesce(NEW.paid_at, NEW.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(NEW.paid_at, NEW.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), NEW.method, 1, cast(round(cast(NEW.amount as real) * 100) as integer) WHERE NEW.status = 'completed' AND NEW.shop_order_id IS NULL
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER kept_payments_delete AFTER DELETE ON payments BEGIN
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'revenue', date(((coalesce(OLD.paid_at, OLD.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(OLD.paid_at, OLD.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), OLD.method, -1, -cast(round(cast(OLD.amount as real) * 100) as integer) WHERE OLD.status = 'completed' AND OLD.shop_order_id IS NULL
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER kept_payments_update AFTER UPDATE OF status, shop_order_id, paid_at, created_at, method, amount ON payments BEGIN
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'revenue', date(((coalesce(OLD.paid_at, OLD.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(OLD.paid_at, OLD.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), OLD.method, -1, -cast(round(cast(OLD.amount as real) * 100) as integer) WHERE OLD.status = 'completed' AND OLD.shop_order_id IS NULL
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
  INSERT INTO daily_totals (kind, day, key, n, cents) SELECT 'revenue', date(((coalesce(NEW.paid_at, NEW.created_at)) + coalesce((SELECT offset_ms FROM tz_offsets WHERE from_ms <= (coalesce(NEW.paid_at, NEW.created_at)) ORDER BY from_ms DESC LIMIT 1), 0)) / 1000, 'unixepoch'), NEW.method, 1, cast(round(cast(NEW.amount as real) * 100) as integer) WHERE NEW.status = 'completed' AND NEW.shop_order_id IS NULL
    ON CONFLICT (kind, day, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER kept_rewards_insert AFTER INSERT ON referral_transactions BEGIN
  INSERT INTO referrer_totals (user_id, user_created_at, referred_count, pending_cents, pending_count, paid_cents, paid_count, void_cents, void_count)
    SELECT NEW.referrer_id, coalesce((SELECT created_at FROM users WHERE id = NEW.referrer_id), 0), 0, CASE WHEN NEW.status = 'pending' THEN cast(round(NEW.amount * 100) as integer) ELSE 0 END, (NEW.status = 'pending'), CASE WHEN NEW.status = 'paid' THEN cast(round(NEW.amount * 100) as integer) ELSE 0 END, (NEW.status = 'paid'), CASE WHEN NEW.status = 'void' THEN cast(round(NEW.amount * 100) as integer) ELSE 0 END, (NEW.status = 'void') WHERE 1 AND EXISTS (SELECT 1 FROM users WHERE id = NEW.referrer_id)
    ON CONFLICT (user_id) DO UPDATE SET referred_count = referred_count + excluded.referred_count, pending_cents = pending_cents + excluded.pending_cents, pending_count = pending_count + excluded.pending_count, paid_cents = paid_cents + excluded.paid_cents, paid_count = paid_count + excluded.paid_count, void_cents = void_cents + excluded.void_cents, void_count = void_count + excluded.void_count;
END;
--> statement-breakpoint
CREATE TRIGGER kept_rewards_delete AFTER DELETE ON referral_transactions BEGIN
  UPDATE referrer_totals SET referred_count = referred_count - 0, pending_cents = pending_cents - CASE WHEN OLD.status = 'pending' THEN cast(round(OLD.amount * 100) as integer) ELSE 0 END, pending_count = pending_count - (OLD.status = 'pending'), paid_cents = paid_cents - CASE WHEN OLD.status = 'paid' THEN cast(round(OLD.amount * 100) as integer) ELSE 0 END, paid_count = paid_count - (OLD.status = 'paid'), void_cents = void_cents - CASE WHEN OLD.status = 'void' THEN cast(round(OLD.amount * 100) as integer) ELSE 0 END, void_count = void_count - (OLD.status = 'void')
    WHERE user_id = OLD.referrer_id AND 1;
END;
--> statement-breakpoint
CREATE TRIGGER kept_rewards_update AFTER UPDATE OF referrer_id, status, amount ON referral_transactions BEGIN
  UPDATE referrer_totals SET referred_count = referred_count - 0, pending_cents = pending_cents - CASE WHEN OLD.status = 'pending' THEN cast(round(OLD.amount * 100) as integer) ELSE 0 END, pending_count = pending_count - (OLD.status = 'pending'), paid_cents = paid_cents - CASE WHEN OLD.status = 'paid' THEN cast(round(OLD.amount * 100) as integer) ELSE 0 END, paid_count = paid_count - (OLD.status = 'paid'), void_cents = void_cents - CASE WHEN OLD.status = 'void' THEN cast(round(OLD.amount * 100) as integer) ELSE 0 END, void_count = void_count - (OLD.status = 'void')
    WHERE user_id = OLD.referrer_id AND 1;
  INSERT INTO referrer_totals (user_id, user_created_at, referred_count, pending_cents, pending_count, paid_cents, paid_count, void_cents, void_count)
    SELECT NEW.referrer_id, coalesce((SELECT created_at FROM users WHERE id = NEW.referrer_id), 0), 0, CASE WHEN NEW.status = 'pending' THEN cast(round(NEW.amount * 100) as integer) ELSE 0 END, (NEW.status = 'pending'), CASE WHEN NEW.status = 'paid' THEN cast(round(NEW.amount * 100) as integer) ELSE 0 END, (NEW.status = 'paid'), CASE WHEN NEW.status = 'void' THEN cast(round(NEW.amount * 100) as integer) ELSE 0 END, (NEW.status = 'void') WHERE 1 AND EXISTS (SELECT 1 FROM users WHERE id = NEW.referrer_id)
    ON CONFLICT (user_id) DO UPDATE SET referred_count = referred_count + excluded.referred_count, pending_cents = pending_cents + excluded.pending_cents, pending_count = pending_count + excluded.pending_count, paid_cents = paid_cents + excluded.paid_cents, paid_count = paid_count + excluded.paid_count, void_cents = void_cents + excluded.void_cents, void_count = void_count + excluded.void_count;
END;
--> statement-breakpoint
CREATE TRIGGER kept_referred_insert AFTER INSERT ON users WHEN NEW.referred_by IS NOT NULL BEGIN
  INSERT INTO referrer_totals (user_id, user_created_at, referred_count, pending_cents, pending_count, paid_cents, paid_count, void_cents, void_count)
    SELECT NEW.referred_by, coalesce((SELECT created_at FROM users WHERE id = NEW.referred_by), 0), 1, 0, 0, 0, 0, 0, 0 WHERE 1 AND EXISTS (SELECT 1 FROM users WHERE id = NEW.referred_by)
    ON CONFLICT (user_id) DO UPDATE SET referred_count = referred_count + excluded.referred_count, pending_cents = pending_cents + excluded.pending_cents, pending_count = pending_count + excluded.pending_count, paid_cents = paid_cents + excluded.paid_cents, paid_count = paid_count + excluded.paid_count, void_cents = void_cents + excluded.void_cents, void_count = void_count + excluded.void_count;
END;
--> statement-breakpoint
CREATE TRIGGER kept_referred_update AFTER UPDATE OF referred_by ON users BEGIN
  UPDATE referrer_totals SET referred_count = referred_count - 1, pending_cents = pending_cents - 0, pending_count = pending_count - 0, paid_cents = paid_cents - 0, paid_count = paid_count - 0, void_cents = void_cents - 0, void_count = void_count - 0
    WHERE user_id = OLD.referred_by AND OLD.referred_by IS NOT NULL;
  INSERT INTO referrer_totals (user_id, user_created_at, referred_count, pending_cents, pending_count, paid_cents, paid_count, void_cents, void_count)
    SELECT NEW.referred_by, coalesce((SELECT created_at FROM users WHERE id = NEW.referred_by), 0), 1, 0, 0, 0, 0, 0, 0 WHERE NEW.referred_by IS NOT NULL AND EXISTS (SELECT 1 FROM users WHERE id = NEW.referred_by)
    ON CONFLICT (user_id) DO UPDATE SET referred_count = referred_count + excluded.referred_count, pending_cents = pending_cents + excluded.pending_cents, pending_count = pending_count + excluded.pending_count, paid_cents = paid_cents + excluded.paid_cents, paid_count = paid_count + excluded.paid_count, void_cents = void_cents + excluded.void_cents, void_count = void_count + excluded.void_count;
END;
--> statement-breakpoint
CREATE TRIGGER kept_referred_delete AFTER DELETE ON users BEGIN
  UPDATE referrer_totals SET referred_count = referred_count - 1, pending_cents = pending_cents - 0, pending_count = pending_count - 0, paid_cents = paid_cents - 0, paid_count = paid_count - 0, void_cents = void_cents - 0, void_count = void_count - 0
    WHERE user_id = OLD.referred_by AND OLD.referred_by IS NOT NULL;
  DELETE FROM referrer_totals WHERE user_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER kept_referrer_created_update AFTER UPDATE OF created_at ON users BEGIN
  UPDATE referrer_totals SET user_created_at = NEW.created_at WHERE user_id = NEW.id;
END;
