-- Kept counts of enquiries per handled state and urgency: the inbox's total and the dashboard's
-- count read a handful of rows instead of counting every enquiry of a group. The triggers keep them
-- in the same transaction as every insert, delete and change of handled_at or urgency; the counts
-- are filled from the enquiries here, and rebuildTotals recounts them. Written by hand below the
-- generated table (made without a rowid, as the other kept totals).
CREATE TABLE `contact_counts` (
	`handled` integer NOT NULL,
	`urgency` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`handled`, `urgency`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO contact_counts (handled, urgency, n) SELECT handled_at IS NOT NULL, urgency, count(*) FROM contacts GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER contact_counts_insert AFTER INSERT ON contacts BEGIN
  INSERT INTO contact_counts (handled, urgency, n) VALUES (NEW.handled_at IS NOT NULL, NEW.urgency, 1)
    ON CONFLICT (handled, urgency) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER contact_counts_delete AFTER DELETE ON contacts BEGIN
  UPDATE contact_counts SET n = n - 1 WHERE handled = (OLD.handled_at IS NOT NULL) AND urgency = OLD.urgency;
END;
--> statement-breakpoint
CREATE TRIGGER contact_counts_update AFTER UPDATE OF handled_at, urgency ON contacts
  WHEN (OLD.handled_at IS NOT NULL) <> (NEW.handled_at IS NOT NULL) OR OLD.urgency <> NEW.urgency BEGIN
  UPDATE contact_counts SET n = n - 1 WHERE handled = (OLD.handled_at IS NOT NULL) AND urgency = OLD.urgency;
  INSERT INTO contact_counts (handled, urgency, n) VALUES (NEW.handled_at IS NOT NULL, NEW.urgency, 1)
    ON CONFLICT (handled, urgency) DO UPDATE SET n = n + 1;
END;
