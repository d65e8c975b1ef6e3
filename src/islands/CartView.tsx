/**
 * The cart page: lines with quantity changes and removal, the subtotal, shipping, the free-shipping
 * progress and the ID-verification notice. Every figure comes from the server (GET /api/cart, and
 * the cart each change answers). Server-rendered with plain forms, so it also works without
 * JavaScript; hydrated, the − / + buttons and Remove act in place.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { apiRequest } from "../client/api";
import { applyCart, reportCartError } from "../client/cart";
import { toast } from "../client/toast-store";
import { currencyName } from "../domain/currency";
import { AmountRow, OrderSummaryCard } from "../components/OrderSummary";
import { formatMoney } from "../domain/format";
import { perCustomerLimitNote } from "../domain/stock-limits";
import { cartKey, type CartLine, type CartView as Cart } from "../shared/cart-view";

export type CartViewProps = { gstIncluded: boolean /** The currency setting the prices are in. */; currency: string };

export default function CartView({ gstIncluded, currency }: CartViewProps) {
  const money = (decimal: string) => formatMoney(Number(decimal), currency);
  const cart = useQuery<Cart>({ queryKey: cartKey }).data;
  const client = useQueryClient();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [announcement, setAnnouncement] = useState("");

  const update = useMutation({
    mutationFn: (v: { productId: number; quantity: number }) => apiRequest<Cart>("PATCH", `/api/cart/items/${v.productId}`, { quantity: v.quantity }),
    onSuccess: (next) => {
      applyCart(client, next);
      setAnnouncement(`Cart updated. Subtotal ${money(next.subtotal)}.`);
    },
    onError: (err) => {
      reportCartError(err);
      // Show the server's view again (the quantity field may hold a refused value).
      void apiRequest<Cart>("GET", "/api/cart").then(
        (fresh) => applyCart(client, fresh),
        () => undefined,
      );
    },
  });
  const remove = useMutation({
    mutationFn: (line: CartLine) => apiRequest<Cart>("DELETE", `/api/cart/items/${line.productId}`),
    onSuccess: (next, line) => {
      applyCart(client, next);
      toast({ title: "Removed from Cart", description: `${line.name} was removed from your cart.`, variant: "success" });
    },
    onError: reportCartError,
  });

  if (!cart || cart.items.length === 0) {
    return (
      <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
        <p className="text-lg font-semibold">Your cart is empty</p>
        <p className="mt-1 text-base-content/80">Browse our professional investigation equipment and add what you need.</p>
        <a href="/shop" className="btn btn-primary mt-6">
          Browse the Equipment Shop
        </a>
      </div>
    );
  }

  const busy = (productId: number) =>
    (update.isPending && update.variables?.productId === productId) || (remove.isPending && remove.variables?.productId === productId);
  const verified = cart.items.filter((l) => l.requiresVerification && l.status !== "unavailable");
  const threshold = Number(cart.freeShippingThreshold);
  const subtotal = Number(cart.subtotal);

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="cart-items-title">
        <h2 id="cart-items-title" className="sr-only">
          Items in your cart
        </h2>
        <ul className="divide-y divide-base-300 border-y border-base-300">
          {cart.items.map((line) => (
            <CartLineRow
              currency={currency}
              key={line.productId}
              line={line}
              hydrated={hydrated}
              busy={busy(line.productId)}
              onQuantity={(quantity) => update.mutate({ productId: line.productId, quantity })}
              onRemove={() => remove.mutate(line)}
            />
          ))}
        </ul>
        <p className="mt-2 text-sm text-base-content/80" data-testid="cart-limit">
          {perCustomerLimitNote({ maxUnitsPerProduct: cart.maxUnitsPerProduct })}
        </p>
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
      </section>

      <OrderSummaryCard id="cart-summary">
        <dl className="space-y-2">
          <AmountRow label={`Subtotal (${cart.count} ${cart.count === 1 ? "item" : "items"})`} amountClassName="font-semibold" testId="cart-subtotal">
            {money(cart.subtotal)}
          </AmountRow>
          <AmountRow label="Shipping" testId="cart-shipping">
            {cart.count === 0 ? "—" : cart.qualifiesForFreeShipping ? "Free" : money(cart.shipping)}
          </AmountRow>
          <AmountRow label="Total" className="border-t border-base-300 pt-2 text-lg font-bold" testId="cart-total">
            {money(cart.total)}
          </AmountRow>
        </dl>
        <p className="text-xs text-base-content/80">{`Prices in ${currencyName(currency)}${gstIncluded ? ", including GST" : ""}.`}</p>

        <div>
          <p className="text-sm font-semibold" data-testid="free-shipping">
            {cart.qualifiesForFreeShipping ? "You qualify for free shipping!" : `${money(cart.amountToFreeShipping)} more for free shipping`}
          </p>
          <progress
            className="progress progress-primary mt-2 w-full"
            value={Math.min(subtotal, threshold)}
            max={threshold || 1}
            aria-label="Progress towards free shipping"
          />
          <p className="text-xs text-base-content/80">{`Free shipping on orders of ${money(cart.freeShippingThreshold)} and over.`}</p>
        </div>

        {verified.length > 0 && (
          <div role="note" className="alert alert-warning text-sm">
            <div>
              <p className="font-semibold">ID verification required</p>
              <p>{`${verified.map((l) => l.name).join(", ")} ${verified.length === 1 ? "requires" : "require"} identity verification. After you order, we will ask for ID and ship once it is verified.`}</p>
            </div>
          </div>
        )}

        {cart.count > 0 && (
          <a href="/checkout" className="btn btn-primary btn-block">
            Proceed to Checkout
          </a>
        )}
        <a href="/shop" className="btn btn-outline btn-block">
          Continue Shopping
        </a>
      </OrderSummaryCard>
    </div>
  );
}

