/** The admin islands' hydration runtime, imported by admin-entry.ts: islands share the admin QueryClient. */
import type { ComponentType } from "react";
import { getAdminQueryClient } from "./admin-query-client";
import { mountIsland } from "./mount-island";

/** Hydrates an admin island in `el`. */
export function hydrateIsland(el: HTMLElement, Component: ComponentType<Record<string, unknown>>, prefix: string) {
  mountIsland(getAdminQueryClient(), el, Component, prefix);
}
