/**
 * The scheduling half of an entry script (entry.ts, admin-entry.ts). It imports no framework itself:
 * it finds islands not yet hydrated, marks them, and loads React plus the island's chunk when the
 * island's moment comes (at once, when visible, or on first interaction, replaying the click that
 * woke it). Each entry passes its own registry, so an entry can only ever load its own islands.
 */
import { islandAttrs, islandTag, type IslandLoaders } from "../islands/registry";

/** The hydration runtime an entry imports lazily (hydrate.tsx or admin-hydrate.tsx). */
export type HydrationRuntime = {
  hydrateIsland(el: HTMLElement, Component: never, prefix: string): void;
};

// Set once by startIslands: a page runs exactly one entry.
let loaders: IslandLoaders = {};
let loadRuntime!: () => Promise<HydrationRuntime>;
const started = new WeakMap<HTMLElement, Promise<void>>();

/** Hydrates `el` once; every caller gets the same promise. */
function hydrate(el: HTMLElement): Promise<void> {
  let p = started.get(el);
  if (!p) {
    p = load(el);
    started.set(el, p);
  }
  return p;
}

async function load(el: HTMLElement) {
  el.setAttribute(islandAttrs.state, "loading");
  const name = el.getAttribute(islandAttrs.name) ?? "";
  const loader = loaders[name];
  if (!loader) throw new Error(`unknown island ${name}`);
  const [mod, runtime] = await Promise.all([loader(), loadRuntime()]);
  runtime.hydrateIsland(el, mod.default as never, el.getAttribute(islandAttrs.prefix) ?? "");
  el.setAttribute(islandAttrs.state, "hydrated");
}

function onVisible(el: HTMLElement) {
  if (!("IntersectionObserver" in window)) return void hydrate(el);
  const io = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        void hydrate(el);
      }
    },
    { rootMargin: "200px" },
  );
  // <pi-island> is display:contents (no box of its own), so watch the root element inside it.
  io.observe(el.querySelector(":scope > [data-island-root]") ?? el);
}

function onInteraction(el: HTMLElement) {
  let clicked: HTMLElement | null = null;
  const holdClick = (e: Event) => {
    // Not interactive yet: hold the click and replay it once the island has hydrated.
    e.preventDefault();
    e.stopPropagation();
    clicked = e.target as HTMLElement;
    wake();
  };
  const wake = () => {
    for (const t of ["pointerdown", "focusin", "keydown"]) el.removeEventListener(t, wake, true);
    void hydrate(el).then(() => {
      el.removeEventListener("click", holdClick, true);
      clicked?.click();
    });
  };
  for (const t of ["pointerdown", "focusin", "keydown"]) el.addEventListener(t, wake, true);
  el.addEventListener("click", holdClick, true);
}

/** Schedules every island on the page that has not been picked up yet. */
function scheduleIslands(root: ParentNode) {
  for (const el of root.querySelectorAll<HTMLElement>(`${islandTag}:not([${islandAttrs.state}])`)) {
    el.setAttribute(islandAttrs.state, "pending");
    const when = el.getAttribute(islandAttrs.hydrate);
    if (when === "visible") onVisible(el);
    else if (when === "interaction") onInteraction(el);
    else void hydrate(el);
  }
}

/** Starts an entry: its registry, how to import its hydration runtime, then every island on the page. */
export function startIslands(registry: IslandLoaders, runtime: () => Promise<HydrationRuntime>) {
  loaders = registry;
  loadRuntime = runtime;
  scheduleIslands(document);
}
