-- The per-recipient hourly mail limit counts one address's mail of the last hour: by address and time,
-- instead of every message of the last hour (thousands on a busy shop) compared one by one.
CREATE INDEX `outbox_recipient_idx` ON `outbox` (lower("to"),`created_at`);