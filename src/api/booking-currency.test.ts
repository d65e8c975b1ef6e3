/**
 * A booking keeps the currency it was priced in (the currency setting when it was made): after the
 * owner changes the setting, everything priced from an older booking (its payment request and the
 * e-mail with it, its PayPal payment, the payment dialog's offer, the owner's "mark paid" and its
 * invoice, the booking's page, the owner's list and the e-mails about it) is still in its own currency.
 */
import { describe, expect, test } from "bun:test";
import { businessDayAhead, customerWithBooking, customerWithSession, openSlots } from "../../tests/factories";
import { adminClient } from "../../tests/helpers/admins";
import { bookingForm } from "../../tests/helpers/booking-form";
import { testOrigin } from "../../tests/helpers/browser";
import { islandPropsOf } from "../../tests/helpers/island-props";
import { payPalAppPerTest } from "../../tests/helpers/per-test";
import { updateSetting } from "../db/settings.server";
import { bookingPagePath } from "../domain/booking";
import { addDays } from "../domain/timezone";
import type { AdminBookingRow } from "../shared/admin-bookings";

const { standIn, t } = payPalAppPerTest({ delayMs: 0 });

/** A customer's booking priced at 148.00 in the currency of the day (US dollars, the setting's default). */
function bookingAt148(email: string, time: string) {
  const customer = customerWithBooking(t.db, email, { time, returning: true });
  t.db.$client.run("UPDATE bookings SET service_price = '148.00', original_price = NULL WHERE id = ?", [customer.bookingId]);
  return customer;
}

const currencyOf = (bookingId: string) => (t.db.$client.query("SELECT currency FROM bookings WHERE id = ?").get(bookingId) as { currency: string }).currency;
const paymentsOf = (bookingId: string) =>
  t.db.$client.query("SELECT method, amount, currency, status FROM payments WHERE booking_id = ? ORDER BY created_at").all(bookingId) as {
    method: string;
    amount: string;
    currency: string;
    status: string;
  }[];
const mailsTo = (to: string) =>
  (t.db.$client.query('SELECT subject, text FROM outbox WHERE "to" = ? ORDER BY id').all(to) as { subject: string; text: string }[]).map((m) => m.text);
const send = (cookie: string, path: string, body: unknown) =>
  t.request(path, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json", Origin: testOrigin }, body: JSON.stringify(body) });

describe("a booking priced in US dollars, after the owner switched to euros", () => {
  test("its payment request is for 148.00 USD, and the e-mail says so", async () => {
    const ann = bookingAt148("ann@example.com", "10:00");
    expect(currencyOf(ann.bookingId)).toBe("USD");
    updateSetting(t.db, "currency", "EUR");

    const res = await send(ann.cookie, "/api/payment-requests", { bookingId: ann.bookingId, method: "instructions" });
    expect(res.status).toBe(201);
    expect(paymentsOf(ann.bookingId)).toEqual([{ method: "instructions", amount: "148.00", currency: "USD", status: "requested" }]);
    const mail = mailsTo("ann@example.com").find((text) => text.includes("Amount:"));
    expect(mail).toContain("Amount: $148 USD");
    expect(mail).not.toContain("EUR");
    expect(mail).not.toContain("€");
  });

  test("its PayPal payment is asked for in US dollars", async () => {
    const bob = bookingAt148("bob@example.com", "11:00");
    updateSetting(t.db, "currency", "EUR");
    const res = await send(bob.cookie, "/paypal/order", { bookingId: bob.bookingId });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(standIn.orders.get(id)).toMatchObject({ amount: "148.00", currency: "USD" });
    expect(paymentsOf(bob.bookingId)).toEqual([{ method: "paypal", amount: "148.00", currency: "USD", status: "created" }]);
  });

  test("its page and the payment dialog offer 148 USD, naming the currency since the site now prices in another", async () => {
    const cy = bookingAt148("cy@example.com", "12:00");
    updateSetting(t.db, "currency", "EUR");
    const res = await t.request(bookingPagePath(cy.reference), { headers: { Cookie: cy.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const dialog = islandPropsOf<{ service: { amountDue: number; currency: string } }>(html, "PaymentDialog");
    expect(dialog.service).toMatchObject({ amountDue: 148, currency: "USD" });
    expect(html).toContain("$148 USD");
    expect(html).not.toContain("€148");
  });

  test("the owner's list, mark-paid and invoice keep USD; so does the e-mail confirming it", async () => {
    const cy = bookingAt148("cy@example.com", "12:00");
    updateSetting(t.db, "currency", "EUR");
    const owner = adminClient(t);
    const row = await owner.read<AdminBookingRow>(`/api/admin/bookings/${cy.bookingId}`);
    expect(row).toMatchObject({ servicePrice: "148.00", currency: "USD" });
    expect((await owner.json(`/api/admin/bookings/${cy.bookingId}/paid`)).status).toBe(200);
    expect(paymentsOf(cy.bookingId)).toEqual([{ method: "manual", amount: "148.00", currency: "USD", status: "completed" }]);
    const invoice = t.db.$client.query("SELECT total_amount AS total, currency FROM invoices").all();
    expect(invoice).toEqual([{ total: "148.00", currency: "USD" }]);

    expect((await owner.send("PATCH", `/api/admin/bookings/${cy.bookingId}`, { status: "confirmed" })).status).toBe(200);
    const confirmed = mailsTo("cy@example.com").find((text) => text.includes("confirmed"));
    expect(confirmed).toContain("Price: $148");
    expect(confirmed).not.toContain("€");
  });
});

describe("a booking made after the switch", () => {
  test("is kept in euros, booked from the calendar or with the plain form; the customer's answer and e-mail say so", async () => {
    updateSetting(t.db, "currency", "EUR");
    const dee = customerWithSession(t.db, "dee@example.com");
    const day = businessDayAhead(4);
    openSlots(t.db, day, addDays(day, 2));
    const res = await send(dee.cookie, "/api/bookings/calendar", bookingForm(day, "10:00", { contactEmail: "dee@example.com" }));
    expect(res.status).toBe(201);
    const booked = (await res.json()) as { id: string; currency: string; servicePrice: string };
    expect(booked.currency).toBe("EUR");
    expect(currencyOf(booked.id)).toBe("EUR");
    expect(mailsTo("dee@example.com").find((text) => text.includes("Price:"))).toContain(`Price: €`);

    const service = (t.db.$client.query("SELECT id FROM service_pricing WHERE name = ?").get("Discreet Check Up") as { id: string | number }).id.toString();
    const plain = await t.request("/booking", {
      method: "POST",
      headers: { Cookie: dee.cookie, Origin: testOrigin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        service,
        serviceName: "Discreet Check Up",
        servicePrice: "1",
        appointmentDate: day,
        slot: `${day}T14:00`,
        contactMethod: "email",
        contactPhone: "",
        contactEmail: "dee@example.com",
        location: "",
        notes: "",
        // The same package twice that day: meant.
        confirmDuplicate: "yes",
      }).toString(),
    });
    expect(plain.status).toBe(303);
    const rows = t.db.$client.query("SELECT appointment_time AS time, currency FROM bookings WHERE user_id = ? ORDER BY appointment_time").all(dee.userId);
    expect(rows).toEqual([
      { time: "10:00", currency: "EUR" },
      { time: "14:00", currency: "EUR" },
    ]);
  });
});
