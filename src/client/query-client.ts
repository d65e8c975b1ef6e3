/** TanStack Query defaults the islands rely on: never stale, no refetch on focus, no retries. */
import { QueryClient } from "@tanstack/react-query";
import { apiRequest } from "./api";

/** A QueryClient configured that way; default reads GET the query key joined by slashes. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        queryFn: ({ queryKey }) => apiRequest("GET", queryKey.join("/")),
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
