/**
 * The portal's page shells: /admin (on to the dashboard), /admin/login, one per portal page, and the
 * record addresses (/admin/orders/{orderNumber}, /admin/bookings/{id}, /admin/contacts/{id},
 * /admin/users/{id}: the list's shell with that record open). They are the same for everyone; the islands in them ask /api/admin with the token and go to sign-in
 * when it is missing or refused.
 */
import { type Context, Hono } from "hono";
import type { SiteData } from "../../components/site";
import type { AppDeps, AppEnv } from "../../server/deps";
import { servePage } from "../../server/render-page";
import { readAnalyticsRange } from "../../shared/admin-analytics";
import { adminAuditList } from "../../shared/admin-audit";
import { adminContactsList } from "../../shared/admin-contacts";
import { adminPaymentsList } from "../../shared/admin-payments";
import { adminBookingsList } from "../../shared/admin-bookings";
import { adminMailList } from "../../shared/admin-mail";
import { adminOrdersList } from "../../shared/admin-orders";
import { adminProductsList } from "../../shared/admin-products";
import { adminReferralsList } from "../../shared/admin-referrals";
import { adminUsersList } from "../../shared/admin-users";
import { type AdminRecordList, adminRecordKey } from "../../shared/admin-records";
import { safeRedirectPath } from "../../server/safe-redirect";
import { adminContentPage } from "./content";
import { adminAccountPage } from "./account";
import { adminAdminsPage } from "./admins";
import { adminAnalyticsPage } from "./analytics";
import { adminAuditPage } from "./audit";
import { adminBookingsPage } from "./bookings";
import { adminCategoriesPage } from "./categories";
import { adminContactsPage } from "./contacts";
import { adminPaymentsPage } from "./payments";
import { adminDashboardPage } from "./dashboard";
import { adminLoginPage } from "./login";
import { adminMailPage } from "./mail";
import { adminOrdersPage } from "./orders";
import { adminProductsPage } from "./products";
import { adminReferralsPage } from "./referrals";
import { adminProductEditorPage } from "./product-editor";
import { adminUsersPage } from "./users";
import { adminSettingsPage } from "./settings";
import type { PageDefinition } from "../page";

/** Where to go after signing in: an admin page from ?returnTo=, never the sign-in page itself. */
export function adminReturnTo(value: unknown): string {
  const fallback = "/admin/dashboard";
  const path = safeRedirectPath(value, fallback);
  return path.startsWith("/admin/") && !path.startsWith("/admin/login") ? path : fallback;
}

export function adminPageRoutes(deps: AppDeps) {
  /** A record's address: its list's shell with the record open, or the 404 page when the key is not well formed. */
  const serveRecord = (c: Context<AppEnv>, list: AdminRecordList, page: (site: SiteData, key: string) => PageDefinition) => {
    const key = adminRecordKey(list, c.req.param("key") ?? "");
    return key ? servePage(deps, c, (site) => page(site, key)) : c.notFound();
  };

  return new Hono<AppEnv>()
    .get("/admin", (c) => c.redirect("/admin/dashboard", 302))
    .get("/admin/login", (c) => servePage(deps, c, (site) => adminLoginPage(site, adminReturnTo(c.req.query("returnTo")))))
    .get("/admin/dashboard", (c) => servePage(deps, c, adminDashboardPage))
    .get("/admin/content", (c) => servePage(deps, c, adminContentPage))
    .get("/admin/analytics", (c) => servePage(deps, c, (site) => adminAnalyticsPage(site, readAnalyticsRange(c.req.query("range")))))
    .get("/admin/products", (c) => servePage(deps, c, (site) => adminProductsPage(site, adminProductsList.read(c.req.query()))))
    .get("/admin/products/:id{[0-9]{1,9}}/edit", (c) => servePage(deps, c, (site) => adminProductEditorPage(site, Number(c.req.param("id")))))
    .get("/admin/products/new", (c) => servePage(deps, c, (site) => adminProductEditorPage(site, null)))
    .get("/admin/account", (c) => servePage(deps, c, adminAccountPage))
    .get("/admin/users", (c) => servePage(deps, c, (site) => adminUsersPage(site, adminUsersList.read(c.req.query()))))
    .get("/admin/users/:key", (c) => serveRecord(c, "users", (site, key) => adminUsersPage(site, adminUsersList.read(c.req.query()), key)))
    .get("/admin/admins", (c) => servePage(deps, c, adminAdminsPage))
    .get("/admin/categories", (c) => servePage(deps, c, adminCategoriesPage))
    .get("/admin/settings", (c) => servePage(deps, c, adminSettingsPage))
    .get("/admin/bookings", (c) => servePage(deps, c, (site) => adminBookingsPage(site, adminBookingsList.read(c.req.query()))))
    .get("/admin/bookings/:key", (c) => serveRecord(c, "bookings", (site, key) => adminBookingsPage(site, adminBookingsList.read(c.req.query()), key)))
    .get("/admin/orders", (c) => servePage(deps, c, (site) => adminOrdersPage(site, adminOrdersList.read(c.req.query()))))
    .get("/admin/orders/:key", (c) => serveRecord(c, "orders", (site, key) => adminOrdersPage(site, adminOrdersList.read(c.req.query()), key)))
    .get("/admin/audit", (c) => servePage(deps, c, (site) => adminAuditPage(site, adminAuditList.read(c.req.query()))))
    .get("/admin/mail", (c) => servePage(deps, c, (site) => adminMailPage(site, adminMailList.read(c.req.query()))))
    .get("/admin/referrals", (c) => servePage(deps, c, (site) => adminReferralsPage(site, adminReferralsList.read(c.req.query()))))
    .get("/admin/contacts", (c) => servePage(deps, c, (site) => adminContactsPage(site, adminContactsList.read(c.req.query()))))
    .get("/admin/contacts/:key", (c) => serveRecord(c, "contacts", (site, key) => adminContactsPage(site, adminContactsList.read(c.req.query()), key)))
    .get("/admin/payments", (c) => servePage(deps, c, (site) => adminPaymentsPage(site, adminPaymentsList.read(c.req.query()))));
}
