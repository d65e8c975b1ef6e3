/**
 * The admin islands' hydration runtime, imported by admin-entry.ts: islands share the admin
 * QueryClient, and the page gets the dialog that asks for the password again (decision 027) once.
 */
import type { ComponentType } from "react";
import { ReauthDialog } from "../islands/admin/parts/ReauthDialog";
import { getAdminQueryClient } from "./admin-query-client";
import { IslandShell } from "./IslandShell";
import { mountIsland, mountPageRootOnce } from "./mount-island";

/** Hydrates an admin island in `el`. */
export function hydrateIsland(el: HTMLElement, Component: ComponentType<Record<string, unknown>>, prefix: string) {
  mountIsland(getAdminQueryClient(), el, Component, prefix);
  // Its own root, outside every island, so any island's request can open it.
  mountPageRootOnce("reauth", () => (
    <IslandShell client={getAdminQueryClient()}>
      <ReauthDialog />
    </IslandShell>
  ));
}
