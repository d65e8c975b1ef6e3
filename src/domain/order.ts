/**
 * Shop order statuses (docs/product.md#orders). Checkout is not built yet; the orders table
 * already exists, so its columns take these values from the start.
 */

/** `pending` awaits payment, `processing` is paid, then `shipped` and `delivered`; `on_hold` awaits an ID check; `cancelled` and `refunded` end it. */
export const orderStatuses = ["pending", "processing", "shipped", "delivered", "on_hold", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** An order's payment: `pending` -> `paid` -> `refunded`, or `failed`. */
export const orderPaymentStatuses = ["pending", "paid", "refunded", "failed"] as const;
export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];
