/** TanStack Query defaults for every island: data never goes stale, no refetch on focus, no retries. */
import { QueryClient } from "@tanstack/react-query";
import { apiRequest } from "./api";

/**
 * A QueryClient configured with those defaults; default reads GET the query key joined by slashes
 * through `request` (the public helper, or the admin one for the portal's islands).
 */
export function createQueryClient(request: typeof apiRequest = apiRequest) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        queryFn: ({ queryKey }) => request("GET", queryKey.join("/")),
      },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/** The one QueryClient shared by every island on a page. */
export function getBrowserQueryClient() {
  browserClient ??= createQueryClient();
  return browserClient;
}
