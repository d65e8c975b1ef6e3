/** What wraps every island, on the server and in the browser alike, so markup matches on hydration. */
import { HydrationBoundary, QueryClientProvider, type DehydratedState, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";

export function IslandShell({ client, state, children }: { client: QueryClient; state?: DehydratedState; children: ReactNode }) {
  return <QueryClientProvider client={client}>{state ? <HydrationBoundary state={state}>{children}</HydrationBoundary> : children}</QueryClientProvider>;
}
