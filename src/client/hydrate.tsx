/** The public islands' hydration runtime, imported by entry.ts: islands share the public QueryClient. */
import type { ComponentType } from "react";
import { mountIsland } from "./mount-island";
import { getBrowserQueryClient } from "./query-client";

/** Hydrates a public island in `el`. */
export function hydrateIsland(el: HTMLElement, Component: ComponentType<Record<string, unknown>>, prefix: string) {
  mountIsland(getBrowserQueryClient(), el, Component, prefix);
}
