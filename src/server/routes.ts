/** Every route of the site, in one readable list: each page's routes, the API, the provider, files. */
import type { Hono } from "hono";
import { adminApi } from "../api/admin";
import { authApi } from "../api/auth";
import { bookingsApi } from "../api/bookings";
import { casesApi } from "../api/cases";
import { clientCaseUploadsApi } from "../api/case-uploads";
import { cartApi } from "../api/cart";
import { wishlistApi } from "../api/wishlist";
import { categoriesApi } from "../api/categories";
import { contactsApi } from "../api/contacts";
import { paymentsApi } from "../api/payments";
import { paypalApi } from "../api/paypal";
import { productsApi } from "../api/products";
import { ordersApi } from "../api/orders";
import { referralApi } from "../api/referral";
import { reviewsApi } from "../api/reviews";
import { timeslotsApi } from "../api/timeslots";
import { visitorCountApi } from "../api/visitor-count";
import { listProductSlugs } from "../db/products.server";
import { aboutRoutes } from "../pages/about.routes";
import { adminPageRoutes } from "../pages/admin/admin.routes";
import { accountRoutes } from "../pages/account.routes";
import { bookingRoutes } from "../pages/booking.routes";
import { cartRoutes } from "../pages/cart.routes";
import { wishlistRoutes } from "../pages/wishlist.routes";
import { checkoutRoutes } from "../pages/checkout.routes";
import { contactRoutes } from "../pages/contact.routes";
import { dashboardRoutes } from "../pages/dashboard.routes";
import { bookingMoveRoutes } from "../pages/booking-move.routes";
import { caseRoomRoutes } from "../pages/case-room.routes";
import { caseFilesRoutes } from "../pages/case-files.routes";
import { confirmIdentityRoutes } from "../pages/confirm-identity.routes";
import { homeRoutes } from "../pages/home.routes";
import { loginRoutes } from "../pages/login.routes";
import { ordersRoutes } from "../pages/orders.routes";
import { invoiceRoutes } from "../pages/invoice.routes";
import { passwordResetRoutes } from "../pages/password-reset.routes";
import { privacyRoutes } from "../pages/privacy.routes";
import { verifyEmailRoutes } from "../pages/verify-email.routes";
import { reviewInvitationRoutes } from "../pages/review-invitations.routes";
import { bookingReminderRoutes } from "../pages/booking-reminders.routes";
import { productPath } from "../pages/product";
import { servicesRoutes } from "../pages/services.routes";
import { reviewRoutes } from "../pages/reviews.routes";
import { shopRoutes } from "../pages/shop.routes";
import type { AppDeps, AppEnv } from "./deps";
import { clearPagesAfterAdminWrites } from "./middleware/clear-pages-after-admin-writes";
import { siteOrigin } from "./origin";
import { robotsTxt, sitemapXml } from "./seo";
import { serveAsset } from "./serve-asset";
import { serveUpload } from "./serve-upload";

