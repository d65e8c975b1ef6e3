import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { seedPricing } from "../../db/seed/pricing";
import { fillSlotWindow } from "../../db/timeslots.server";
import { defaultSettings } from "../../shared/settings";
import type { ServicePricingView } from "../../shared/service-pricing";
import { adminWithToken, businessDayAhead } from "../../../tests/factories";
import { bookingForm } from "../../../tests/helpers/booking-form";
import { testOrigin } from "../../../tests/helpers/browser";
import { type PayPalStandIn, standInEnv, startPayPalStandIn } from "../../../tests/helpers/paypal-stand-in";
import { customerWithSession } from "../../../tests/factories";
import { createTestApp, type ErrorBody, type TestApp } from "../../../tests/helpers/test-app";
import { adminRead } from "../../../tests/helpers/admins";

let standIn: PayPalStandIn;
beforeAll(() => {
  standIn = startPayPalStandIn();
});
afterAll(() => standIn.close());

let t: TestApp;
let authorization: string;
beforeEach(() => {
  t = createTestApp(standInEnv(standIn));
  authorization = adminWithToken(t.db, "owner").authorization;
  standIn.requests.length = 0;
});
afterEach(() => t.close());

const list = () => adminRead<ServicePricingView[]>(t, "/api/admin/pricing", authorization);
const entry = async (id: string) => {
  const found = (await list()).find((p) => p.id === id);
  if (!found) throw new Error(`no entry ${id}`);
  return found;
};
const put = (id: string, body: unknown) =>
  t.request(`/api/admin/pricing/${id}`, {
    method: "PUT",
    headers: { Authorization: authorization, Origin: testOrigin, "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const rows = () => t.db.$client.query("SELECT * FROM service_pricing ORDER BY id").all();
const page = async (path: string, cookie?: string) => {
  const res = await t.request(path, cookie ? { headers: { Cookie: cookie } } : undefined);
  expect(res.status).toBe(200);
  return await res.text();
};

describe("GET /api/admin/pricing", () => {
  test("every entry in display order, an inactive one too, with its price as a decimal string and its features", async () => {
    t.db.$client.query("UPDATE service_pricing SET is_active = 0 WHERE id = 'ongoing'").run();
    const entries = await list();
    expect(entries.map((p) => p.id)).toEqual(seedPricing.map((p) => p.id));
    expect(entries.find((p) => p.id === "infidelity")).toEqual({
      id: "infidelity",
      kind: "package",
      unit: "once",
      name: "Infidelity Investigation",
      price: "695.00",
      description: "Our most requested investigation: three days of surveillance to establish the facts.",
      features: ["3-day surveillance", "HD photo/video evidence", "GPS tracking", "Detailed timeline", "Full report"],
      isPopular: true,
      isActive: true,
      sortOrder: 3,
      // Three whole days from opening (decision 070).
      lengthUnit: "days",
      lengthCount: 3,
    });
    expect(entries.find((p) => p.id === "ongoing")?.isActive).toBe(false);
  });
});

describe("PUT /api/admin/pricing/{id}", () => {
  test("the whole entry back with a new name, price, description and features: blank features dropped, every field saved", async () => {
    const before = await entry("checkup");
    const res = await put("checkup", {
      ...before,
      name: " Discreet Check-Up ",
      price: "80.5",
      description: "Who is at an address, answered the same day.",
      features: ["Photo documentation", "", "   ", " Same-day report "],
    });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as ServicePricingView;
    expect(saved).toEqual({
      ...before,
      name: "Discreet Check-Up",
      price: "80.50",
      description: "Who is at an address, answered the same day.",
      features: ["Photo documentation", "Same-day report"],
    });
    expect(await entry("checkup")).toEqual(saved);
    // A number is a price too.
    expect(((await (await put("checkup", { ...saved, price: 90 })).json()) as ServicePricingView).price).toBe("90.00");
  });

  test("a new price is what /, /services and /booking show, what a booking is charged and what PayPal is asked for, at once", async () => {
    // The pages are cached from their first request; the write must clear them.
    for (const path of ["/", "/services", "/booking"]) expect(await page(path)).toContain("$295");
    const partner = await entry("partner");
    expect((await put("partner", { ...partner, price: "321.50" })).status).toBe(200);

    // List price $321.50; a new client's price is half of it to the cent: $160.75.
    for (const path of ["/", "/services", "/booking"]) {
      const html = await page(path);
      expect(html).toContain("$321.50");
      expect(html).not.toContain("$295");
    }
    expect(await page("/booking")).toContain("$160.75");

    const ann = customerWithSession(t.db, "ann@example.com");
    const headers = { Cookie: ann.cookie, Origin: testOrigin, "Content-Type": "application/json" };
    const tz = "Australia/Adelaide";
    fillSlotWindow(t.db, new Date(), defaultSettings.businessHours, tz);
    let day = businessDayAhead();
    // Partner Check holds a whole day from opening (decision 070): each customer books a day of their own.
    const booked = await t.request("/api/bookings/calendar", {
      method: "POST",
      headers,
      body: JSON.stringify(bookingForm(day, "09:00", { serviceName: "Partner Check" })),
    });
    day = businessDayAhead(1, day);
    expect(booked.status).toBe(201);
    expect(await booked.json()).toMatchObject({ serviceName: "Partner Check", originalPrice: "321.50", servicePrice: "160.75", discountApplied: true });
    const rosa = customerWithSession(t.db, "rosa@example.com", { returning: true });
    const listPriced = await t.request("/api/bookings/calendar", {
      method: "POST",
      headers: { ...headers, Cookie: rosa.cookie },
      body: JSON.stringify(bookingForm(day, "09:00", { serviceName: "Partner Check", contactEmail: "rosa@example.com" })),
    });
    expect(listPriced.status).toBe(201);
    expect(await listPriced.json()).toMatchObject({ originalPrice: "321.50", servicePrice: "321.50", discountApplied: false });

    const order = await t.json("/paypal/order", { serviceId: "partner" });
    expect(order.status).toBe(201);
    const [call] = standIn.requestsTo("/v2/checkout/orders");
    expect(call?.body).toMatchObject({ purchase_units: [{ amount: { currency_code: "USD", value: "160.75" }, description: "Partner Check" }] });
  });

  test("a renamed package is booked under its new name", async () => {
    const partner = await entry("partner");
    expect((await put("partner", { ...partner, name: "Partner Day Check" })).status).toBe(200);
    expect(await page("/booking")).toContain("Partner Day Check");
    const ann = customerWithSession(t.db, "ann@example.com", { returning: true });
    const tz = "Australia/Adelaide";
    const headers = { Cookie: ann.cookie, Origin: testOrigin, "Content-Type": "application/json" };
    fillSlotWindow(t.db, new Date(), defaultSettings.businessHours, tz);
    const day = businessDayAhead();
    const booked = await t.request("/api/bookings/calendar", {
      method: "POST",
      headers,
      body: JSON.stringify(bookingForm(day, "09:00", { serviceName: "Partner Day Check" })),
    });
    expect(booked.status).toBe(201);
    expect(await booked.json()).toMatchObject({ serviceName: "Partner Day Check", servicePrice: "295.00" });
  });

  test("bad input: 400 with a message per field, and nothing written", async () => {
    const before = rows();
    const partner = await entry("partner");
    const cases: [unknown, Record<string, string>][] = [
      [{ ...partner, price: "-5" }, { price: "Price must be 0 or more" }],
      [{ ...partner, price: "" }, { price: "Price is required" }],
      [{ ...partner, price: "cheap" }, { price: "Enter a number, such as 695.00" }],
      [{ ...partner, price: 12.345 }, { price: "Use at most 2 decimal places" }],
      [{ ...partner, price: "2000000" }, { price: "Price must be at most 1,000,000" }],
      [{ ...partner, name: "  " }, { name: "Name is required" }],
      [{ ...partner, features: Array.from({ length: 13 }, (_, i) => `Feature ${i}`) }, { features: "At most 12 features" }],
      [{ ...partner, features: ["x".repeat(201)] }, { features: "Keep each feature under 200 characters" }],
      [{ ...partner, features: "one\ntwo" }, { features: "Features must be a list" }],
      [
        { id: "partner", name: "Partner Check" },
        { price: "Price is required", description: "Description is required", features: "Features must be a list" },
      ],
      [{ ...partner, id: "checkup" }, { id: "Does not match the entry being saved" }],
      [{ ...partner, updatedAt: "yesterday" }, { _: "Unknown field: updatedAt" }],
      [{ ...partner, name: "infidelity investigation" }, { name: "Another service already has this name" }],
    ];
    for (const [body, fields] of cases) {
      const res = await put("partner", body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      const error = ((await res.json()) as ErrorBody).error;
      expect(error.code).toBe("validation_error");
      expect(error.fields).toEqual(fields);
    }
    const volume = await entry("volume-4-7-days");
    const discount = await put("volume-4-7-days", { ...volume, price: "101" });
    expect(discount.status).toBe(400);
    expect(((await discount.json()) as ErrorBody).error.fields).toEqual({ price: "A discount must be at most 100%" });
    expect((await put("partner", "{not json")).status).toBe(400);
    expect(rows()).toEqual(before);
  });

  test("an unknown entry: 404 and nothing written", async () => {
    const before = rows();
    const partner = await entry("partner");
    const res = await put("no-such-service", { ...partner, id: undefined });
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.code).toBe("not_found");
    expect(rows()).toEqual(before);
  });
});
