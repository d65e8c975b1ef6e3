/** Product detail (/shop/product/{slug}), and the 'Product Not Found' page for an unknown slug. */
import { FeatureList } from "../components/blocks";
import { Icon, type IconName } from "../components/icons";
import { Island } from "../components/Island";
import { Layout } from "../components/Layout";
import { WishlistButton } from "../components/WishlistButton";
import { PriceTag, ProductBadges, SavingBadge, StarRating } from "../components/product";
import type { SiteData } from "../components/site";
import type { ProductWithCategory } from "../reads/shop.server";
import { maxQuantityFor } from "../domain/cart";
import { currentPriceCents, shopHref } from "../domain/catalogue";
import { centsToDecimal } from "../domain/pricing";
import { shippingCents } from "../domain/totals";
import { perCustomerLimitNote } from "../domain/stock-limits";
import { CartNoticeBanner, type CartNotice } from "./cart-notice";
import { ProductReviews, type ProductReviewsData } from "./product-reviews";
import type { PageDefinition } from "./page";

/** Stock above this shows green, at or below it red (docs/product.md#pages). */
const plentifulStock = 10;

const shippingIcons: IconName[] = ["shield", "clock", "lock"];

export const productPath = (slug: string) => `/shop/product/${slug}`;

/** The first of these specification rows the product fills in (the owner's own names for them vary). */
function specification(p: ProductWithCategory, names: string[]): string | undefined {
  const specs = Object.entries(p.specifications ?? {});
  for (const name of names) {
    const value = specs.find(([k]) => k.trim().toLowerCase() === name)?.[1]?.trim();
    if (value) return value;
  }
  return undefined;
}

/**
 * What one unit costs to ship within Australia (the flat fee, or nothing at the free-shipping
 * threshold) and the returns policy. No returns window is stated anywhere on the site, so the policy
 * says only that one applies in Australia (the Australian Consumer Law's remedies), not a made-up one.
 */
function shippingAndReturns(site: SiteData, priceCents: number): object {
  return {
    shippingDetails: {
      "@type": "OfferShippingDetails",
      shippingRate: { "@type": "MonetaryAmount", value: centsToDecimal(shippingCents(priceCents, true, site.settings)), currency: site.settings.currency },
      shippingDestination: { "@type": "DefinedRegion", addressCountry: "AU" },
    },
    hasMerchantReturnPolicy: {
      "@type": "MerchantReturnPolicy",
      applicableCountry: "AU",
      returnPolicyCategory: "https://schema.org/MerchantReturnUnspecified",
    },
  };
}

