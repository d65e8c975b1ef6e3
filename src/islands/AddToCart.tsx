/**
 * The product page's quantity stepper and Add to Cart button. Server-rendered as a plain form (a
 * POST to /cart/items when signed in, the sign-in page when not), so it works with JavaScript off;
 * once hydrated the − / + buttons work and adding happens in place, with a toast and the
 * navigation's cart count updated.
 */
import { useEffect, useId, useState, type FormEvent } from "react";
import { useAddToCart } from "../client/cart";

export type AddToCartProps = {
  productId: number;
  name: string;
  /** The most that may be chosen: the stock (0 when sold out). */
  maxQuantity: number;
  signedIn: boolean;
  /** This page, to come back to after signing in or adding without JavaScript. */
  returnTo: string;
};

/** The quantity typed so far, as a whole number within 1..max. */
function clamp(value: string | number, max: number): number {
  const n = Math.floor(Number(value));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, Math.max(1, max));
}

export default function AddToCart({ productId, name, maxQuantity, signedIn, returnTo }: AddToCartProps) {
  const id = useId();
  const [text, setText] = useState("1");
  // The − / + buttons need JavaScript; until it runs they stay disabled and the field does the job.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const add = useAddToCart();
  const soldOut = maxQuantity <= 0;
  const quantity = clamp(text, maxQuantity);

  const step = (by: number) => setText(String(clamp(quantity + by, maxQuantity)));
  const onSubmit = (e: FormEvent) => {
    if (!signedIn) return; // the form goes to the sign-in page
    e.preventDefault();
    setText(String(quantity));
    add.mutate({ productId, quantity, name });
  };

  const stepper = (
    <div>
      <label htmlFor={`${id}-quantity`} className="mb-1 block text-sm font-semibold">
        Quantity
      </label>
      <div className="join">
        <button
          type="button"
          className="btn join-item"
          aria-label="Decrease quantity"
          aria-controls={`${id}-quantity`}
          disabled={!hydrated || soldOut || quantity <= 1}
          onClick={() => step(-1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={`${id}-quantity`}
          // Signed out, the quantity does not travel to the sign-in page.
          name={signedIn ? "quantity" : undefined}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, maxQuantity)}
          step={1}
          required
          value={text}
          disabled={soldOut}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => setText(String(quantity))}
          className="input join-item w-20 text-center"
        />
        <button
          type="button"
          className="btn join-item"
          aria-label="Increase quantity"
          aria-controls={`${id}-quantity`}
          disabled={!hydrated || soldOut || quantity >= maxQuantity}
          onClick={() => step(1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );

  if (soldOut) {
    return (
      <div className="flex flex-wrap items-end gap-4">
        {stepper}
        <button type="button" className="btn btn-lg" disabled>
          Out of Stock
        </button>
      </div>
    );
  }

  return (
    <form method={signedIn ? "post" : "get"} action={signedIn ? "/cart/items" : "/api/login"} onSubmit={onSubmit} className="flex flex-wrap items-end gap-4">
      {signedIn && <input type="hidden" name="productId" value={productId} />}
      <input type="hidden" name="returnTo" value={returnTo} />
      {stepper}
      <button type="submit" className="btn btn-primary btn-lg" disabled={add.isPending}>
        {add.isPending ? "Adding..." : "Add to Cart"}
      </button>
      {!signedIn && <p className="w-full text-sm text-base-content/80">You will be asked to sign in first, then brought back here.</p>}
    </form>
  );
}
