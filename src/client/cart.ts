/**
 * The cart in the browser: the navigation's count (server-rendered outside any island, so updated
 * in place) and the add-to-cart mutation the shop grid and the product page share.
 */
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AddToCartInput } from "../shared/cart";
import { cartKey, cartMessages, type CartView } from "../shared/cart-view";
import { apiRequest, ApiError } from "./api";
import { toast } from "./toast-store";

/** Delay before a signed-out customer is sent to sign in (docs/product.md#toasts-and-notices). */
const signInRedirectMs = 500;

/** Shows `count` in every cart link of the page (desktop and mobile navigation). */
export function showCartCount(count: number) {
  for (const el of document.querySelectorAll<HTMLElement>("[data-cart-count]")) el.textContent = String(count);
  for (const el of document.querySelectorAll<HTMLElement>("[data-cart-unit]")) el.textContent = count === 1 ? " item" : " items";
}

/** Keeps the cart the server answered: in the query cache and in the navigation. */
export function applyCart(client: QueryClient, cart: CartView) {
  client.setQueryData(cartKey, cart);
  showCartCount(cart.count);
}

/** The sign-in URL that brings the customer back to this page. */
export function signInHref(): string {
  return `/api/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`;
}

/** Tells the customer why a cart change failed; a lost session sends them to sign in. */
export function reportCartError(err: unknown) {
  if (err instanceof ApiError && err.status === 401) {
    toast({ title: cartMessages.signedOutTitle, description: cartMessages.signedOut, variant: "destructive" });
    setTimeout(() => location.assign(signInHref()), signInRedirectMs);
    return;
  }
  const description = err instanceof ApiError ? (err.fields?.quantity ?? err.serverMessage ?? cartMessages.failed) : cartMessages.failed;
  toast({ title: cartMessages.failedTitle, description, variant: "destructive" });
}

/** POST /api/cart/items with a toast and the navigation's count updated. */
export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddToCartInput & { name: string }) =>
      apiRequest<CartView>("POST", "/api/cart/items", { productId: input.productId, quantity: input.quantity }),
    onSuccess: (cart, input) => {
      applyCart(client, cart);
      const line = cart.items.find((l) => l.productId === input.productId);
      toast({
        title: cartMessages.addedTitle,
        description: cartMessages.added(input.name, line?.quantity ?? input.quantity),
        variant: "success",
        action: { label: "View cart", href: "/cart" },
      });
    },
    onError: reportCartError,
  });
}
