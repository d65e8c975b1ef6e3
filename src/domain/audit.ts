/**
 * What the audit log sorts its entries by: the part of the business an admin change touched. The
 * portal's audit page filters by these.
 */
export const auditKinds = [
  "products",
  "categories",
  "users",
  "content",
  "pricing",
  "orders",
  "bookings",
  "enquiries",
  "reviews",
  "payments",
  "referrals",
  "settings",
  "mail",
  "admins",
  "account",
  "signins",
  "cases",
] as const;
export type AuditKind = (typeof auditKinds)[number];

export const auditKindLabels: Record<AuditKind, string> = {
  products: "Products",
  categories: "Categories",
  users: "Users",
  content: "Content",
  pricing: "Service pricing",
  orders: "Orders",
  bookings: "Bookings",
  enquiries: "Enquiries",
  reviews: "Reviews",
  payments: "Payments",
  referrals: "Referrals",
  settings: "Settings",
  mail: "Mail",
  admins: "Admins",
  account: "Own account",
  signins: "Sign-ins",
  cases: "Case rooms",
};
