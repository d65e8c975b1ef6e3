/** The signed-in customer's cart (/cart). */
import { Island } from "../components/Island";
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import { cartKey, type CartView } from "../shared/cart-view";
import { CartNoticeBanner, type CartNotice } from "./cart-notice";
import type { PageDefinition } from "./page";
import { gstCharged } from "../domain/invoice";

export function cartPage(site: SiteData, cart: CartView, notice?: CartNotice): PageDefinition {
  return {
    path: "/cart",
    title: `Your Cart | ${site.settings.businessName}`,
    description: "The equipment in your cart.",
    noindex: true,
    body: (
      <Layout site={site} active="/cart">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h1 className="mb-6 text-3xl font-bold">Your Cart</h1>
          <CartNoticeBanner notice={notice} />
          <Island
            name="CartView"
            hydrate="load"
            props={{ gstIncluded: gstCharged(site.settings), currency: site.settings.currency }}
            queries={[{ key: cartKey, data: cart }]}
          />
        </div>
      </Layout>
    ),
  };
}
