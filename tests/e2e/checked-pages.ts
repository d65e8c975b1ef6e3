/**
 * Every public and customer page, as the checkers (axe in accessibility.spec.ts, the Nu HTML
 * checker in html-checker.spec.ts) visit them: public pages signed out, as a visitor first sees
 * them; customer pages signed in, with an order to show, something in the cart to check out, two
 * products on the wishlist and reviews of a product, their own among them.
 */
import type { BrowserContext } from "@playwright/test";
import { type SiteServer, seed } from "./fixtures";

/** The product whose reviews the checkers see (checkedCustomer writes them). */
const reviewedSlug = "parabolic-microphone";

export type CheckedPage = { name: string; path: string; signedIn: boolean; status?: number };

export const publicPages: CheckedPage[] = [
  { name: "home", path: "/", signedIn: false },
  { name: "services", path: "/services", signedIn: false },
  { name: "about", path: "/about", signedIn: false },
  { name: "contact", path: "/contact", signedIn: false },
  { name: "shop", path: "/shop", signedIn: false },
  { name: "product", path: "/shop/product/covert-body-worn-camera-4k", signedIn: false },
  { name: "login", path: "/login", signedIn: false },
  { name: "sign-up", path: "/login?mode=signup", signedIn: false },
  { name: "forgot password", path: "/forgot-password", signedIn: false },
  { name: "booking", path: "/booking", signedIn: false },
  { name: "privacy", path: "/privacy", signedIn: false },
  { name: "back-in-stock unsubscribe (a link not ours)", path: "/wishlist/unsubscribe?token=nonsense", signedIn: false, status: 400 },
  { name: "404", path: "/no-such-page", signedIn: false, status: 404 },
];

/** The customer pages; `{order}` and the other braces stand for the customer's own records (`Customer`). */
export const customerPages: CheckedPage[] = [
  { name: "cart", path: "/cart", signedIn: true },
  { name: "checkout", path: "/checkout", signedIn: true },
  { name: "dashboard", path: "/dashboard", signedIn: true },
  { name: "wishlist", path: "/wishlist", signedIn: true },
  { name: "orders", path: "/orders", signedIn: true },
  { name: "order", path: "/orders/{order}", signedIn: true },
  { name: "paid order", path: "/orders/{paidOrder}", signedIn: true },
  { name: "order's invoice", path: "/orders/{paidOrder}/invoice", signedIn: true },
  { name: "booking (signed in)", path: "/booking", signedIn: true },
  { name: "a booking's page", path: "/bookings/{booking}", signedIn: true },
  { name: "a booking's case room", path: "/cases/{booking}", signedIn: true },
  { name: "moving a booking", path: "/bookings/{bookingId}/move", signedIn: true },
  { name: "a paid booking's invoice", path: "/payments/{payment}/invoice", signedIn: true },
  // Approved reviews with a reply and a badge, pages, the customer's own review waiting and its edit form.
  { name: "a product with reviews", path: `/shop/product/${reviewedSlug}`, signedIn: true },
];

export type Customer = {
  token: string;
  orderNumber: string;
  paidOrderNumber: string;
  bookingId: string;
  bookingReference: string;
  paymentReference: string;
};

/**
 * A customer with a session and something on every customer page (an order awaiting payment, a paid
 * order with its invoice, a booking awaiting confirmation, a paid one with its invoice, an item in
 * the cart), made straight in the site's database.
 */
export function checkedCustomer(site: SiteServer, email: string): Customer {
  const customer = seed(site, "customerWithEverything", email);
  seed(site, "reviewedProduct", email, reviewedSlug);
  return customer;
}

/** Gives `context` the customer's session cookie. */
export async function signInCustomer(context: BrowserContext, site: SiteServer, customer: Customer) {
  await context.addCookies([{ name: "pi_session", value: customer.token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
}

/** The page's address, in the canonical lowercase form the site serves (others redirect to it). */
export const pathFor = (page: CheckedPage, customer: Customer) =>
  page.path
    .replace("{order}", customer.orderNumber)
    .replace("{paidOrder}", customer.paidOrderNumber)
    .replace("{booking}", customer.bookingReference)
    .replace("{bookingId}", customer.bookingId)
    .replace("{payment}", customer.paymentReference)
    .toLowerCase();
