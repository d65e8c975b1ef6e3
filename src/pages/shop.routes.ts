/**
 * GET /shop and GET /shop/product/:slug, both publicly cached for anonymous views without a query.
 * They show live stock: every stock change goes through a db write that signals "public data
 * changed" (db/public-data.server.ts), which clears the cache (decision 009).
 */
import { Hono, type Context } from "hono";
import { readShopQuery, readShowCount } from "../domain/catalogue";
import { productWithReviews, shopCatalogue } from "../reads/shop.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { servePage } from "../server/render-page";
import { cartNotice } from "./cart-notice";
import { productNotFoundPage, productPage, wishlistChange } from "./product";
import { reviewNotice } from "./product-reviews";
import { shopPage } from "./shop";

/** The shop for the URL's ?category=&q=&sort=&show= (read leniently: a bad value means its default). */
export function showShop(deps: AppDeps, c: Context<AppEnv>) {
  return servePage(
    deps,
    c,
    (site) => {
      const data = shopCatalogue(deps);
      const known = new Set(data.categories.map((cat) => cat.slug));
      const query = readShopQuery({ category: c.req.query("category"), q: c.req.query("q"), sort: c.req.query("sort") }, known);
      return shopPage(site, data, query, readShowCount(c.req.query("show")), cartNotice(c.req.query("cart")));
    },
    { cache: "public" },
  );
}

/** A product page, or 'Product Not Found' (404, never cached) for an unknown or withdrawn product. */
export function showProduct(deps: AppDeps, c: Context<AppEnv>) {
  const slug = c.req.param("slug") ?? "";
  return servePage(
    deps,
    c,
    (site) => {
      const shown = productWithReviews(deps, slug, site.user?.id ?? null, { reviews: c.req.query("reviews"), sort: c.req.query("sort") });
      if (!shown) return productNotFoundPage(site, c.req.path);
      return productPage(
        site,
        shown.product,
        { ...shown.reviews, notice: reviewNotice(c.req.query("review")) },
        cartNotice(c.req.query("cart")),
        // Only a signed-in customer changes a wishlist: a shared link with ?wishlist= says nothing.
        site.user ? wishlistChange(c.req.query("wishlist")) : undefined,
      );
    },
    { cache: "public" },
  );
}

export function shopRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/shop", (c) => showShop(deps, c)).get("/shop/product/:slug", (c) => showProduct(deps, c));
}