const lineNotices: Record<CartLine["status"], ((line: CartLine) => string) | null> = {
  available: null,
  reduced: (l) =>
    `${l.limitedPerCustomer ? `At most ${l.maxQuantity} per customer` : `Only ${l.maxQuantity} left in stock`}: ${l.maxQuantity} ${l.maxQuantity === 1 ? "is" : "are"} counted instead of ${l.requestedQuantity}.`,
  out_of_stock: () => "Out of stock: not included in your total.",
  unavailable: () => "No longer sold: not included in your total. Please remove it.",
};

function CartLineRow({
  line,
  currency,
  hydrated,
  busy,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  currency: string;
  hydrated: boolean;
  busy: boolean;
  onQuantity: (q: number) => void;
  onRemove: () => void;
}) {
  const notice = lineNotices[line.status]?.(line);
  const money = (decimal: string) => formatMoney(Number(decimal), currency);
  const canChange = line.status === "available" || line.status === "reduced";
  const fieldId = `cart-quantity-${line.productId}`;
  const [text, setText] = useState(String(line.quantity));
  // After the server answers, show the quantity it kept.
  useEffect(() => setText(String(line.quantity)), [line.quantity]);

  const commit = (value: number) => {
    const q = Math.min(Math.max(1, Math.floor(value)), line.maxQuantity);
    setText(String(q));
    if (q !== line.quantity || line.status === "reduced") onQuantity(q);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    commit(Number(text) || 1);
  };

  return (
    <li className="flex gap-4 py-4" data-testid="cart-line">
      <img
        src={line.image}
        alt=""
        width={120}
        height={90}
        loading="lazy"
        decoding="async"
        className="h-18 w-24 shrink-0 rounded-box bg-base-200 object-cover"
      />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="font-semibold">
            <a href={`/shop/product/${line.slug}`} className="link-hover">
              {line.name}
            </a>
          </h3>
          <p className="font-semibold" data-testid="line-total">
            {canChange ? money(line.lineTotal) : "—"}
          </p>
        </div>
        <p className="text-sm">
          {line.onSale ? (
            <>
              <span className="font-semibold text-error">{money(line.unitPrice)}</span> <span className="sr-only">regular price</span>
              <del className="text-base-content/70">{money(line.regularPrice)}</del> each
            </>
          ) : (
            `${money(line.unitPrice)} each`
          )}
        </p>
        {line.requiresVerification && <p className="badge badge-warning badge-sm">ID Required</p>}
        {line.restrictedStates.length > 0 && <p className="text-sm text-base-content/80">{`Cannot be shipped to ${line.restrictedStates.join(", ")}.`}</p>}
        {notice && (
          <p className={`text-sm font-semibold ${line.status === "reduced" ? "text-base-content" : "text-error"}`} role="note">
            {notice}
          </p>
        )}
        <div className="flex flex-wrap items-end gap-3">
          {canChange && (
            <form method="post" action={`/cart/items/${line.productId}`} onSubmit={onSubmit} className="flex items-end gap-2">
              <div>
                <label htmlFor={fieldId} className="mb-1 block text-xs font-semibold">
                  Quantity<span className="sr-only">{` of ${line.name}`}</span>
                </label>
                <div className="join">
                  <button
                    type="button"
                    className="btn btn-sm join-item"
                    aria-label={`Decrease quantity of ${line.name}`}
                    disabled={!hydrated || busy || line.quantity <= 1}
                    onClick={() => commit(line.quantity - 1)}
                  >
                    <span aria-hidden="true">−</span>
                  </button>
                  <input
                    id={fieldId}
                    name="quantity"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={line.maxQuantity}
                    step={1}
                    required
                    value={text}
                    disabled={busy}
                    onChange={(e) => setText(e.target.value)}
                    onBlur={() => hydrated && text !== String(line.quantity) && commit(Number(text) || 1)}
                    className="input input-sm join-item w-16 text-center"
                  />
                  <button
                    type="button"
                    className="btn btn-sm join-item"
                    aria-label={`Increase quantity of ${line.name}`}
                    disabled={!hydrated || busy || line.quantity >= line.maxQuantity}
                    onClick={() => commit(line.quantity + 1)}
                  >
                    <span aria-hidden="true">+</span>
                  </button>
                </div>
              </div>
              <button type="submit" className={`btn btn-sm btn-outline ${hydrated ? "hidden" : ""}`}>
                Update<span className="sr-only">{` quantity of ${line.name}`}</span>
              </button>
            </form>
          )}
          <form
            method="post"
            action={`/cart/items/${line.productId}/delete`}
            onSubmit={(e) => {
              e.preventDefault();
              onRemove();
            }}
          >
            <button type="submit" className="btn btn-ghost btn-sm text-error" disabled={busy}>
              Remove<span className="sr-only">{` ${line.name}`}</span>
            </button>
          </form>
        </div>
      </div>
    </li>
  );
}
