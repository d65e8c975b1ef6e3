/**
 * What server and browser share about islands. The islands themselves are found by folder at build
 * time (scripts/island-registry.ts): registry.gen.ts (public islands, name → lazy import, for
 * entry.js), admin-registry.gen.ts (admin islands, for admin-entry.js) and server.gen.ts (every
 * island's component, for server rendering).
 */
import type { ComponentType } from "react";
import type { serverIslands } from "./server.gen";

/** Name → lazy import: the browser downloads an island's chunk only when it is time to hydrate it. */
export type IslandLoaders = Record<string, () => Promise<{ default: ComponentType<never> }>>;

export type IslandName = keyof typeof serverIslands;

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
