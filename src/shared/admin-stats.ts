/** The admin dashboard's headline figures: the answer of `GET /api/admin/stats` (definitions in db/admin-stats.server.ts). */
export type AdminStats = {
  /** Every product row, active or not (products have no soft-delete column: a deleted product is gone). */
  totalProducts: number;
  /** Every shop order, whatever its status. */
  totalOrders: number;
  /** Shop orders whose status is `pending` (awaiting payment). */
  pendingOrders: number;
  /** Money received, net of refunds, as a decimal string with two places ("1234.56"). */
  totalRevenue: string;
  /** Bookings created this calendar month in the business timezone, cancelled ones left out. */
  recentBookings: number;
};
