/** The groups the portal's menu gathers its rooms in on a phone, in order. */
export const adminRoomGroups = ["Work", "Shop", "Customers", "Site", "Business"] as const;
export type AdminRoomGroup = (typeof adminRoomGroups)[number];

/** Every room of the admin portal, in the order the portal's menu lists them (each group's rooms together). */
export const adminRooms = [
  { label: "Dashboard", href: "/admin/dashboard", group: "Work" },
  { label: "Orders", href: "/admin/orders", group: "Work" },
  { label: "Bookings", href: "/admin/bookings", group: "Work" },
  { label: "Case rooms", href: "/admin/cases", group: "Work" },
  { label: "Enquiries", href: "/admin/contacts", group: "Work" },
  { label: "Payments", href: "/admin/payments", group: "Work" },
  { label: "Products", href: "/admin/products", group: "Shop" },
  { label: "Categories", href: "/admin/categories", group: "Shop" },
  { label: "Reviews", href: "/admin/reviews", group: "Shop" },
  { label: "Users", href: "/admin/users", group: "Customers" },
  { label: "Referrals", href: "/admin/referrals", group: "Customers" },
  { label: "Content and pricing", href: "/admin/content", group: "Site" },
  { label: "Analytics", href: "/admin/analytics", group: "Site" },
  { label: "Mail", href: "/admin/mail", group: "Site" },
  { label: "Settings", href: "/admin/settings", group: "Business" },
  { label: "Audit log", href: "/admin/audit", group: "Business" },
  { label: "Admins", href: "/admin/admins", group: "Business" },
  { label: "Your account", href: "/admin/account", group: "Business" },
] as const satisfies readonly { label: string; href: string; group: AdminRoomGroup }[];

/** The room a portal path belongs to (`/admin/products/12/edit` is in Products). */
export function currentRoom(path: string): string | undefined {
  return adminRooms.find((r) => path === r.href || path.startsWith(`${r.href}/`))?.href;
}
