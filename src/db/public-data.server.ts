/**
 * The "public data changed" signal. Every db write to something public pages show (content
 * sections, service pricing, settings, products, categories, stock) calls `publicDataChanged(db)`
 * inside its own module, after its transaction; bootstrap subscribes the page cache to it. So an
 * HTTP handler, or the admin route of tomorrow, cannot forget to clear the cache: the write does it.
 * The signal itself stays in this process; the page cache's clear carries it to every other worker
 * through the shared page generation (server/page-generation.server.ts, decision 091).
 */
import { fieldErrors } from "../server/errors";
import type { Db } from "./client.server";

type Listener = () => void;

// Per database, so test apps that share a process do not clear each other's caches.
const listeners = new WeakMap<Db, Set<Listener>>();

/** Calls `listener` after each change to public data in `db`; returns the unsubscribe. */
export function onPublicDataChange(db: Db, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells every subscriber that public data in `db` changed (call after the write commits). */
export function publicDataChanged(db: Db): void {
  for (const listener of listeners.get(db) ?? []) listener();
}

/** What a validated public-data write answers: done, refused per field, or nothing to change. */
export type PublicWrite = { ok: true } | { ok: false; reason: "invalid"; fields: Record<string, string> } | { ok: false; reason: "not_found" };

/** A refused write, with the first message per field (dotted path) of a zod error. */
export function invalid(error: Parameters<typeof fieldErrors>[0]): PublicWrite {
  return { ok: false, reason: "invalid", fields: fieldErrors(error) };
}

export const notFound: PublicWrite = { ok: false, reason: "not_found" };
