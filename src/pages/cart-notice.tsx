/**
 * What a plain (no-JavaScript) cart form leaves for the next page: the form handler redirects back
 * with ?cart=<code>, and the page shows the matching notice.
 */

export const cartNoticeCodes = [
  "added",
  "updated",
  "removed",
  "out-of-stock",
  "not-enough-stock",
  "over-limit",
  "unavailable",
  "not-in-cart",
  "empty-checkout",
] as const;
export type CartNoticeCode = (typeof cartNoticeCodes)[number];

const notices: Record<CartNoticeCode, { tone: "success" | "error"; text: string }> = {
  added: { tone: "success", text: "Added to your cart." },
  updated: { tone: "success", text: "Your cart was updated." },
  removed: { tone: "success", text: "The item was removed from your cart." },
  "out-of-stock": { tone: "error", text: "Sorry, this product is out of stock." },
  "not-enough-stock": { tone: "error", text: "We don't have that many in stock. Your cart shows how many you already have." },
  "over-limit": {
    tone: "error",
    text: "That is more of this product than one customer may have in the cart and unpaid orders together. Your cart shows how many you already have.",
  },
  unavailable: { tone: "error", text: "This product is no longer sold." },
  "not-in-cart": { tone: "error", text: "That product is not in your cart." },
  "empty-checkout": { tone: "error", text: "Your cart is empty. Add something from the shop before checking out." },
};

export type CartNotice = { code: CartNoticeCode; tone: "success" | "error"; text: string };

/** The notice for a ?cart= value, or undefined for none or an unknown one. */
export function cartNotice(code: string | undefined): CartNotice | undefined {
  return code && Object.hasOwn(notices, code) ? { code: code as CartNoticeCode, ...notices[code as CartNoticeCode] } : undefined;
}

/** `path` with ?cart=<code> set (other parameters kept). */
export function withCartNotice(path: string, code: CartNoticeCode): string {
  const url = new URL(path, "http://site.invalid");
  url.searchParams.set("cart", code);
  return url.pathname + url.search;
}

/** The notice as an alert; after adding, with a link to the cart. */
export function CartNoticeBanner({ notice, showCartLink = false }: { notice: CartNotice | undefined; showCartLink?: boolean }) {
  if (!notice) return null;
  return (
    <div role={notice.tone === "error" ? "alert" : "status"} className={`alert ${notice.tone === "error" ? "alert-error" : "alert-success"} mb-6`}>
      <p>{notice.text}</p>
      {showCartLink && notice.tone === "success" && (
        <a href="/cart" className="btn btn-sm">
          View Cart
        </a>
      )}
    </div>
  );
}
