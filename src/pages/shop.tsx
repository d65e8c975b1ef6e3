/** Equipment shop (/shop): heading, sign-in banner, the filterable catalogue and the info tiles. */
import { Section } from "../components/blocks";
import { FeatureGrid } from "../components/FeatureGrid";
import type { IconName } from "../components/icons";
import { Island } from "../components/Island";
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import { defaultSort, shopHref, shopPageSize, type CatalogueCategory, type CatalogueItem, type ShopQuery } from "../domain/catalogue";
import { CartNoticeBanner, type CartNotice } from "./cart-notice";
import type { PageDefinition } from "./page";

const infoIcons: IconName[] = ["truck", "award", "users"];

export type ShopPageData = { items: CatalogueItem[]; categories: CatalogueCategory[] };

/** `show`: how many cards the grid shows at first (?show=, a whole number of pages). */
export function shopPage(site: SiteData, data: ShopPageData, query: ShopQuery, show = shopPageSize, notice?: CartNotice): PageDefinition {
  const c = site.content;
  const hero = c["shop.hero"];
  const category = data.categories.find((cat) => cat.slug === query.category);
  const filtered = query.q !== "" || query.sort !== defaultSort || show > shopPageSize;
  return {
    // A category is a page of its own; search results and other orders point to it.
    path: shopHref({ category: query.category, q: "", sort: defaultSort }),
    title: category
      ? `${category.name} | Equipment Shop | ${site.settings.businessName}`
      : `Investigation & Surveillance Equipment Shop | ${site.settings.businessName}`,
    description:
      "Professional surveillance cameras, GPS trackers, audio, digital forensics, counter-surveillance and training for investigators, shipped discreetly across Australia.",
    noindex: filtered,
    body: (
      <Layout site={site} active="/shop">
        <div className="bg-neutral text-neutral-content">
          <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
            <h1 className="text-3xl font-bold sm:text-4xl">{hero.title}</h1>
            <p className="mt-3 max-w-2xl text-neutral-content/90">{hero.subtitle}</p>
          </div>
        </div>

        <div className="mx-auto max-w-6xl px-4 py-8">
          <CartNoticeBanner notice={notice} showCartLink />
          {!site.user && (
            <div role="note" className="alert alert-info mb-6 flex flex-wrap justify-between">
              <p>{hero.loginNotice}</p>
              <a href={`/api/login?returnTo=${encodeURIComponent(shopHref(query))}`} className="btn btn-sm">
                Log In to Purchase
              </a>
            </div>
          )}
          <Island
            name="ShopCatalog"
            hydrate="visible"
            props={{
              items: data.items,
              categories: data.categories,
              initialQuery: query,
              initialShow: show,
              signedIn: site.user !== null,
              currency: site.settings.currency,
              wishlisted: site.wishlistIds ?? [],
            }}
          />
        </div>

        <Section id="shop-info">
          <h2 className="sr-only">Why buy from us</h2>
          <FeatureGrid items={c["shop.info"].items} icons={infoIcons} />
        </Section>
      </Layout>
    ),
  };
}
