/**
 * Server wrapper for an island: renders it as its own React root (own identifierPrefix, so useId
 * matches on hydration) inside <pi-island>, with its props as escaped JSON beside it, and records
 * that the page uses it.
 */
import { dehydrate, type DehydratedState } from "@tanstack/react-query";
import { createElement, useContext, type ComponentProps, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { IslandShell } from "../client/IslandShell";
import { createQueryClient } from "../client/query-client";
import { islandAttrs, islandTag, type HydrateOn, type IslandName } from "../islands/registry";
import { serverIslands } from "../islands/server.gen";
import { RenderContext } from "./render-context";

type IslandProps<N extends IslandName> = {
  name: N;
  props: ComponentProps<(typeof serverIslands)[N]>;
  hydrate?: HydrateOn;
  /** Query data the island reads on first paint, keyed as the island queries it. */
  queries?: { key: readonly unknown[]; data: unknown }[];
  className?: string;
};

/** Escapes JSON for a <script> data block: no "</script>" or "<!--" can appear. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function Island<N extends IslandName>({ name, props, hydrate = "load", queries, className }: IslandProps<N>) {
  const record = useContext(RenderContext);
  if (!record) throw new Error("Island rendered outside a page render");
  record.islands.add(name);
  if (hydrate === "load") record.eager.add(name);
  const prefix = `${name[0]?.toLowerCase()}${record.count++}-`;

  const client = createQueryClient();
  for (const q of queries ?? []) client.setQueryData(q.key, q.data);
  const state: DehydratedState | undefined = queries?.length ? dehydrate(client) : undefined;

  const Component = serverIslands[name] as unknown as ComponentType<Record<string, unknown>>;
  const html = renderToString(
    <IslandShell client={client} state={state}>
      <Component {...(props as Record<string, unknown>)} />
    </IslandShell>,
    { identifierPrefix: prefix },
  );
  return createElement(
    islandTag,
    { [islandAttrs.name]: name, [islandAttrs.prefix]: prefix, [islandAttrs.hydrate]: hydrate, className },
    // biome-ignore lint/security/noDangerouslySetInnerHtml: a JSON data block, not markup; jsonForScript escapes "<", U+2028 and U+2029, so no "</script>" or "<!--" can end it early.
    createElement("script", { type: "application/json", dangerouslySetInnerHTML: { __html: jsonForScript({ props, state }) } }),
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own markup from React's renderToString above (React escapes it); the browser hydrates this root.
    createElement("div", { "data-island-root": "", dangerouslySetInnerHTML: { __html: html } }),
  );
}
