/** The schema.org data search engines read: the business on the home page, each product's offer. */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminAppPerTest } from "../../tests/helpers/per-test";
import { publicDataChanged } from "../db/public-data.server";
import { products } from "../db/schema";

const { t, admin } = adminAppPerTest();

/** The JSON-LD blocks of a page, parsed. */
async function jsonLd(path: string): Promise<Record<string, unknown>[]> {
  const html = await (await t.request(path)).text();
  return [...html.matchAll(/<script type="application\/ld\+json">(.+?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

test("the business gains its street address, postcode and image once the owner fills them in; empty ones are left out", async () => {
  const [before] = await jsonLd("/");
  expect(before).toMatchObject({ "@type": "ProfessionalService", image: "http://localhost/favicon.svg" });
  expect(before!.address).toEqual({ "@type": "PostalAddress", addressLocality: "Adelaide", addressRegion: "SA", addressCountry: "AU" });

  const res = await admin.send("PUT", "/api/admin/settings", { streetAddress: "Level 1, 10 Example Street", postalCode: "5000" });
  expect(res.status).toBe(200);
  const [after] = await jsonLd("/");
  expect(after!.address).toEqual({
    "@type": "PostalAddress",
    streetAddress: "Level 1, 10 Example Street",
    addressLocality: "Adelaide",
    addressRegion: "SA",
    postalCode: "5000",
    addressCountry: "AU",
  });
  expect((await admin.send("PUT", "/api/admin/settings", { postalCode: "50000" })).status).toBe(400);
});

test("a product's offer says what shipping to Australia costs and that a returns policy applies; brand and MPN come from its specifications", async () => {
  const [camera] = await jsonLd("/shop/product/covert-body-worn-camera-4k");
  expect(camera).toMatchObject({ "@type": "Product", sku: "SC-BWC-4K01" });
  // $399 reaches the $200 free-shipping threshold.
  expect(camera!.offers).toMatchObject({
    shippingDetails: {
      "@type": "OfferShippingDetails",
      shippingRate: { "@type": "MonetaryAmount", value: "0.00", currency: "USD" },
      shippingDestination: { "@type": "DefinedRegion", addressCountry: "AU" },
    },
    hasMerchantReturnPolicy: { "@type": "MerchantReturnPolicy", applicableCountry: "AU", returnPolicyCategory: "https://schema.org/MerchantReturnUnspecified" },
  });
  expect(camera).not.toHaveProperty("brand");

  t.db
    .update(products)
    .set({ price: "49.00", salePrice: null, specifications: { Brand: "Example Optics", "Model number": "EO-4K-01" } })
    .where(eq(products.slug, "covert-body-worn-camera-4k"))
    .run();
  publicDataChanged(t.db);
  const [cheap] = await jsonLd("/shop/product/covert-body-worn-camera-4k");
  expect(cheap).toMatchObject({ brand: { "@type": "Brand", name: "Example Optics" }, mpn: "EO-4K-01", sku: "SC-BWC-4K01" });
  expect(cheap!.offers).toMatchObject({ shippingDetails: { shippingRate: { value: "15.00", currency: "USD" } } });
});
