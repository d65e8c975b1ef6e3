/**
 * Small helpers shared by the end-to-end specs (not a spec file itself).
 */
import { createRequire } from "node:module";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { publicHoliday } from "../../src/domain/holidays";
import { addDays, dayOfWeek } from "../../src/domain/timezone";
import { expect } from "./fixtures";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

/** Runs axe-core on the page as it is now and answers every violation, one line per node (any impact). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return found.flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}): ${JSON.stringify(n.target)} ${n.failureSummary ?? ""}`));
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The readable text of an HTML document: tags dropped, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<script[\s\S]*?<\/script>/gi, " ")
    .replace(/<style[\s\S]*?<\/style>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === "#") return String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
      return entities[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** GETs `path` without JavaScript and returns the status, raw HTML and readable text the server sent. */
export async function serverPage(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  const html = await res.text();
  return { status: res.status(), html, text: htmlToText(html), headers: res.headers() };
}

/** Asserts that every string of `expected` is part of the server-rendered text. */
export function expectTextContains(text: string, expected: string[]) {
  const missing = expected.filter((s) => !text.includes(s));
  expect(missing, "texts missing from the server HTML").toEqual([]);
}

/** The main (header) navigation. */
export function mainNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main" });
}

/** The contact form island element. */
export function contactIsland(page: Page): Locator {
  return page.locator('pi-island[data-island="ContactForm"]');
}

/** The secure contact form. */
export function contactForm(page: Page): Locator {
  return page.getByRole("form", { name: "Secure contact form" });
}

/** Scrolls the contact form into view and waits until its island has hydrated. */
export async function hydrateContactForm(page: Page) {
  await contactForm(page).scrollIntoViewIfNeeded();
  await expect(contactIsland(page), "the contact form island hydrates once scrolled into view").toHaveAttribute("data-state", "hydrated");
}

/** A valid enquiry. */
export const validEnquiry = {
  name: "Jane Citizen",
  email: "jane@example.com",
  phone: "+61 400 123 456",
  service: "partner",
  message: "I would like to talk about a discreet check.",
  urgency: "high",
};

/** Fills the contact form's fields with `values` (service and urgency by option value). */
export async function fillContactForm(page: Page, values: Partial<typeof validEnquiry>) {
  if (values.name !== undefined) await page.getByLabel("Full name").fill(values.name);
  if (values.email !== undefined) await page.getByLabel("E-mail").fill(values.email);
  if (values.phone !== undefined) await page.getByLabel("Phone (optional)").fill(values.phone);
  if (values.service !== undefined) await page.getByLabel("Service of interest").selectOption(values.service);
  if (values.urgency !== undefined) await page.getByLabel("Urgency").selectOption(values.urgency);
  if (values.message !== undefined) await page.getByLabel("Message").fill(values.message);
}

/** Waits until the browser has painted twice, so observers and effects scheduled at load have run. */
/**
 * Holds the download of the React runtime (`hydrate-*.js`, or the portal's `admin-hydrate-*.js`)
 * as a slow connection would, so a spec can act before the page's islands hydrate; the returned
 * function lets it through.
 */
export async function holdHydration(page: Page, entry: "public" | "admin" = "public"): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(entry === "admin" ? /\/assets\/admin-hydrate-[^/]+\.js$/ : /\/assets\/hydrate-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export async function afterTwoFrames(page: Page) {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

/**
 * Waits until every island of the page that hydrates at load has hydrated. A click before that
 * reaches no handler (a show-password toggle stays shut), so specs that act at once on an island
 * page wait for this first, as a person's first click comes after the page has painted.
 */
export async function islandsHydrated(page: Page) {
  await expect(page.locator('pi-island[data-hydrate="load"]:not([data-state="hydrated"])'), "the page's islands hydrate").toHaveCount(0);
}

/**
 * Waits until the page's entry script has picked up every island (each has a `data-state`): from
 * then on an island that hydrates on interaction holds the first click and replays it.
 */
export async function islandsScheduled(page: Page) {
  await expect(page.locator("pi-island:not([data-state])"), "the page's entry script schedules its islands").toHaveCount(0);
}

/** The server's today, read from the booking calendar (YYYY-MM-DD). */
export async function serverToday(page: Page) {
  const today = page.locator("[data-day][data-today]");
  await expect(today).toHaveCount(1);
  return (await today.getAttribute("data-day")) ?? "";
}

/**
 * A day the business is open at least three days after the server's today: not a Sunday and not a
 * public holiday (closed, decision 077), so the specs book a day they can book in December too.
 */
export function businessDayAfter(today: string) {
  let day = addDays(today, 3);
  while (dayOfWeek(day) === 0 || publicHoliday(day)) day = addDays(day, 1);
  return day;
}

/** Clicks a day on the calendar by its full date, moving to its month first (never by its number alone). */
export async function pickCalendarDay(page: Page, iso: string) {
  const button = page.locator(`[data-day="${iso}"]:not([data-outside]) button`);
  // Outside days of the first week are rendered hidden: wait for a day of the month itself.
  await expect(page.locator("[data-day]:not([data-outside]) button").first()).toBeVisible();
  for (let i = 0; i < 2 && !(await button.isVisible()); i++) await page.getByRole("button", { name: "Go to the Next Month" }).click();
  await button.click();
}

/** A shipping address the checkout accepts. */
export type ShippingValues = { name: string; line1: string; suburb: string; postcode: string; phone: string };

/** Fills the checkout's shipping address and picks South Australia. */
export async function fillShipping(page: Page, a: ShippingValues) {
  const shipping = page.getByRole("group", { name: "Shipping address" });
  await shipping.getByLabel("Full name").fill(a.name);
  await shipping.getByLabel("Street address").fill(a.line1);
  await shipping.getByLabel("Suburb").fill(a.suburb);
  await shipping.getByLabel("State or territory").selectOption("SA");
  await shipping.getByLabel("Postcode").fill(a.postcode);
  await shipping.getByLabel("Phone").fill(a.phone);
}
