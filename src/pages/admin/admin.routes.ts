/**
 * The portal's page shells: /admin (on to the dashboard), /admin/login, one per portal page, and the
 * record addresses (/admin/orders/{orderNumber}, /admin/bookings/{id}, /admin/contacts/{id},
 * /admin/users/{id}: the list's shell with that record open). They hold no admin data; the islands
 * in them ask /api/admin with the admin cookie and go to sign-in when it is missing or refused. The
 * cookie also tells the shell who is signed in: the menu and the "Owners only" page follow the role.
 */
import { type Context, Hono } from "hono";
import type { SiteData } from "../../components/site";
import type { AppDeps, AppEnv } from "../../server/deps";
import { mayOpenAdminPage } from "../../domain/admin-roles";
import { currentAdmin } from "../../server/middleware/require-admin";
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
import { adminReviewsList } from "../../shared/admin-reviews";
import { adminUsersList } from "../../shared/admin-users";
import { type AdminRecordList, adminRecordKey } from "../../shared/admin-records";
import { safeRedirectPath } from "../../server/safe-redirect";
import { adminContentPage } from "./content";
import { adminAccountPage } from "./account";
import { adminAdminsPage } from "./admins";
import { adminAnalyticsPage } from "./analytics";
import { adminAuditPage } from "./audit";
import { adminBookingsPage } from "./bookings";
import { adminCaseRoomPage, adminCasesPage } from "./cases";
import { adminCasesList } from "../../shared/admin-cases";
import { adminCategoriesPage } from "./categories";
import { adminContactsPage } from "./contacts";
import { adminPaymentsPage } from "./payments";
import { adminDashboardPage } from "./dashboard";
import { adminLoginPage } from "./login";
import { adminMailPage } from "./mail";
import { adminOwnersOnlyPage } from "./owners-only";
import { adminOrdersPage } from "./orders";
import { adminProductsPage } from "./products";
import { adminReferralsPage } from "./referrals";
import { adminReviewsPage } from "./reviews";
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
    return key ? serve(c, (site) => page(site, key)) : c.notFound();
  };

  /**
   * A portal shell for the admin whose cookie came with it: the menu shows what their role may open,
   * and a staff member asking for an owner's page gets the "Owners only" page (403) instead. Without
   * the cookie the shell is the same for everyone and its island leads to sign-in.
   */
  const serve = (c: Context<AppEnv>, page: (site: SiteData) => PageDefinition) => {
    const role = currentAdmin(deps, c)?.admin.role ?? null;
    if (role && !mayOpenAdminPage(role, c.req.path)) return servePage(deps, c, (site) => adminOwnersOnlyPage({ ...site, adminRole: role }, c.req.path));
    return servePage(deps, c, (site) => page({ ...site, adminRole: role }));
  };

  return new Hono<AppEnv>()
    .get("/admin", (c) => c.redirect("/admin/dashboard", 302))
    .get("/admin/login", (c) => {
      // Signed in already (another tab, a bookmark): on to where the admin was going.
      if (currentAdmin(deps, c)) return c.redirect(adminReturnTo(c.req.query("returnTo")), 302);
      return serve(c, (site) => adminLoginPage(site, adminReturnTo(c.req.query("returnTo"))));
    })
    .get("/admin/dashboard", (c) => serve(c, adminDashboardPage))
    .get("/admin/content", (c) => serve(c, adminContentPage))
    .get("/admin/analytics", (c) => serve(c, (site) => adminAnalyticsPage(site, readAnalyticsRange(c.req.query("range")))))
    .get("/admin/products", (c) => serve(c, (site) => adminProductsPage(site, adminProductsList.read(c.req.query()))))
    .get("/admin/products/:id{[0-9]{1,9}}/edit", (c) => serve(c, (site) => adminProductEditorPage(site, Number(c.req.param("id")))))
    .get("/admin/products/new", (c) => serve(c, (site) => adminProductEditorPage(site, null)))
    .get("/admin/account", (c) => serve(c, adminAccountPage))
    .get("/admin/users", (c) => serve(c, (site) => adminUsersPage(site, adminUsersList.read(c.req.query()))))
    .get("/admin/users/:key", (c) => serveRecord(c, "users", (site, key) => adminUsersPage(site, adminUsersList.read(c.req.query()), key)))
    .get("/admin/admins", (c) => serve(c, adminAdminsPage))
    .get("/admin/categories", (c) => serve(c, adminCategoriesPage))
    .get("/admin/settings", (c) => serve(c, adminSettingsPage))
    .get("/admin/bookings", (c) => serve(c, (site) => adminBookingsPage(site, adminBookingsList.read(c.req.query()))))
    .get("/admin/bookings/:key", (c) => serveRecord(c, "bookings", (site, key) => adminBookingsPage(site, adminBookingsList.read(c.req.query()), key)))
    .get("/admin/cases", (c) => serve(c, (site) => adminCasesPage(site, adminCasesList.read(c.req.query()))))
    .get("/admin/cases/:key", (c) => serveRecord(c, "cases", adminCaseRoomPage))
    .get("/admin/orders", (c) => serve(c, (site) => adminOrdersPage(site, adminOrdersList.read(c.req.query()))))
    .get("/admin/orders/:key", (c) => serveRecord(c, "orders", (site, key) => adminOrdersPage(site, adminOrdersList.read(c.req.query()), key)))
    .get("/admin/audit", (c) => serve(c, (site) => adminAuditPage(site, adminAuditList.read(c.req.query()))))
    .get("/admin/mail", (c) => serve(c, (site) => adminMailPage(site, adminMailList.read(c.req.query()))))
    .get("/admin/referrals", (c) => serve(c, (site) => adminReferralsPage(site, adminReferralsList.read(c.req.query()))))
    .get("/admin/contacts", (c) => serve(c, (site) => adminContactsPage(site, adminContactsList.read(c.req.query()))))
    .get("/admin/contacts/:key", (c) => serveRecord(c, "contacts", (site, key) => adminContactsPage(site, adminContactsList.read(c.req.query()), key)))
    .get("/admin/reviews", (c) => serve(c, (site) => adminReviewsPage(site, adminReviewsList.read(c.req.query()))))
    .get("/admin/payments", (c) => serve(c, (site) => adminPaymentsPage(site, adminPaymentsList.read(c.req.query()))));
}
