/** The QueryClient the admin islands of a page share: the public defaults, reading through adminRequest. */
import type { QueryClient } from "@tanstack/react-query";
import { adminRequest } from "./admin-api";
import { createQueryClient } from "./query-client";

let adminClient: QueryClient | undefined;

/** The one admin QueryClient of a portal page. */
export function getAdminQueryClient() {
  adminClient ??= createQueryClient(adminRequest);
  return adminClient;
}
