/**
 * The shop's filterable grid: category sidebar, search box, sort selector and product cards. The
 * server renders it for the URL's query (/shop?category=…&q=…&sort=…), as links and a GET form that
 * work with JavaScript off; once hydrated it filters on every keystroke with the same pure function
 * (domain/catalogue.ts) and keeps the URL in step, so any view can be bookmarked and shared. A
 * large catalogue shows a page of cards at a time ("Show more"), so a keystroke never renders
 * hundreds of cards.
 */
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type MouseEvent,
} from "react";
import { WishlistButton } from "../components/WishlistButton";
import { useWishlistHearts } from "../client/wishlist";
import { useAddToCart } from "../client/cart";
import { PriceTag, ProductBadges, StarRating } from "../components/product";
import {
  cardFeatureCount,
  cleanSearch,
  filterCatalogue,
  productCountLabel,
  readShopQuery,
  readShowCount,
  shopHref,
  shopPageSize,
  sortOptions,
  type CatalogueCategory,
  type CatalogueItem,
  type ShopQuery,
} from "../domain/catalogue";

export type ShopCatalogProps = {
  items: CatalogueItem[];
  categories: CatalogueCategory[];
  initialQuery: ShopQuery;
  /** Cards shown at first (?show=), a whole number of pages. */
  initialShow: number;
  signedIn: boolean;
  /** The currency setting the prices are in. */
  currency: string;
  /** The products on the signed-in customer's wishlist. */
  wishlisted?: readonly number[];
};

type View = { query: ShopQuery; show: number };

/** Cards above the fold on a wide screen load at once; the rest when scrolled near. */
const eagerImages = 3;

