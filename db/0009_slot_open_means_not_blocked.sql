-- A slot's is_available is now only the owner's open/blocked switch (room is current_bookings < max_bookings).
-- Before, it went false when a slot filled and no slot could be blocked, so every false here means full.
UPDATE `time_slots` SET `is_available` = 1 WHERE `is_available` = 0;
