/**
 * The hearts of the shop grid with JavaScript: the same change as their forms, through
 * /api/wishlist, without leaving the page. `wished` holds the products on the wishlist now.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { WishlistView } from "../shared/wishlist";
import { apiRequest, ApiError } from "./api";
import { signInHref } from "./cart";
import { toast } from "./toast-store";

export function useWishlistHearts(initial: readonly number[]) {
  const [wished, setWished] = useState(() => new Set(initial));
  const toggle = useMutation({
    mutationFn: (input: { productId: number; name: string; add: boolean }) =>
      input.add
        ? apiRequest<WishlistView>("POST", "/api/wishlist", { productId: input.productId })
        : apiRequest<WishlistView>("DELETE", `/api/wishlist/${input.productId}`),
    onSuccess: (list, input) => {
      setWished(new Set(list.items.map((i) => i.productId)));
      toast({
        title: input.add ? "Added to your wishlist" : "Removed from your wishlist",
        description: input.add ? `${input.name} is on your wishlist.` : `${input.name} is no longer on your wishlist.`,
        variant: "success",
        action: { label: "View wishlist", href: "/wishlist" },
      });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) {
        location.assign(signInHref());
        return;
      }
      const description = err instanceof ApiError && err.serverMessage ? err.serverMessage : "Your wishlist could not be changed. Please try again.";
      toast({ title: "Wishlist not changed", description, variant: "destructive" });
    },
  });
  return { wished, toggle };
}
