/** Every room of the admin portal, in the order the portal's menu lists them. */
export const adminRooms = [
  { label: "Dashboard", href: "/admin/dashboard" },
  { label: "Orders", href: "/admin/orders" },
  { label: "Bookings", href: "/admin/bookings" },
  { label: "Enquiries", href: "/admin/contacts" },
  { label: "Payments", href: "/admin/payments" },
  { label: "Products", href: "/admin/products" },
  { label: "Categories", href: "/admin/categories" },
  { label: "Reviews", href: "/admin/reviews" },
  { label: "Users", href: "/admin/users" },
  { label: "Referrals", href: "/admin/referrals" },
  { label: "Content and pricing", href: "/admin/content" },
  { label: "Analytics", href: "/admin/analytics" },
  { label: "Mail", href: "/admin/mail" },
  { label: "Settings", href: "/admin/settings" },
  { label: "Audit log", href: "/admin/audit" },
  { label: "Admins", href: "/admin/admins" },
  { label: "Your account", href: "/admin/account" },
] as const;

/** The room a portal path belongs to (`/admin/products/12/edit` is in Products). */
export function currentRoom(path: string): string | undefined {
  return adminRooms.find((r) => path === r.href || path.startsWith(`${r.href}/`))?.href;
}
