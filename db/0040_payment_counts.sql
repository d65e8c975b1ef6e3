-- Kept counts of payments per status and method: the payments list's total reads a handful of rows
-- instead of counting every payment (it grew with them: twice the time at ten times the data). The
-- triggers keep them in the same transaction as every insert, delete and change of status or
-- method; the counts are filled from the payments here, and rebuildTotals recounts them. Written by
-- hand below the generated table (made without a rowid, as the other kept totals).
CREATE TABLE `payment_counts` (
	`status` text NOT NULL,
	`method` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`status`, `method`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO payment_counts (status, method, n) SELECT status, method, count(*) FROM payments GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER payment_counts_insert AFTER INSERT ON payments BEGIN
  INSERT INTO payment_counts (status, method, n) VALUES (NEW.status, NEW.method, 1)
    ON CONFLICT (status, method) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER payment_counts_delete AFTER DELETE ON payments BEGIN
  UPDATE payment_counts SET n = n - 1 WHERE status = OLD.status AND method = OLD.method;
END;
--> statement-breakpoint
CREATE TRIGGER payment_counts_update AFTER UPDATE OF status, method ON payments
  WHEN OLD.status <> NEW.status OR OLD.method <> NEW.method BEGIN
  UPDATE payment_counts SET n = n - 1 WHERE status = OLD.status AND method = OLD.method;
  INSERT INTO payment_counts (status, method, n) VALUES (NEW.status, NEW.method, 1)
    ON CONFLICT (status, method) DO UPDATE SET n = n + 1;
END;
