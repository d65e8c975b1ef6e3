/**
 * The portal's script for islands (pages under /admin): it knows only the admin islands, and its
 * islands share the admin QueryClient, whose requests carry the admin's bearer token.
 */
import { adminIslandLoaders } from "../islands/admin-registry.gen";
import { startIslands } from "./island-runtime";

startIslands(adminIslandLoaders, () => import("./admin-hydrate"));
