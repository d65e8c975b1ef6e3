/**
 * Every island by name, loaded lazily: the browser downloads an island's chunk only when a page
 * has that island and it is time to hydrate it. The server imports components from server.ts.
 */
import type { ComponentType } from "react";

export const islandLoaders = {
  BookingFlow: () => import("./BookingFlow"),
  ContactForm: () => import("./ContactForm"),
  PaymentDialog: () => import("./PaymentDialog"),
  ReferralPanel: () => import("./ReferralPanel"),
  AddToCart: () => import("./AddToCart"),
  CartView: () => import("./CartView"),
  ShopCatalog: () => import("./ShopCatalog"),
} satisfies Record<string, () => Promise<{ default: ComponentType<never> }>>;

export type IslandName = keyof typeof islandLoaders;

/** When an island hydrates: at once, when scrolled into view, or on first interaction. */
export type HydrateOn = "load" | "visible" | "interaction";

/** The custom element islands live in, and its attribute names (shared by server and client). */
export const islandTag = "pi-island";
export const islandAttrs = {
  name: "data-island",
  prefix: "data-prefix",
  hydrate: "data-hydrate",
  state: "data-state",
} as const;
