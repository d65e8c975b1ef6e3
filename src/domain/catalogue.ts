/**
 * The equipment shop's catalogue rules, with no HTTP or database in them: which price a product
 * sells at, and the filter / search / sort of the shop page. The same functions run on the server
 * (a /shop?… URL rendered without JavaScript) and in the ShopCatalog island (every keystroke).
 */
import { toCents } from "./pricing";
import { compareRatings } from "./reviews";

/** What the shop grid needs of a product (the island gets this, not the whole row). */
export type CatalogueItem = {
  id: number;
  slug: string;
  name: string;
  shortDescription: string | null;
  image: string;
  price: string;
  salePrice: string | null;
  categorySlug: string | null;
  categoryName: string | null;
  features: string[];
  isFeatured: boolean;
  requiresVerification: boolean;
  stockQuantity: number;
  /** From approved reviews only; null when the product has none ("No reviews yet"). */
  rating: { average: number; count: number } | null;
};

/** A product as it is today, as the cart and the wishlist show it beside what the customer chose. */
export type ProductToday = {
  productId: number;
  slug: string;
  name: string;
  image: string;
  price: string;
  salePrice: string | null;
  stockQuantity: number;
  /** Active and in an active category (what the shop shows); a withdrawn product can only be removed. */
  available: boolean;
};

/** A category of the sidebar with the number of products it holds. */
export type CatalogueCategory = { id: number; slug: string; name: string; productCount: number };

export const sortOptions = [
  { value: "featured", label: "Featured" },
  { value: "name-asc", label: "Name A-Z" },
  { value: "price-asc", label: "Price Low to High" },
  { value: "price-desc", label: "Price High to Low" },
  { value: "rating", label: "Highest Rated" },
] as const;

export type SortValue = (typeof sortOptions)[number]["value"];
export const sortValues = sortOptions.map((o) => o.value) as [SortValue, ...SortValue[]];
export const defaultSort: SortValue = "featured";

/** The shop's state, as it lives in the URL: /shop?category=gps-tracking&q=battery&sort=price-asc */
export type ShopQuery = { category: string | null; q: string; sort: SortValue };

export const emptyShopQuery: ShopQuery = { category: null, q: "", sort: defaultSort };
export const maxSearchLength = 100;
export const categorySlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The image shown when a product has none we can serve. */
export const fallbackProductImage = "/images/products/placeholder.svg";

/** How many features a shop card lists before "+N more". */
export const cardFeatureCount = 3;

/** Cards the grid shows before "Show more" (keeps every keystroke cheap in a large catalogue). */
export const shopPageSize = 48;
const maxShown = 10_000;

/** The first image that is one of our own paths (the CSP allows no other host), else the fallback. */
export function productImage(images: readonly string[] | null | undefined): string {
  const local = images?.find((src) => typeof src === "string" && src.startsWith("/") && !src.startsWith("//"));
  return local ?? fallbackProductImage;
}

/** Sale prices count only when they are real: above zero and below the regular price. */
export function isOnSale(p: { price: string; salePrice: string | null }): boolean {
  const sale = toCents(p.salePrice);
  const price = toCents(p.price);
  return sale !== null && price !== null && sale > 0 && sale < price;
}

/** What the product sells for now, in cents: the sale price when there is one. */
export function currentPriceCents(p: { price: string; salePrice: string | null }): number {
  const sale = toCents(p.salePrice);
  return isOnSale(p) && sale !== null ? sale : (toCents(p.price) ?? 0);
}

/** The saving of a sale, in cents (0 when not on sale). */
export function savingCents(p: { price: string; salePrice: string | null }): number {
  return isOnSale(p) ? (toCents(p.price) ?? 0) - currentPriceCents(p) : 0;
}

/** Collapses whitespace and bounds the length of a search text. */
export function cleanSearch(q: string | null | undefined): string {
  return (q ?? "").replace(/\s+/g, " ").trim().slice(0, maxSearchLength);
}

