/** The public pages' only script for islands: it knows the public islands and nothing else. */
import { islandLoaders } from "../islands/registry.gen";
import { startIslands } from "./island-runtime";

startIslands(islandLoaders, () => import("./hydrate"));
