/** The admin dashboard's headline figures: the answer of `GET /api/admin/stats` (definitions in db/admin-stats.server.ts). */
export type AdminStats = {
  /** Every product row, active or not (products have no soft-delete column: a deleted product is gone). */
  totalProducts: number;
  /** Every shop order, whatever its status. */
  totalOrders: number;
  /** Shop orders whose status is `pending` (awaiting payment). */
  pendingOrders: number;
  /** Money received in the currency setting, net of refunds, as a decimal string with two places ("1234.56"): `revenue`'s first. */
  totalRevenue: string;
  /**
   * Money received net of refunds per currency, never added across them (decision 086): the
   * currency setting first (always there, "0.00" when none came in), then each other currency money
   * came in, by its code.
   */
  revenue: { currency: string; total: string }[];
  /** Bookings created this calendar month in the business timezone, cancelled ones left out. */
  recentBookings: number;
};

/** The figures of the business's money and volume: an owner's alone (decision 072). */
export const ownersOnlyStats = ["totalOrders", "totalRevenue", "revenue"] as const;

/** A staff member's headline figures: the work, not the business's money (no revenue, no count over all its orders). */
export type StaffStats = Omit<AdminStats, (typeof ownersOnlyStats)[number]>;

/** What `GET /api/admin/stats` answers: every figure to an owner, the staff figures to staff. */
export type DashboardStats = AdminStats | StaffStats;