/** aggregateRating and review from approved reviews only; nothing at all when there are none. */
function reviewsJsonLd(reviews: ProductReviewsData): object {
  const { summary, reviews: shown } = reviews.list;
  if (summary.count === 0) return {};
  return {
    aggregateRating: { "@type": "AggregateRating", ratingValue: summary.average, reviewCount: summary.count, bestRating: 5, worstRating: 1 },
    review: shown.map((r) => ({
      "@type": "Review",
      name: r.title,
      reviewBody: r.comment,
      datePublished: r.createdAt.slice(0, 10),
      author: { "@type": "Person", name: r.author },
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

/** schema.org Product and BreadcrumbList for search engines. */
function productJsonLd(site: SiteData, p: ProductWithCategory, reviews: ProductReviewsData): object[] {
  const url = site.origin + productPath(p.slug);
  const price = currentPriceCents(p);
  const brand = specification(p, ["brand", "manufacturer", "make"]);
  const mpn = specification(p, ["mpn", "model", "model number", "part number"]);
  const crumbs = [
    { name: "Home", url: `${site.origin}/` },
    { name: "Equipment Shop", url: `${site.origin}/shop` },
    ...(p.category ? [{ name: p.category.name, url: site.origin + shopHref({ category: p.category.slug, q: "", sort: "featured" }) }] : []),
    { name: p.name, url },
  ];
  return [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: p.name,
      description: p.shortDescription ?? p.description ?? p.name,
      image: [site.origin + p.image],
      ...(brand ? { brand: { "@type": "Brand", name: brand } } : {}),
      ...(p.sku ? { sku: p.sku } : {}),
      ...(mpn ? { mpn } : {}),
      ...(p.category ? { category: p.category.name } : {}),
      url,
      offers: {
        "@type": "Offer",
        url,
        priceCurrency: site.settings.currency,
        price: centsToDecimal(price),
        availability: p.stockQuantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        itemCondition: "https://schema.org/NewCondition",
        seller: { "@type": "Organization", name: site.settings.businessName },
        ...shippingAndReturns(site, price),
      },
      ...reviewsJsonLd(reviews),
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: c.url })),
    },
  ];
}

/** The product's images after the main one (local addresses only, as `productImage` takes). */
function moreImages(p: ProductWithCategory): string[] {
  return p.images.filter((src) => src !== p.image && src.startsWith("/") && !src.startsWith("//"));
}

function StockLine({ stock }: { stock: number }) {
  if (stock <= 0) return <p className="font-semibold text-error">Out of Stock</p>;
  return <p className={`font-semibold ${stock > plentifulStock ? "text-success" : "text-error"}`}>{`In Stock (${stock} available)`}</p>;
}

/** What the wishlist button's plain form leaves for the product page (?wishlist=), shown beside the button. */
export type WishlistChange = "added" | "removed";
const wishlistNoticeText: Record<WishlistChange, string> = {
  added: "Added to your wishlist.",
  removed: "Removed from your wishlist.",
};

/** The ?wishlist= value as a change to say, or undefined. */
export function wishlistChange(value: string | undefined): WishlistChange | undefined {
  return value === "added" || value === "removed" ? value : undefined;
}

/**
 * Where the wishlist button's form comes back to: the product, saying what changed, at the button
 * (#wishlist), not at the top of the page.
 */
function wishlistReturnTo(path: string, wished: boolean): string {
  return `${path}?wishlist=${wished ? "removed" : "added"}#wishlist`;
}

export function productPage(
  site: SiteData,
  p: ProductWithCategory,
  reviews: ProductReviewsData,
  notice?: CartNotice,
  wishlistNotice?: WishlistChange,
): PageDefinition {
  const path = productPath(p.slug);
  const specs = Object.entries(p.specifications ?? {}).filter(([k, v]) => k.trim() && String(v).trim());
  const shipping = site.content["shop.shipping"];
  return {
    path,
    title: p.seoTitle || `${p.name} | ${site.settings.businessName}`,
    description: p.seoDescription || p.shortDescription || `${p.name} from the ${site.settings.businessName} equipment shop.`,
    jsonLd: productJsonLd(site, p, reviews),
    body: (
      <Layout site={site} active="/shop">
        <div className="mx-auto max-w-6xl px-4 py-8">
          <nav aria-label="Breadcrumb" className="breadcrumbs mb-6 text-sm">
            <ul>
              <li>
                <a href="/">Home</a>
              </li>
              <li>
                <a href="/shop">Equipment Shop</a>
              </li>
              {p.category && (
                <li>
                  <a href={shopHref({ category: p.category.slug, q: "", sort: "featured" })}>{p.category.name}</a>
                </li>
              )}
              <li>
                <span aria-current="page">{p.name}</span>
              </li>
            </ul>
          </nav>
          <CartNoticeBanner notice={notice} showCartLink />

          <div className="grid gap-8 md:grid-cols-2">
            <div className="space-y-3">
              <img
                src={p.image}
                alt={p.name}
                width={400}
                height={300}
                fetchPriority="high"
                className="aspect-[4/3] w-full rounded-box border border-base-300 bg-base-200 object-cover"
              />
              {moreImages(p).length > 0 && (
                <ul className="grid grid-cols-4 gap-2" aria-label="More images">
                  {moreImages(p).map((src, i) => (
                    <li key={src}>
                      <img
                        src={src}
                        alt={`${p.name}, view ${i + 2}`}
                        width={100}
                        height={75}
                        loading="lazy"
                        className="aspect-[4/3] w-full rounded-box border border-base-300 bg-base-200 object-cover"
                      />
                    </li>
                  ))}
                </ul>
              )}
              <ProductBadges product={p} />
            </div>

            <div className="space-y-4">
              {p.category && <p className="text-sm font-semibold uppercase tracking-wide text-base-content/70">{p.category.name}</p>}
              <h1 className="text-3xl font-bold">{p.name}</h1>
              {reviews.list.summary.count > 0 ? (
                <a href="#reviews" className="link-hover inline-block">
                  <StarRating rating={reviews.list.summary} />
                </a>
              ) : (
                <StarRating rating={null} />
              )}
              {p.description && <p className="text-base-content/90">{p.description}</p>}
              <div className="flex flex-wrap items-center gap-3">
                <PriceTag product={p} currency={site.settings.currency} size="lg" />
                <SavingBadge product={p} currency={site.settings.currency} />
              </div>
              <StockLine stock={p.stockQuantity} />
              {p.requiresVerification && (
                <div role="note" className="alert alert-warning">
                  <Icon name="shield" className="size-5 shrink-0" />
                  <div>
                    <p className="font-semibold">Verification Required</p>
                    <p className="text-sm">
                      This product requires identity verification before it ships. After you order, we will ask for photo ID; your order is held until it is
                      verified.
                    </p>
                  </div>
                </div>
              )}
              {p.restrictedStates.length > 0 && <p className="text-sm text-base-content/80">{`Cannot be shipped to ${p.restrictedStates.join(", ")}.`}</p>}
              <Island
                name="AddToCart"
                hydrate="visible"
                props={{
                  productId: p.id,
                  name: p.name,
                  maxQuantity: maxQuantityFor(p.stockQuantity, site.settings.maxUnitsPerProduct),
                  signedIn: site.user !== null,
                  returnTo: path,
                }}
              />
              <div id="wishlist" className="space-y-2">
                <WishlistButton
                  productId={p.id}
                  name={p.name}
                  wished={!!site.wishlistIds?.includes(p.id)}
                  signedIn={site.user !== null}
                  returnTo={site.user ? wishlistReturnTo(path, !!site.wishlistIds?.includes(p.id)) : path}
                  variant="labelled"
                />
                {wishlistNotice && (
                  <p role="status" className="text-sm font-semibold text-success" data-testid="wishlist-notice">
                    {wishlistNoticeText[wishlistNotice]}{" "}
                    <a href="/wishlist" className="link">
                      Your wishlist
                    </a>
                  </p>
                )}
              </div>
              {p.stockQuantity > 0 && (
                <p className="text-sm text-base-content/80" data-testid="product-limit">
                  {perCustomerLimitNote(site.settings)}
                </p>
              )}
            </div>
          </div>

          <div className="mt-12 grid gap-8 lg:grid-cols-3">
            <div className="space-y-8 lg:col-span-2">
              {p.features.length > 0 && (
                <section aria-labelledby="features-title">
                  <h2 id="features-title" className="mb-3 text-2xl font-bold">
                    Key Features
                  </h2>
                  <FeatureList items={p.features} />
                </section>
              )}
              {specs.length > 0 && (
                <section aria-labelledby="specs-title">
                  <h2 id="specs-title" className="mb-3 text-2xl font-bold">
                    Specifications
                  </h2>
                  <div className="overflow-x-auto rounded-box border border-base-300">
                    <table className="table">
                      <tbody>
                        {specs.map(([name, value]) => (
                          <tr key={name}>
                            <th scope="row" className="w-1/3 bg-base-200">
                              {name}
                            </th>
                            <td>{value}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </section>
              )}
              <ProductReviews site={site} path={path} data={reviews} />
            </div>
            <aside aria-labelledby="shipping-title" className="card h-fit border border-base-300 bg-base-200">
              <div className="card-body">
                <h2 id="shipping-title" className="card-title">
                  {shipping.title}
                </h2>
                <ul className="space-y-3">
                  {shipping.items.map((item, i) => (
                    <li key={item.title} className="flex gap-3">
                      <Icon name={shippingIcons[i] ?? "check"} className="mt-0.5 size-5 shrink-0 text-primary" />
                      <span>
                        <span className="block font-semibold">{item.title}</span>
                        <span className="text-sm">{item.text}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            </aside>
          </div>
        </div>
      </Layout>
    ),
  };
}

/** The 'Product Not Found' page (docs/product.md#toasts-and-notices), answered with 404. */
export function productNotFoundPage(site: SiteData, path: string): PageDefinition {
  return {
    path,
    title: `Product Not Found | ${site.settings.businessName}`,
    description: "The product you're looking for doesn't exist or has been removed.",
    status: 404,
    noindex: true,
    body: (
      <Layout site={site} active="/shop">
        <div className="mx-auto max-w-xl px-4 py-24 text-center">
          <h1 className="text-3xl font-bold">Product Not Found</h1>
          <p className="mt-2 text-base-content/80">The product you're looking for doesn't exist or has been removed.</p>
          <a href="/shop" className="btn btn-primary mt-8">
            Back to Shop
          </a>
        </div>
      </Layout>
    ),
  };
}
