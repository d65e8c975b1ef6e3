/** Small pieces of product markup shared by the shop grid (an island) and the product page. */
import { currentPriceCents, isOnSale, savingCents } from "../domain/catalogue";
import { ratingLabel, starFills } from "../domain/reviews";
import { toCents } from "../domain/pricing";
import { formatMoney } from "../domain/format";

type Priced = { price: string; salePrice: string | null };

/** Featured / ID Required / Sale. */
export function ProductBadges({ product, className = "" }: { product: Priced & { isFeatured: boolean; requiresVerification: boolean }; className?: string }) {
  const sale = isOnSale(product);
  if (!product.isFeatured && !product.requiresVerification && !sale) return null;
  return (
    <ul aria-label="Product labels" className={`flex flex-wrap gap-1 ${className}`}>
      {product.isFeatured && <li className="badge badge-primary badge-sm">Featured</li>}
      {product.requiresVerification && <li className="badge badge-warning badge-sm">ID Required</li>}
      {sale && <li className="badge badge-error badge-sm">Sale</li>}
    </ul>
  );
}

/** Five stars drawn for an average (to the nearest half star); hidden from screen readers, which read the text beside them. */
export function StarIcons({ average, className = "size-4" }: { average: number; className?: string }) {
  return (
    <span aria-hidden="true" className="flex text-warning">
      {starFills(average).map((fill, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the five stars never move
        <svg key={i} viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
          <polygon points={starPoints} className={fill === "full" ? "fill-current" : "fill-base-300"} />
          {fill === "half" && <polygon points={leftHalfPoints} className="fill-current" />}
        </svg>
      ))}
    </span>
  );
}

const starPoints = "12,2 15.09,8.26 22,9.27 17,14.14 18.18,21.02 12,17.77 5.82,21.02 7,14.14 2,9.27 8.91,8.26";
const leftHalfPoints = "12,2 8.91,8.26 2,9.27 7,14.14 5.82,21.02 12,17.77";

/**
 * A product's rating from its approved reviews: stars, "4.2 (12)" and, for screen readers, "Rated
 * 4.2 out of 5 from 12 reviews"; "No reviews yet" when there are none (no rating is ever invented).
 */
export function StarRating({ rating, className = "" }: { rating: { average: number; count: number } | null; className?: string }) {
  if (!rating || rating.count === 0) return <p className={`text-sm text-base-content/70 ${className}`}>No reviews yet</p>;
  return (
    <p className={`flex items-center gap-1 text-sm ${className}`}>
      <span className="sr-only">{ratingLabel(rating.average, rating.count)}</span>
      <StarIcons average={rating.average} />
      <span aria-hidden="true">{`${rating.average.toFixed(1)} (${rating.count})`}</span>
    </p>
  );
}

const money = (cents: number, currency: string) => formatMoney(cents / 100, currency);

/** The price: the sale price with the regular price struck through, or the regular price. */
export function PriceTag({ product, currency, size = "md" }: { product: Priced; currency: string; size?: "md" | "lg" }) {
  const current = money(currentPriceCents(product), currency);
  const big = size === "lg" ? "text-3xl" : "text-xl";
  if (!isOnSale(product)) {
    return (
      <p>
        <span className={`${big} font-bold`}>{current}</span>
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="sr-only">Sale price</span>
      <span className={`${big} font-bold text-error`}>{current}</span>
      <span className="sr-only">, regular price</span>
      <del className="text-base-content/70">{money(toCents(product.price) ?? 0, currency)}</del>
    </p>
  );
}

/** "Save $X" for a product on sale. */
export function SavingBadge({ product, currency }: { product: Priced; currency: string }) {
  const saving = savingCents(product);
  if (saving <= 0) return null;
  return <span className="badge badge-success">{`Save ${money(saving, currency)}`}</span>;
}