export function registerRoutes(app: Hono<AppEnv>, deps: AppDeps) {
  // Health and search engines
  app.get("/healthz", (c) => {
    // A real read: a database that cannot be read answers 500 through the error handler.
    deps.db.$client.query("SELECT count(*) FROM __migrations").get();
    // Never from a cache in between: a monitor must see the site as it is now.
    return c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" });
  });
  app.get("/robots.txt", (c) => c.text(robotsTxt(siteOrigin(deps))));
  app.get("/sitemap.xml", (c) =>
    c.body(sitemapXml(siteOrigin(deps), listProductSlugs(deps.db).map(productPath)), 200, { "Content-Type": "application/xml; charset=utf-8" }),
  );

  // Public pages (each page's routes say whether it is publicly cached)
  app.route("/", homeRoutes(deps));
  app.route("/", servicesRoutes(deps));
  app.route("/", aboutRoutes(deps));
  app.route("/", privacyRoutes(deps));
  app.route("/", contactRoutes(deps)); // GET and POST /contact
  app.route("/", bookingRoutes(deps)); // the calendar is an island; ?service=<id> opens a package

  // Accounts (plain forms that work with JavaScript off)
  app.route("/", loginRoutes(deps)); // GET and POST /login, POST /signup
  app.route("/", passwordResetRoutes(deps)); // /forgot-password, /reset-password
  app.route("/", accountRoutes(deps)); // /account and its forms (signed-in customers)
  app.route("/", dashboardRoutes(deps)); // /dashboard and POST /bookings/:id/cancel (signed-in customers)
  app.route("/", bookingMoveRoutes(deps)); // GET and POST /bookings/:id/move (signed-in customers)
  // Before the case room's /cases/:ref, which would take "confirm" for a reference.
  app.route("/", confirmIdentityRoutes(deps)); // GET /cases/confirm, POST /cases/confirm/{password,code,send-code} (an old sign-in before a download)
  app.route("/", caseFilesRoutes(deps)); // GET /cases/:ref/files/:id (Range) and /cases/:ref/files.zip (the client's downloads)
  app.route("/", caseRoomRoutes(deps)); // GET /cases/:ref and POST /cases/:ref/messages (the client's case room)
  app.route("/", verifyEmailRoutes(deps)); // /verify-email and POST /verify-email/resend
  app.route("/", reviewInvitationRoutes(deps)); // GET and POST /unsubscribe/review-invitations (the e-mail's link, no sign-in)
  app.route("/", bookingReminderRoutes(deps)); // GET and POST /unsubscribe/booking-reminders (the reminder's link, no sign-in)

  // Shop (filters live in the URL) and the cart's plain forms, which redirect back (303) with
  // ?cart=<notice>; the islands use /api/cart instead.
  app.route("/", shopRoutes(deps)); // /shop, /shop/product/:slug
  app.route("/", reviewRoutes(deps)); // POST /shop/product/:slug/review, …/review/delete, …/reviews/:id/helpful
  app.route("/", cartRoutes(deps)); // /cart, POST /cart/items…
  app.route("/", wishlistRoutes(deps)); // /wishlist, its forms and the back-in-stock unsubscribe page
  app.route("/", checkoutRoutes(deps)); // GET and POST /checkout (signed-in customers)
  app.route("/", ordersRoutes(deps)); // /orders, /orders/:orderNumber, POST /orders/:orderNumber/cancel
  app.route("/", invoiceRoutes(deps)); // /orders/:orderNumber/invoice, /payments/:referenceCode/invoice

  // The admin portal's page shells (the work happens in admin islands through /api/admin)
  app.route("/", adminPageRoutes(deps)); // /admin, /admin/login, /admin/dashboard

  // API (any successful write under /api/admin clears the public page cache)
  app.use("/api/admin/*", clearPagesAfterAdminWrites(deps));
  app.route("/api/admin", adminApi(deps)); // POST /login; everything else behind requireAdmin (bearer token)
  app.route("/api", authApi(deps));
  app.route("/api/referral", referralApi(deps));
  app.route("/api/contacts", contactsApi(deps));
  app.route("/api/bookings", bookingsApi(deps));
  app.route("/api/cases", casesApi(deps)); // GET /:ref, POST /:ref/messages (the client's case room)
  app.route("/api/cases/:ref/uploads", clientCaseUploadsApi(deps)); // POST; PUT, GET, DELETE /:id (the client's files, in chunks)
  app.route("/api/timeslots", timeslotsApi(deps));
  app.route("/api/visitor-count", visitorCountApi(deps));
  app.route("/api/products", productsApi(deps));
  app.route("/api", reviewsApi(deps)); // /products/:id/reviews (GET, POST); /reviews/:id (PUT, DELETE); POST /reviews/:id/helpful
  app.route("/api/categories", categoriesApi(deps));
  app.route("/api/cart", cartApi(deps)); // GET; POST /items; PATCH and DELETE /items/:productId
  app.route("/api/wishlist", wishlistApi(deps)); // GET and POST /; DELETE /:productId
  app.route("/api/payment-requests", paymentsApi(deps));
  app.route("/api/orders", ordersApi(deps)); // POST and GET /; GET /:orderNumber; POST /:orderNumber/cancel

  // The payment provider (/{provider}/setup, /order, /order/{id}/capture; docs/product.md#payments)
  app.route("/paypal", paypalApi(deps));

  // Static files: hashed build output and public images
  app.get("/assets/*", serveAsset);
  app.get("/images/*", serveAsset);
  app.get("/favicon.svg", serveAsset);
  app.get("/uploads/:name", (c) => serveUpload(deps, c)); // images uploaded in the portal
}
