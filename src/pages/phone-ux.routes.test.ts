/**
 * What a customer on a phone reads and where the page leaves them (issue 40, items 9 and 11): a sent
 * enquiry stays confirmed, the contact form offers only real services and promises an immediate
 * response only with a phone to call, the shop's filters and the product's wishlist button come
 * back to where the customer was, saying what changed.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { businessDetails, customerWithSession } from "../../tests/factories";
import { browser, testOrigin } from "../../tests/helpers/browser";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { servicePricing } from "../db/schema";

const t = testAppPerTest({ BUSINESS_EMAIL: "owner@example.com" });

const options = (html: string, selectId: string) => {
  const select = new RegExp(`<select[^>]*id="${selectId}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
};

test("after a send without JavaScript the page stays confirmed: a panel in the form's place says what happens next and offers another message", async () => {
  const sent = await browser(t).post("/contact", {
    name: "Jo",
    email: "jo@example.net",
    phone: "",
    service: "checkup",
    message: "Please reply by e-mail.",
    urgency: "normal",
  });
  expect(sent.status).toBe(303);
  const html = await (await t.request(sent.headers.get("location") ?? "")).text();
  expect(html).toContain('data-testid="contact-sent"');
  expect(html).toContain("Message Sent Successfully");
  expect(html).toContain("What happens next");
  expect(html).toContain("replies within 2 hours");
  expect(html).toMatch(/<a href="\/contact#contact-form"[^>]*>Send another message<\/a>/);
  // The form itself is not shown again, empty, as if nothing had been sent.
  expect(html).not.toContain('aria-label="Secure contact form"');
});

test("the contact form offers the pricing table's packages, a consultation and other, and nothing that is not sold", async () => {
  t.db.update(servicePricing).set({ isActive: false }).where(eq(servicePricing.id, "ongoing")).run();
  const html = await (await t.request("/contact?service=checkup")).text();
  const offered = options(html, "contact-service").map(([value]) => value);
  expect(offered).toEqual(["", "checkup", "partner", "infidelity", "fullcheating", "hourly", "consultation", "other"]);
  expect(html).not.toContain("Membership");
  const refused = await t.json("/api/contacts", { name: "Jo", email: "jo@example.net", service: "membership", message: "Hi", urgency: "normal" });
  expect(refused.status).toBe(400);
});

test("without a phone to call the contact page promises no immediate response; with one it shows the number and may", async () => {
  const fresh = await (await t.request("/contact?service=other")).text();
  expect(fresh).not.toContain("tel:");
  expect(fresh).not.toContain("Immediate response");
  expect(options(fresh, "contact-urgency").at(-1)).toEqual(["emergency", "Emergency - Sent to your investigator at once"]);

  // The shipped number written another way is still the placeholder: never shown.
  businessDetails(t.db, { phone: "(08) 0000 0000" });
  expect(await (await t.request("/contact?service=other")).text()).not.toContain("0000 0000");

  businessDetails(t.db, { phone: "+61 8 8123 4567" });
  const real = await (await t.request("/contact?service=other")).text();
  expect(real).toContain('href="tel:+61881234567"');
  expect(options(real, "contact-urgency").at(-1)).toEqual(["emergency", "Emergency - Immediate response"]);
});

test("without JavaScript the shop's categories, search and clearing go to the products, not the top of the page", async () => {
  const html = await (await t.request("/shop?category=gps-tracking")).text();
  expect(html.includes('id="products"')).toBe(true);
  const categories = /<nav aria-labelledby="shop-categories-title">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  const categoryLinks = [...categories.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]?.replace(/&amp;/g, "&"));
  expect(categoryLinks.length).toBeGreaterThan(2);
  for (const href of categoryLinks) expect(href).toEndWith("#products");
  expect(/<form [^>]*action="\/shop#products" method="get"/.test(html)).toBe(true);
  expect(/<li id="shop-item-1">/.test(html)).toBe(true);
});

test("the product page's wishlist button comes back to itself and says what changed, without JavaScript", async () => {
  const ann = customerWithSession(t.db, "ann@example.com");
  const page = "/shop/product/covert-dash-cam-4k";
  const html = await (await t.request(page, { headers: { Cookie: ann.cookie } })).text();
  const returnTo = /<div id="wishlist"[\s\S]*?name="returnTo" value="([^"]+)"/.exec(html)?.[1];
  expect(returnTo).toBe(`${page}?wishlist=added#wishlist`);
  const productId = /<div id="wishlist"[\s\S]*?name="productId" value="(\d+)"/.exec(html)?.[1] ?? "";
  const added = await t.request("/wishlist/items", {
    method: "POST",
    headers: { Cookie: ann.cookie, Origin: testOrigin },
    body: new URLSearchParams({ productId, returnTo: returnTo ?? "" }),
  });
  expect(added.status).toBe(303);
  expect(added.headers.get("location")).toBe(`${page}?wishlist=added#wishlist`);
  const after = await (await t.request(`${page}?wishlist=added`, { headers: { Cookie: ann.cookie } })).text();
  expect(after).toMatch(/data-testid="wishlist-notice"[^>]*>Added to your wishlist\./);
  // Now on the list, the button removes it, and comes back saying so.
  expect(after).toContain(`value="${page}?wishlist=removed#wishlist"`);
  // Signed out, a link carrying ?wishlist= says nothing.
  expect(await (await t.request(`${page}?wishlist=added`)).text()).not.toContain("Added to your wishlist");
});
