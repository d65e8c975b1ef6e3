/**
 * Hydrates one island: reads its JSON props, wraps it like the server did and calls hydrateRoot
 * with the same identifierPrefix. Also mounts the shared toast region the first time. The entry's
 * hydration runtime (hydrate.tsx, admin-hydrate.tsx) says which QueryClient its islands share.
 */
import { createElement, type ComponentType, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { DehydratedState, QueryClient } from "@tanstack/react-query";
import { IslandShell } from "./IslandShell";
import { Toaster } from "./Toaster";

/**
 * Renders `node` in a root of its own at the end of the page, outside every island, the first time
 * it is asked for `id` (the toast region, the admin's re-auth dialog).
 */
export function mountPageRootOnce(id: string, node: () => ReactNode) {
  if (document.getElementById(id)) return;
  const host = document.createElement("div");
  host.id = id;
  document.body.append(host);
  createRoot(host).render(node());
}

/** Hydrates `el` with `Component` inside `client`; the payload is `{ props, state }` written by the server. */
export function mountIsland(client: QueryClient, el: HTMLElement, Component: ComponentType<Record<string, unknown>>, prefix: string) {
  const payload = el.querySelector(":scope > script[type='application/json']");
  const root = el.querySelector<HTMLElement>(":scope > [data-island-root]");
  if (!payload || !root) throw new Error("island markup is incomplete");
  const { props, state } = JSON.parse(payload.textContent || "{}") as { props: Record<string, unknown>; state?: DehydratedState };
  mountPageRootOnce("toaster", () => createElement(Toaster));
  hydrateRoot(
    root,
    <IslandShell client={client} state={state}>
      <Component {...props} />
    </IslandShell>,
    { identifierPrefix: prefix },
  );
}
