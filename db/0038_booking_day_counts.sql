-- Kept counts of bookings per status and appointment date: the admin's bookings list adds up a row
-- per day of its filter (status, date range, upcoming or past) instead of counting every booking
-- that matches. The triggers keep them in the same transaction as every insert, delete and change
-- of status or appointment date; they are filled from the bookings here, and rebuildTotals recounts
-- them. Written by hand below the generated table (made without a rowid, as the other kept totals).
CREATE TABLE `booking_day_counts` (
	`status` text NOT NULL,
	`date` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`status`, `date`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO booking_day_counts (status, date, n) SELECT status, appointment_date, count(*) FROM bookings GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER booking_day_counts_insert AFTER INSERT ON bookings BEGIN
  INSERT INTO booking_day_counts (status, date, n) VALUES (NEW.status, NEW.appointment_date, 1)
    ON CONFLICT (status, date) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER booking_day_counts_delete AFTER DELETE ON bookings BEGIN
  UPDATE booking_day_counts SET n = n - 1 WHERE status = OLD.status AND date = OLD.appointment_date;
END;
--> statement-breakpoint
CREATE TRIGGER booking_day_counts_update AFTER UPDATE OF status, appointment_date ON bookings
  WHEN OLD.status <> NEW.status OR OLD.appointment_date <> NEW.appointment_date BEGIN
  UPDATE booking_day_counts SET n = n - 1 WHERE status = OLD.status AND date = OLD.appointment_date;
  INSERT INTO booking_day_counts (status, date, n) VALUES (NEW.status, NEW.appointment_date, 1)
    ON CONFLICT (status, date) DO UPDATE SET n = n + 1;
END;
