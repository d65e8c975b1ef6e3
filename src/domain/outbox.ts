/** Delivery states of a queued e-mail (decision 003): `pending` until sent or retried out, then `sent` or `failed`. */
export const outboxStatuses = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/** How the owner reads a status (docs/product.md#mail-outbox). */
export const outboxStatusLabels: Record<OutboxStatus, string> = { pending: "Queued", sent: "Sent", failed: "Failed" };

/**
 * The status the owner sees: the worker keeps a message whose delivery failed `pending` (it retries
 * it forever), but for the owner a message whose last attempt failed is `failed` until it is sent.
 */
export function outboxStatusShown(row: { status: OutboxStatus; lastError: string | null }): OutboxStatus {
  return row.status === "pending" && row.lastError !== null ? "failed" : row.status;
}
