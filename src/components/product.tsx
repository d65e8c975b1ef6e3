/** Small pieces of product markup shared by the shop grid (an island) and the product page. */
import { currentPriceCents, displayedRating, isOnSale, savingCents } from "../domain/catalogue";
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

/** The fixed 4.5-star display (docs/product.md#pages): one cached image for every card. */
export function StarRating({ className = "" }: { className?: string }) {
  return (
    <p className={`flex items-center gap-1 text-sm ${className}`}>
      <img src="/images/rating-4.5.svg" alt={`Rated ${displayedRating} out of 5`} width={80} height={16} className="h-4 w-20" />
      <span aria-hidden="true">{displayedRating.toFixed(1)}</span>
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
