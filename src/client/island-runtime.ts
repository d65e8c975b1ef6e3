/**
 * The page's only script for islands. It imports no framework itself: it finds islands not yet
 * hydrated, marks them, and loads React plus the island's chunk when the island's moment comes
 * (at once, when visible, or on first interaction, replaying the click that woke it).
 */
import { islandAttrs, islandLoaders, islandTag, type IslandName } from "../islands/registry";

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
  const name = el.getAttribute(islandAttrs.name) as IslandName;
  const loader = islandLoaders[name];
  if (!loader) throw new Error(`unknown island ${name}`);
  const [mod, runtime] = await Promise.all([loader(), import("./hydrate")]);
  runtime.hydrateIsland(el, mod.default as never, el.getAttribute(islandAttrs.prefix) ?? "");
  el.setAttribute(islandAttrs.state, "hydrated");
}

function onVisible(el: HTMLElement) {
  if (!("IntersectionObserver" in window)) return void hydrate(el);
  const io = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) {
      io.disconnect();
      void hydrate(el);
    }
  }, { rootMargin: "200px" });
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
export function startIslands(root: ParentNode = document) {
  for (const el of root.querySelectorAll<HTMLElement>(`${islandTag}:not([${islandAttrs.state}])`)) {
    el.setAttribute(islandAttrs.state, "pending");
    const when = el.getAttribute(islandAttrs.hydrate);
    if (when === "visible") onVisible(el);
    else if (when === "interaction") onInteraction(el);
    else void hydrate(el);
  }
}

startIslands();
