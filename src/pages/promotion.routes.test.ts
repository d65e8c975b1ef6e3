/**
 * The promotion bar promises no discount the shop does not give (decision 083): the shipped text has
 * no "bulk discounts", and a site that still holds the text as first shipped shows the new one.
 */
import { expect, test } from "bun:test";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { updateContentSection } from "../db/content.server";
import { seedContent } from "../db/seed/content";

const t = testAppPerTest();

const promotion = async () => {
  t.deps.pageCache.clear();
  const html = await (await t.request("/")).text();
  return html.replace(/<[^>]+>/g, "");
};

test("the promotion bar says what the shop has: its goods and free shipping, no bulk discount", async () => {
  const text = await promotion();
  expect(text).toContain("New in our shop: OSINT tools and professional surveillance equipment. Free shipping on orders of $200 and over.");
  expect(text).not.toMatch(/bulk/i);
});

test("a site still holding the text as first shipped shows the new one", async () => {
  const old = { ...seedContent["site.promo"], text: "New in our shop: OSINT tools and professional surveillance equipment. Bulk discounts available." };
  expect(updateContentSection(t.db, "site.promo", old).ok).toBe(true);
  const text = await promotion();
  expect(text).not.toMatch(/bulk/i);
  expect(text).toContain("New in our shop: OSINT tools and professional surveillance equipment. Free shipping");
  // The owner's own words are theirs: a text of their own stays as written.
  expect(updateContentSection(t.db, "site.promo", { ...old, text: "Spring sale on dash cams." }).ok).toBe(true);
  expect(await promotion()).toContain("Spring sale on dash cams. Free shipping");
});
