/** Every route of the site, in one readable list. */
import type { Hono } from "hono";
import { authApi } from "../api/auth";
import { bookingsApi } from "../api/bookings";
import { timeslotsApi } from "../api/timeslots";
import { bookingPage } from "../pages/booking";
import { contactsApi } from "../api/contacts";
import { paymentsApi } from "../api/payments";
import { paypalApi } from "../api/paypal";
import { referralApi } from "../api/referral";
import { cartApi } from "../api/cart";
import { categoriesApi } from "../api/categories";
import { productsApi } from "../api/products";
import { listProductSlugs } from "../db/products.server";
import { showCart, submitAddToCart, submitCartQuantity, submitCartRemove } from "../pages/cart-forms";
import { productPath } from "../pages/product";
import { showProduct, showShop } from "../pages/shop-route";
import { showAccount, submitDeleteAccount, submitPassword, submitProfile } from "../pages/account-forms";
import { showLogin, showResetPassword, submitForgotPassword, submitResetPassword, submitSignIn, submitSignUp } from "../pages/auth-forms";
import { showDashboard, submitCancelBooking } from "../pages/dashboard-route";
import { forgotPasswordPage } from "../pages/password-reset";
import { showVerifyEmail, submitResendVerification } from "../pages/verify-email.routes";
import { visitorCountApi } from "../api/visitor-count";
import { aboutPage } from "../pages/about";
import { contactPage } from "../pages/contact";
import { handleContactFormPost } from "../pages/contact-post";
import { homePage } from "../pages/home";
import { privacyPage } from "../pages/privacy";
import { showServices } from "../pages/services-route";
import { serveAsset } from "./serve-asset";
import type { AppDeps, AppEnv } from "./deps";
import { servePage } from "./render-page";
import { siteOrigin } from "./origin";
import { robotsTxt, sitemapXml } from "./seo";

export function registerRoutes(app: Hono<AppEnv>, deps: AppDeps) {
  // Health and search engines
  app.get("/healthz", (c) => {
    deps.db.$client.query("SELECT 1").get();
    return c.json({ status: "ok" });
  });
  app.get("/robots.txt", (c) => c.text(robotsTxt(siteOrigin(deps))));
  app.get("/sitemap.xml", (c) => c.body(sitemapXml(siteOrigin(deps), listProductSlugs(deps.db).map(productPath)), 200, { "Content-Type": "application/xml; charset=utf-8" }));

  // Public pages
  app.get("/", (c) => servePage(deps, c, homePage));
  app.get("/services", (c) => showServices(deps, c));
  app.get("/about", (c) => servePage(deps, c, aboutPage));
  app.get("/privacy", (c) => servePage(deps, c, privacyPage));
  app.get("/contact", (c) =>
    c.req.query("sent") === "1" || c.req.query("service")
      ? servePage(deps, c, (site) => contactPage(site, { sent: c.req.query("sent") === "1", values: serviceChoice(c.req.query("service")) }), { cache: false })
      : servePage(deps, c, contactPage),
  );
  app.post("/contact", (c) => handleContactFormPost(deps, c));

  // Accounts (plain forms that work with JavaScript off)
  app.get("/login", (c) => showLogin(deps, c));
  app.post("/login", (c) => submitSignIn(deps, c));
  app.post("/signup", (c) => submitSignUp(deps, c));
  app.get("/forgot-password", (c) => servePage(deps, c, (site) => forgotPasswordPage(site), { cache: false }));
  app.post("/forgot-password", (c) => submitForgotPassword(deps, c));
  app.get("/reset-password", (c) => showResetPassword(deps, c));
  app.post("/reset-password", (c) => submitResetPassword(deps, c));
  app.get("/verify-email", (c) => showVerifyEmail(deps, c));
  app.post("/verify-email/resend", (c) => submitResendVerification(deps, c));
  app.get("/account", (c) => showAccount(deps, c));
  app.post("/account/profile", (c) => submitProfile(deps, c));
  app.post("/account/password", (c) => submitPassword(deps, c));
  app.post("/account/delete", (c) => submitDeleteAccount(deps, c));
  app.get("/dashboard", (c) => showDashboard(deps, c));
  app.post("/bookings/:id/cancel", (c) => submitCancelBooking(deps, c));

  // Booking (the calendar is an island; /booking?service=<id> opens a package directly)
  app.get("/booking", (c) => {
    const service = c.req.query("service") ?? null;
    return servePage(deps, c, (site) => bookingPage(site, service), { cache: !service });
  });

  // Shop (filters live in the URL: /shop?category=&q=&sort=) and the cart's plain forms, which
  // redirect back (303) with ?cart=<notice>; the islands use /api/cart instead.
  app.get("/shop", (c) => showShop(deps, c));
  app.get("/shop/product/:slug", (c) => showProduct(deps, c));
  app.get("/cart", (c) => showCart(deps, c));
  app.post("/cart/items", (c) => submitAddToCart(deps, c));
  app.post("/cart/items/:productId", (c) => submitCartQuantity(deps, c));
  app.post("/cart/items/:productId/delete", (c) => submitCartRemove(deps, c));

  // API
  app.route("/api", authApi(deps));
  app.route("/api/referral", referralApi(deps));
  app.route("/api/contacts", contactsApi(deps));
  app.route("/api/bookings", bookingsApi(deps));
  app.route("/api/timeslots", timeslotsApi(deps));
  app.route("/api/visitor-count", visitorCountApi(deps));
  app.route("/api/products", productsApi(deps));
  app.route("/api/categories", categoriesApi(deps));
  app.route("/api/cart", cartApi(deps)); // GET; POST /items; PATCH and DELETE /items/:productId
  app.route("/api/payment-requests", paymentsApi(deps));

  // The payment provider (SPEC.md section 7: /{provider}/setup, /order, /order/{id}/capture)
  app.route("/paypal", paypalApi(deps));

  // Static files: hashed build output and public images
  app.get("/assets/*", serveAsset);
  app.get("/images/*", serveAsset);
  app.get("/favicon.svg", serveAsset);
}

/** A service preselected from a link such as /contact?service=partner. */
function serviceChoice(service: string | undefined) {
  return service && /^[a-z-]{1,40}$/.test(service) ? { service } : undefined;
}