/**
 * Reads the shop's URL parameters leniently: a bookmarked or hand-edited URL never fails, anything
 * unknown falls back to its default (a category that is not in `knownCategories` means "all").
 */
export function readShopQuery(params: { category?: string | null; q?: string | null; sort?: string | null }, knownCategories?: ReadonlySet<string>): ShopQuery {
  const category =
    params.category && categorySlugPattern.test(params.category) && (!knownCategories || knownCategories.has(params.category)) ? params.category : null;
  const sort = sortValues.includes(params.sort as SortValue) ? (params.sort as SortValue) : defaultSort;
  return { category, q: cleanSearch(params.q), sort };
}

/** How many cards to show for a ?show= value: a whole number of pages, at least one. */
export function readShowCount(value: string | null | undefined): number {
  const n = /^\d{1,6}$/.test(value ?? "") ? Number(value) : 0;
  return Math.min(maxShown, Math.max(1, Math.ceil(n / shopPageSize)) * shopPageSize);
}

/**
 * The URL of a shop view, defaults left out so every view has one canonical spelling; `show` adds
 * the number of cards when more than one page is shown.
 */
export function shopHref(query: ShopQuery, show = shopPageSize): string {
  const params = new URLSearchParams();
  if (query.category) params.set("category", query.category);
  const q = cleanSearch(query.q);
  if (q) params.set("q", q);
  if (query.sort !== defaultSort) params.set("sort", query.sort);
  if (show > shopPageSize) params.set("show", String(show));
  const search = params.toString();
  return search ? `/shop?${search}` : "/shop";
}

/** Lowercased, accent-free text for matching ("Café" matches "cafe"). */
function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

// The folded name and features of each item, computed once per item object: the island filters the
// same objects on every keystroke.
const searchTexts = new WeakMap<CatalogueItem, string>();
function searchText(item: CatalogueItem): string {
  let text = searchTexts.get(item);
  if (text === undefined) {
    // Newlines keep a search term from matching across the end of one field and the start of the next.
    text = fold([item.name, ...item.features].join("\n"));
    searchTexts.set(item, text);
  }
  return text;
}

/** The words of a search, folded for matching. */
export function searchTerms(q: string): string[] {
  return fold(cleanSearch(q)).split(" ").filter(Boolean);
}

/** True when every search term appears in the product's name or in one of its features. */
function matchesTerms(item: CatalogueItem, terms: string[]): boolean {
  if (terms.length === 0) return true;
  const text = searchText(item);
  return terms.every((t) => text.includes(t));
}

/** True when every word of `q` appears in the product's name or in one of its features. */
export function matchesSearch(item: CatalogueItem, q: string): boolean {
  return matchesTerms(item, searchTerms(q));
}

const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Items in `sort` order; `Array.prototype.sort` is stable, so ties keep the catalogue order. */
function sorted(items: CatalogueItem[], sort: SortValue): CatalogueItem[] {
  switch (sort) {
    case "featured":
      return items.sort((a, b) => Number(b.isFeatured) - Number(a.isFeatured));
    case "name-asc":
      return items.sort((a, b) => byName.compare(a.name, b.name));
    case "price-asc":
      return items.sort((a, b) => currentPriceCents(a) - currentPriceCents(b));
    case "price-desc":
      return items.sort((a, b) => currentPriceCents(b) - currentPriceCents(a));
    case "rating":
      return items.sort((a, b) => compareRatings(a.rating, b.rating));
  }
}

/** The shop grid for a query: category, then search, then sort. Never changes `items`. */
export function filterCatalogue(items: readonly CatalogueItem[], query: ShopQuery): CatalogueItem[] {
  const terms = searchTerms(query.q);
  const shown = items.filter((item) => (query.category === null || item.categorySlug === query.category) && matchesTerms(item, terms));
  return sorted(shown, query.sort);
}

/** "1 product" / "12 products". */
export function productCountLabel(n: number): string {
  return `${n} product${n === 1 ? "" : "s"}`;
}
