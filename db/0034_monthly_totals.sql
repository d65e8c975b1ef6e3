-- Kept totals per month (decision 047): the per-day totals summed per calendar month, so the
-- 12-month report reads a dozen rows per key. Triggers on daily_totals keep them in the same
-- transaction as every change of a day's row (the triggers that keep daily_totals upsert into it,
-- and an upsert that updates fires the update trigger); rebuildTotals recounts them from the days.
-- A change of nothing is not carried over: a day's row emptied and then dropped would otherwise
-- leave an empty month behind (its month already dropped when it reached zero).
-- Written by hand: a table without a rowid, as daily_totals, filled from it here.
CREATE TABLE `monthly_totals` (
	`kind` text NOT NULL,
	`month` text NOT NULL,
	`key` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	`cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`kind`, `month`, `key`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO monthly_totals (kind, month, key, n, cents)
  SELECT kind, substr(day, 1, 7), key, sum(n), sum(cents) FROM daily_totals GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(cents) <> 0;
--> statement-breakpoint
CREATE TRIGGER monthly_totals_drop_empty AFTER UPDATE OF n, cents ON monthly_totals WHEN NEW.n = 0 AND NEW.cents = 0 BEGIN
  DELETE FROM monthly_totals WHERE kind = NEW.kind AND month = NEW.month AND key = NEW.key;
END;
--> statement-breakpoint
CREATE TRIGGER monthly_totals_day_insert AFTER INSERT ON daily_totals BEGIN
  INSERT INTO monthly_totals (kind, month, key, n, cents) SELECT NEW.kind, substr(NEW.day, 1, 7), NEW.key, NEW.n, NEW.cents WHERE NEW.n <> 0 OR NEW.cents <> 0
    ON CONFLICT (kind, month, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER monthly_totals_day_update AFTER UPDATE OF n, cents ON daily_totals BEGIN
  INSERT INTO monthly_totals (kind, month, key, n, cents) SELECT NEW.kind, substr(NEW.day, 1, 7), NEW.key, NEW.n - OLD.n, NEW.cents - OLD.cents WHERE NEW.n <> OLD.n OR NEW.cents <> OLD.cents
    ON CONFLICT (kind, month, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER monthly_totals_day_delete AFTER DELETE ON daily_totals BEGIN
  INSERT INTO monthly_totals (kind, month, key, n, cents) SELECT OLD.kind, substr(OLD.day, 1, 7), OLD.key, -OLD.n, -OLD.cents WHERE OLD.n <> 0 OR OLD.cents <> 0
    ON CONFLICT (kind, month, key) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;
END;
