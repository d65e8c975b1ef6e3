/**
 * The heart of a product: on the shop's cards (inside the ShopCatalog island) and on the product
 * page (server-rendered). Without JavaScript it is a plain form post to /wishlist/items (or
 * /wishlist/items/:id/delete) that comes back to `returnTo`; an island may pass `onToggle` to do
 * the same in place. Signed out, it is a link to sign in that comes back to the product.
 */
import type { FormEvent } from "react";

export type WishlistButtonProps = {
  productId: number;
  name: string;
  /** On the customer's wishlist now. */
  wished: boolean;
  signedIn: boolean;
  /** The page to come back to after the form (and after signing in): the product's own page when signed out. */
  returnTo: string;
  /** "icon" on cards (a round heart), "labelled" on the product page. */
  variant?: "icon" | "labelled";
  pending?: boolean;
  /** With JavaScript: toggles in place instead of posting the form. */
  onToggle?: () => void;
};

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth={2}>
      <path d="M12 21s-7.5-4.6-9.5-9.3C1.2 8.6 3 5 6.5 5c2.1 0 3.5 1.1 4.5 2.6C12 6.1 13.4 5 15.5 5 19 5 20.8 8.6 19.5 11.7 17.5 16.4 12 21 12 21Z" />
    </svg>
  );
}

export function WishlistButton({ productId, name, wished, signedIn, returnTo, variant = "icon", pending = false, onToggle }: WishlistButtonProps) {
  const icon = variant === "icon";
  const look = icon ? "btn btn-circle btn-sm btn-ghost border-base-300 bg-base-100" : "btn btn-outline btn-sm";
  const tone = wished ? "text-error" : "";
  if (!signedIn) {
    return (
      <a href={`/api/login?returnTo=${encodeURIComponent(returnTo)}`} className={look} data-testid="wishlist-sign-in">
        <Heart filled={false} />
        {icon ? <span className="sr-only">{`Sign in to add ${name} to your wishlist`}</span> : `Sign in to save to your wishlist`}
        {!icon && <span className="sr-only">{`: ${name}`}</span>}
      </a>
    );
  }
  const onSubmit = onToggle
    ? (e: FormEvent) => {
        e.preventDefault();
        onToggle();
      }
    : undefined;
  return (
    <form method="post" action={wished ? `/wishlist/items/${productId}/delete` : "/wishlist/items"} onSubmit={onSubmit} data-pending="">
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={`${look} ${tone}`.trim()} aria-pressed={wished} disabled={pending} data-testid="wishlist-button">
        <Heart filled={wished} />
        {icon ? (
          <span className="sr-only">{wished ? `Remove ${name} from wishlist` : `Add ${name} to wishlist`}</span>
        ) : (
          <span>
            {wished ? "Remove" : "Add"}
            <span className="sr-only">{` ${name}`}</span>
            {wished ? " from wishlist" : " to wishlist"}
          </span>
        )}
      </button>
    </form>
  );
}
