/** Per-render bookkeeping: which islands a page used, so the shell loads only their scripts. */
import { createContext } from "react";
import type { IslandName } from "../islands/registry";

/** `eager` holds the islands that hydrate at load, whose chunks the shell preloads. */
export type RenderRecord = { islands: Set<IslandName>; eager: Set<IslandName>; count: number };

export const RenderContext = createContext<RenderRecord | null>(null);

export function newRenderRecord(): RenderRecord {
  return { islands: new Set(), eager: new Set(), count: 0 };
}