const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * Without JavaScript a filter, a search or "show more" loads a new page: its links and form go to
 * the products (#products, or the first new card), so a customer on a phone lands where the
 * results are, not at the top of the page two screens above them. With JavaScript the island
 * changes the grid in place and the page stays where it is.
 */
const productsAnchor = "#products";
const cardAnchor = (position: number) => `shop-item-${position}`;

export default function ShopCatalog({ items, categories, initialQuery, initialShow, signedIn, currency, wishlisted = [] }: ShopCatalogProps) {
  const [view, setView] = useState<View>({ query: initialQuery, show: initialShow });
  const query = view.query;
  const searchRef = useRef<HTMLInputElement>(null);
  const sortRef = useRef<HTMLSelectElement>(null);
  const known = useMemo(() => new Set(categories.map((c) => c.slug)), [categories]);
  // The field shows each keystroke at once; the grid follows as soon as React has time.
  const shownView = useDeferredValue(view);
  const shownQuery = shownView.query;
  const shown = useMemo(() => filterCatalogue(items, shownQuery), [items, shownQuery]);
  const page = shown.length > shownView.show ? shown.slice(0, shownView.show) : shown;
  const add = useAddToCart();
  const addToCart = useCallback((item: CatalogueItem) => add.mutate({ productId: item.id, quantity: 1, name: item.name }), [add.mutate]);
  const hearts = useWishlistHearts(wishlisted);
  const toggleWish = useCallback(
    (item: CatalogueItem, add: boolean) => hearts.toggle.mutate({ productId: item.id, name: item.name, add }),
    [hearts.toggle.mutate],
  );
  // The cards' forms carry the URL they were rendered for (no-JS); once hydrated, the sign-in form
  // reads the current URL when submitted, so the cards need not re-render on every keystroke.
  const [renderedHref] = useState(() => shopHref(initialQuery, initialShow));

  /** Applies a new view and puts it in the address bar (typing replaces, choices add history). */
  function go(next: View, how: "push" | "replace") {
    setView(next);
    const url = shopHref(next.query, next.show);
    if (url !== location.pathname + location.search) {
      if (how === "push") history.pushState(null, "", url);
      else history.replaceState(null, "", url);
    }
  }
  /** A new filter, search or order starts again from the first page. */
  const show = (next: ShopQuery, how: "push" | "replace") => go({ query: next, show: shopPageSize }, how);

  // Text typed or a sort chosen before hydration is in the DOM but not in the state yet.
  const catchUpWithForm = useEffectEvent(() => {
    const q = searchRef.current?.value ?? "";
    const sort = sortRef.current?.value ?? initialQuery.sort;
    if (cleanSearch(q) !== initialQuery.q || sort !== initialQuery.sort) show(readShopQuery({ category: initialQuery.category, q, sort }, known), "replace");
  });
  // Back and forward show the view of that URL again.
  const showUrlView = useEffectEvent(() => {
    const params = new URLSearchParams(location.search);
    const next = readShopQuery({ category: params.get("category"), q: params.get("q"), sort: params.get("sort") }, known);
    if (searchRef.current) searchRef.current.value = next.q;
    if (sortRef.current) sortRef.current.value = next.sort;
    setView({ query: next, show: readShowCount(params.get("show")) });
  });
  // Once, at hydration.
  useEffect(() => {
    catchUpWithForm();
    const onPopState = () => showUrlView();
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  const chooseCategory = (e: MouseEvent<HTMLAnchorElement>, category: string | null) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    show({ ...query, category }, "push");
  };
  const onSearch = (e: ChangeEvent<HTMLInputElement>) => show({ ...query, q: e.target.value }, "replace");
  const onSort = (e: ChangeEvent<HTMLSelectElement>) => show({ ...query, sort: readShopQuery({ sort: e.target.value }).sort }, "push");
  // Filtering already happened while typing; Enter must not reload the page.
  const onSubmit = (e: FormEvent) => e.preventDefault();
  const clearFilters = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    if (searchRef.current) searchRef.current.value = "";
    show({ ...query, category: null, q: "" }, "push");
  };
  const showMore = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    go({ query: shownQuery, show: shownView.show + shopPageSize }, "replace");
  };

  const categoryName = categories.find((c) => c.slug === shownQuery.category)?.name;
  const q = cleanSearch(shownQuery.q);
  const count = page.length < shown.length ? `${page.length} of ${productCountLabel(shown.length)}` : productCountLabel(shown.length);
  const summary = shown.length === 0 ? "No products found" : `Showing ${count}${categoryName ? ` in ${categoryName}` : ""}${q ? ` matching “${q}”` : ""}`;

  const categoryLink = (slug: string | null, name: string, count: number) => {
    const current = query.category === slug;
    return (
      <li key={slug ?? "all"}>
        <a
          href={`${shopHref({ ...query, category: slug })}${productsAnchor}`}
          onClick={(e) => chooseCategory(e, slug)}
          aria-current={current ? "page" : undefined}
          className={`btn btn-sm justify-between gap-2 lg:w-full ${current ? "btn-primary" : "btn-ghost border-base-300"}`}
        >
          <span>{name}</span>
          <span className={`badge badge-sm ${current ? "badge-neutral" : "badge-ghost"}`}>{count}</span>
        </a>
      </li>
    );
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <nav aria-labelledby="shop-categories-title">
        <h2 id="shop-categories-title" className="mb-3 text-lg font-semibold">
          Categories
        </h2>
        <ul className="flex flex-wrap gap-2 lg:flex-col lg:flex-nowrap">
          {categoryLink(null, "All Products", items.length)}
          {categories.map((c) => categoryLink(c.slug, c.name, c.productCount))}
        </ul>
      </nav>

      <div className="min-w-0">
        <search aria-label="Search the shop" className="block">
          <form method="get" action={`/shop${productsAnchor}`} onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            {query.category && <input type="hidden" name="category" value={query.category} />}
            <div className="flex-1">
              <label htmlFor="shop-search" className="mb-1 block text-sm font-semibold">
                Search products
              </label>
              <input
                ref={searchRef}
                id="shop-search"
                name="q"
                type="search"
                defaultValue={initialQuery.q}
                onChange={onSearch}
                maxLength={100}
                placeholder="Name or feature, e.g. battery"
                autoComplete="off"
                className="input w-full"
              />
            </div>
            <div>
              <label htmlFor="shop-sort" className="mb-1 block text-sm font-semibold">
                Sort by
              </label>
              <select ref={sortRef} id="shop-sort" name="sort" defaultValue={initialQuery.sort} onChange={onSort} className="select w-full sm:w-52">
                {sortOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn btn-outline">
              Search
            </button>
          </form>
        </search>

        <p id="products" role="status" aria-live="polite" className="mt-4 text-sm font-semibold" data-testid="shop-summary">
          {summary}
        </p>

        <h2 className="sr-only">Products</h2>
        {shown.length === 0 ? (
          <div className="mt-4 rounded-box border border-dashed border-base-300 p-10 text-center">
            <p>Try another search term or category.</p>
            <a href={`${shopHref({ ...shownQuery, category: null, q: "" })}${productsAnchor}`} onClick={clearFilters} className="btn btn-primary btn-sm mt-4">
              View all products
            </a>
          </div>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {page.map((item, i) => (
              <li key={item.id} id={cardAnchor(i + 1)}>
                <ProductCard
                  item={item}
                  currency={currency}
                  eager={i < eagerImages}
                  signedIn={signedIn}
                  // A heart or a cart button posted without JavaScript comes back to this card.
                  returnTo={`${renderedHref}#${cardAnchor(i + 1)}`}
                  pending={add.isPending && add.variables?.productId === item.id}
                  onAdd={addToCart}
                  wished={hearts.wished.has(item.id)}
                  wishPending={hearts.toggle.isPending && hearts.toggle.variables?.productId === item.id}
                  onWish={toggleWish}
                />
              </li>
            ))}
          </ul>
        )}
        {page.length < shown.length && (
          <p className="mt-6 text-center">
            <a href={`${shopHref(shownQuery, shownView.show + shopPageSize)}#${cardAnchor(shownView.show + 1)}`} onClick={showMore} className="btn btn-outline">
              {`Show more products (${shown.length - page.length} more)`}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}

type CardProps = {
  item: CatalogueItem;
  currency: string;
  eager: boolean;
  signedIn: boolean;
  returnTo: string;
  pending: boolean;
  onAdd: (item: CatalogueItem) => void;
  /** On the customer's wishlist (the heart over the image). */
  wished: boolean;
  wishPending: boolean;
  onWish: (item: CatalogueItem, add: boolean) => void;
};

/** One card; memoised, so a keystroke re-renders only the cards that appear or change. */
const ProductCard = memo(function ProductCard({ item, currency, eager, wished, wishPending, onWish, ...cart }: CardProps) {
  const more = item.features.length - cardFeatureCount;
  const detail = `/shop/product/${item.slug}`;
  return (
    <article aria-labelledby={`product-${item.id}-name`} className="card h-full border border-base-300 bg-base-100">
      <figure className="relative bg-base-200">
        <img
          src={item.image}
          alt={item.name}
          width={400}
          height={300}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[4/3] w-full object-cover"
        />
        <div className="absolute top-2 right-2">
          <WishlistButton
            productId={item.id}
            name={item.name}
            wished={wished}
            signedIn={cart.signedIn}
            returnTo={cart.signedIn ? cart.returnTo : detail}
            pending={wishPending}
            onToggle={() => onWish(item, !wished)}
          />
        </div>
      </figure>
      <div className="card-body gap-2 p-4">
        <ProductBadges product={item} />
        {item.categoryName && <p className="text-xs font-semibold uppercase tracking-wide text-base-content/70">{item.categoryName}</p>}
        <h3 id={`product-${item.id}-name`} className="card-title text-base leading-snug">
          {item.name}
        </h3>
        <StarRating rating={item.rating} />
        <PriceTag product={item} currency={currency} />
        <ul className="list-disc space-y-1 pl-5 text-sm marker:text-success">
          {item.features.slice(0, cardFeatureCount).map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        {more > 0 && <p className="text-sm text-base-content/70">{`+${more} more`}</p>}
        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          <a href={detail} className="btn btn-outline btn-sm">
            View Details<span className="sr-only">{`: ${item.name}`}</span>
          </a>
          <CartButton item={item} {...cart} />
        </div>
      </div>
    </article>
  );
});

/** Add to Cart: a real form post when signed in, the sign-in page when not, disabled when sold out. */
function CartButton({ item, signedIn, returnTo, pending, onAdd }: Omit<CardProps, "eager" | "currency" | "wished" | "wishPending" | "onWish">) {
  const name = <span className="sr-only">{`: ${item.name}`}</span>;
  if (item.stockQuantity <= 0) {
    return (
      <button type="button" className="btn btn-sm" disabled>
        Out of Stock{name}
      </button>
    );
  }
  if (!signedIn) {
    return (
      <form
        method="get"
        action="/api/login"
        onSubmit={(e) => {
          // Back to the view shown now, which may differ from the one first rendered.
          const field = e.currentTarget.elements.namedItem("returnTo") as HTMLInputElement | null;
          if (field) field.value = location.pathname + location.search;
        }}
      >
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="btn btn-primary btn-sm w-full">
          Add to Cart{name}
        </button>
      </form>
    );
  }
  return (
    <form
      method="post"
      action="/cart/items"
      onSubmit={(e) => {
        e.preventDefault();
        onAdd(item);
      }}
    >
      <input type="hidden" name="productId" value={item.id} />
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className="btn btn-primary btn-sm w-full" disabled={pending}>
        {pending ? "Adding..." : "Add to Cart"}
        {name}
      </button>
    </form>
  );
}
