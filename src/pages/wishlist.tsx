/**
 * The customer's wishlist (/wishlist): each product at today's price and stock, "Move to cart" and
 * "Remove" as plain forms, and the back-in-stock e-mail each out-of-stock product will send.
 */
import { EmailVerificationNotice } from "../components/EmailVerificationNotice";
import { Layout } from "../components/Layout";
import { PriceTag } from "../components/product";
import type { SiteData } from "../components/site";
import { manifest } from "../server/assets.server";
import { wishlistStockText, type WishlistItemView, type WishlistView } from "../shared/wishlist";
import { CartNoticeBanner, type CartNotice } from "./cart-notice";
import type { PageDefinition } from "./page";
import { HeadingBackToDashboard } from "../components/BackLink";

export const wishlistPath = "/wishlist";

/** What a plain wishlist form leaves for the page: ?notice=<code>. */
const notices = {
  removed: { tone: "success", text: "The product was removed from your wishlist." },
  "not-on-wishlist": { tone: "error", text: "That product is not on your wishlist." },
  full: { tone: "error", text: "Your wishlist is full. Remove some products to add more." },
  "mail-on": { tone: "success", text: "We will e-mail you when it is back in stock." },
  "all-mail-on": { tone: "success", text: "Back-in-stock e-mails are on again." },
} as const;
export type WishlistNoticeCode = keyof typeof notices;

/** The notice for a ?notice= value, or undefined. */
export function wishlistNotice(code: string | undefined): { tone: "success" | "error"; text: string } | undefined {
  return code && Object.hasOwn(notices, code) ? notices[code as WishlistNoticeCode] : undefined;
}

function StockNote({ item, mailOn, verified }: { item: WishlistItemView; mailOn: boolean; verified: boolean }) {
  const text = wishlistStockText(item.stockQuantity);
  if (!item.available) return <p className="text-sm font-semibold text-error">No longer sold</p>;
  if (item.stockQuantity > 0) {
    return <p className={`text-sm font-semibold ${text === "In stock" ? "text-success" : "text-warning-content"}`}>{text}</p>;
  }
  if (!verified) return <p className="text-sm font-semibold text-error">Out of stock — confirm your e-mail address and we'll e-mail you when it's back</p>;
  if (mailOn && item.backInStockMail) return <p className="text-sm font-semibold text-error">Out of stock — we'll e-mail you when it's back</p>;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="text-sm font-semibold text-error">Out of stock</p>
      {mailOn && (
        <form method="post" action={`/wishlist/items/${item.productId}/back-in-stock`} data-pending="">
          <button type="submit" className="btn btn-ghost btn-xs" data-pending-label="Saving...">
            E-mail me when it's back<span className="sr-only">{`: ${item.name}`}</span>
          </button>
        </form>
      )}
    </div>
  );
}

function WishlistRow({ item, site, mailOn }: { item: WishlistItemView; site: SiteData; mailOn: boolean }) {
  const href = `/shop/product/${item.slug}`;
  const canMove = item.available && item.stockQuantity > 0;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center" data-testid="wishlist-item">
      <img
        src={item.image}
        alt=""
        width={96}
        height={72}
        loading="lazy"
        className="aspect-[4/3] w-24 shrink-0 rounded-box border border-base-300 bg-base-200 object-cover"
      />
      <div className="min-w-0 flex-1 space-y-1">
        <h2 className="font-semibold break-words">
          {item.available ? (
            <a href={href} className="link link-hover">
              {item.name}
            </a>
          ) : (
            item.name
          )}
        </h2>
        {item.available && <PriceTag product={item} currency={site.settings.currency} />}
        <StockNote item={item} mailOn={mailOn} verified={site.user?.emailVerified ?? false} />
      </div>
      <div className="flex flex-wrap gap-2">
        {canMove && (
          <form method="post" action={`/wishlist/items/${item.productId}/move`} data-pending="">
            <button type="submit" className="btn btn-primary btn-sm" data-pending-label="Moving...">
              Move to cart<span className="sr-only">{`: ${item.name}`}</span>
            </button>
          </form>
        )}
        <form method="post" action={`/wishlist/items/${item.productId}/delete`} data-pending="">
          <input type="hidden" name="returnTo" value={`${wishlistPath}?notice=removed`} />
          <button type="submit" className="btn btn-outline btn-sm" data-pending-label="Removing...">
            Remove<span className="sr-only">{`: ${item.name}`}</span>
          </button>
        </form>
      </div>
    </li>
  );
}

export function wishlistPage(site: SiteData, wishlist: WishlistView, notice?: { tone: "success" | "error"; text: string }, cart?: CartNotice): PageDefinition {
  return {
    path: wishlistPath,
    title: `Your Wishlist | ${site.settings.businessName}`,
    description: "The products you saved, at today's prices and stock.",
    noindex: true,
    scripts: [manifest.formPending],
    body: (
      <Layout site={site} active="/wishlist">
        <div className="mx-auto max-w-4xl px-4 py-10">
          <HeadingBackToDashboard title="Your Wishlist" />
          <EmailVerificationNotice user={site.user} />
          <div className="mt-6">
            <CartNoticeBanner notice={cart} showCartLink />
            {notice && (
              <div role={notice.tone === "error" ? "alert" : "status"} className={`alert ${notice.tone === "error" ? "alert-error" : "alert-success"} mb-6`}>
                <p>{notice.text}</p>
              </div>
            )}
          </div>
          {!wishlist.backInStockMail && (
            <div role="note" className="alert mb-6 flex flex-wrap justify-between">
              <p>You asked us not to e-mail you when products on your wishlist are back in stock.</p>
              <form method="post" action="/wishlist/back-in-stock" data-pending="">
                <button type="submit" className="btn btn-sm" data-pending-label="Saving...">
                  Turn back-in-stock e-mails on
                </button>
              </form>
            </div>
          )}
          {wishlist.items.length === 0 ? (
            <div className="rounded-box border border-dashed border-base-300 p-10 text-center" data-testid="wishlist-empty">
              <p className="font-semibold">Your wishlist is empty.</p>
              <p className="mt-1 text-base-content/80">Tap the heart on any product in the shop to save it here. We'll tell you when a sold-out one is back.</p>
              <a href="/shop" className="btn btn-primary mt-6">
                Browse the shop
              </a>
            </div>
          ) : (
            <>
              <p className="text-sm text-base-content/80">{`${wishlist.count} ${wishlist.count === 1 ? "product" : "products"} saved. Prices and stock are as of today.`}</p>
              <ul className="divide-y divide-base-300">
                {wishlist.items.map((item) => (
                  <WishlistRow key={item.productId} item={item} site={site} mailOn={wishlist.backInStockMail} />
                ))}
              </ul>
            </>
          )}
        </div>
      </Layout>
    ),
  };
}
