/** Delivery states of a queued e-mail (decision 003): `pending` until sent or retried out, then `sent` or `failed`. */
export const outboxStatuses = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];
