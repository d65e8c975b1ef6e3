/**
 * A booking's own page offers what its customer can do with it now, and says until when: pay (or
 * see it paid, with its invoice), move it until the cut-off, add it to a calendar, cancel it while
 * it awaits confirmation. Past the cut-off it says why it cannot move; a cancelled booking offers
 * nothing. The cancel form leads back to the page, and PayPal's hosts are allowed only while the
 * booking can be paid.
 */
import { describe, expect, test } from "bun:test";
import { adminWithToken, businessDetails, customerWithBooking } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { createTestApp } from "../../tests/helpers/test-app";
import { setBookingStatus } from "../db/bookings.server";
import { bookingPagePath, moveDeadline } from "../domain/booking";
import { formatDate, formatInstant, formatInstantDate } from "../domain/format";
import { businessToday } from "../domain/slots";
import { addDays } from "../domain/timezone";
import { defaultSettings } from "../shared/settings";

const t = testAppPerTest();
const tz = defaultSettings.timezone;

const page = async (cookie: string, reference: string, query = "") => {
  const res = await t.request(`${bookingPagePath(reference)}${query}`, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return res.text();
};

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };

/** The page's words as a reader meets them: tags and React's text markers dropped, entities decoded. */
const textOf = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#x27);/g, (e) => entities[e] ?? e);

/** The page's offers, by what each leads to: pay (the dialog's trigger), move, calendar, cancel, invoice. */
function offers(html: string, bookingId: string) {
  return {
    pay: html.includes('data-island="PaymentDialog"') || html.includes(">Pay now<"),
    move: html.includes(`href="/bookings/${bookingId}/move"`),
    calendar: html.includes(`href="/api/bookings/${bookingId}/ics"`),
    cancel: html.includes(`action="/bookings/${bookingId}/cancel"`),
    invoice: /href="\/payments\/[^"]+\/invoice"/.test(html),
  };
}

/** The deadline as the page words it: "3 Dec 2026, 10:00 am (Adelaide time)". */
const deadlineText = (date: string, time: string, hours = 24) => `${formatInstant(moveDeadline(date, time, tz, hours)!, tz)} (Adelaide time)`;

describe("what a booking's page offers", () => {
  test("awaiting confirmation: pay, move until the cut-off, add to calendar and cancel, each saying until when", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const html = await page(ann.cookie, ann.reference);
    expect(offers(html, ann.bookingId)).toEqual({ pay: true, move: true, calendar: true, cancel: true, invoice: false });
    expect(html).toContain("What you can do");
    expect(html).toContain(">Pay now<");
    expect(textOf(html)).toContain("Not paid yet: $37.50 to pay.");
    expect(textOf(html)).toContain(`You can move it to another free time until ${deadlineText(ann.date, ann.time)}.`);
    expect(textOf(html)).toContain("You can cancel it yourself until we confirm it; its time is then released.");
    // The cancel form says where to come back to; the pay link works without JavaScript (the contact form).
    expect(html).toContain(`name="reference" value="${ann.reference}"`);
    expect(html).toContain('href="/contact?service=checkup#contact-form"');
    // The old advice to change it by e-mail is gone: the page does it.
    expect(html).not.toContain("Need to change something?");
    expect(html).not.toContain("cancel it from your dashboard");
  });

  test("confirmed and unpaid: pay, move and the calendar; cancelling is the business's, by phone or e-mail", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { status: "confirmed" });
    const html = await page(ann.cookie, ann.reference);
    expect(offers(html, ann.bookingId)).toEqual({ pay: true, move: true, calendar: true, cancel: false, invoice: false });
    expect(html).toContain("Booking confirmed");
    expect(textOf(html)).toContain(`You can move it to another free time until ${deadlineText(ann.date, ann.time)}.`);
    // The shipped phone is a placeholder, never shown (decision 037): the booking e-mail instead.
    expect(textOf(html)).toContain(`Now that it is confirmed, only we can cancel it: reply to your booking e-mail and quote ${ann.reference}.`);

    businessDetails(t.db, { phone: "+61 8 8123 4567" });
    const withPhone = await page(ann.cookie, ann.reference);
    expect(textOf(withPhone)).toContain(`only we can cancel it: call us on +61 8 8123 4567 and quote ${ann.reference}.`);
  });

  test("paid: no pay button but when it was paid and its invoice; still movable and in the calendar", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { status: "confirmed", paid: true });
    const html = await page(ann.cookie, ann.reference);
    expect(offers(html, ann.bookingId)).toEqual({ pay: false, move: true, calendar: true, cancel: false, invoice: true });
    const paidOn = formatInstant(new Date(), tz).split(",")[0];
    expect(textOf(html)).toMatch(new RegExp(`Paid on ${paidOn} \\(reference PAY-[A-Z0-9]{4}-[A-Z0-9]{4}\\)\\. Nothing more to pay\\.`));
    expect(html).toMatch(/>Invoice INV-\d{6}</);
    expect(html).toContain('data-testid="booking-payment">Paid<');
  });

  test("awaiting a payment asked for: what to pay and its reference, and another way to pay", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const asked = await t.request("/api/payment-requests", {
      method: "POST",
      headers: { Cookie: ann.cookie, Origin: testOrigin, "Content-Type": "application/json" },
      body: JSON.stringify({ bookingId: ann.bookingId, method: "cash" }),
    });
    expect(asked.status).toBe(201);
    const { referenceCode } = (await asked.json()) as { referenceCode: string };
    const html = await page(ann.cookie, ann.reference);
    expect(offers(html, ann.bookingId)).toMatchObject({ pay: true, invoice: false });
    expect(html).toContain(">Pay another way<");
    expect(textOf(html)).toContain(
      `Awaiting your payment of $37.50 (reference ${referenceCode}), as we e-mailed you. Once it arrives we mark it paid and its invoice appears here.`,
    );
  });

  test("past the move cut-off: no move link, and it says why and whom to ask", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    // Five days ahead is inside a 14-day cut-off.
    businessDetails(t.db, { rescheduleCutoffHours: 336 });
    const html = await page(ann.cookie, ann.reference);
    expect(offers(html, ann.bookingId)).toEqual({ pay: true, move: false, calendar: true, cancel: true, invoice: false });
    expect(textOf(html)).toContain(
      `It is too close to the appointment to move it online: bookings can be moved online until 14 days before they start. To change it, reply to your booking e-mail and quote ${ann.reference}.`,
    );
    expect(html).not.toContain("You can move it");
  });

  test("cancelled: nothing is offered, and it says it cannot be changed", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { status: "cancelled" });
    const html = await page(ann.cookie, ann.reference);
    expect(offers(html, ann.bookingId)).toEqual({ pay: false, move: false, calendar: false, cancel: false, invoice: false });
    expect(html).toContain("Booking cancelled");
    expect(html).toContain("Cancelled bookings cannot be changed.");
    expect(html).not.toContain("Not paid");
    // No island, so no framework script.
    expect(html).not.toContain("entry");
  });

  test("completed: it cannot be changed, but an unpaid one can still be paid", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { status: "confirmed" });
    setBookingStatus(t.db, ann.bookingId, "completed");
    const html = await page(ann.cookie, ann.reference);
    expect(offers(html, ann.bookingId)).toEqual({ pay: true, move: false, calendar: false, cancel: false, invoice: false });
    expect(html).toContain("Completed bookings cannot be changed.");
  });
});

describe("acting from a booking's page", () => {
  test("cancelling there (JavaScript off) comes back to the page, which says so and offers nothing more", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const res = await t.request(`/bookings/${ann.bookingId}/cancel`, {
      method: "POST",
      headers: { Cookie: ann.cookie, Origin: testOrigin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ reference: ann.reference }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${bookingPagePath(ann.reference)}?notice=cancelled`);
    const html = await page(ann.cookie, ann.reference, "?notice=cancelled");
    expect(html).toContain("Your booking was cancelled and the time released.");
    expect(html).toMatch(/You cancelled it on \d+ \w+ \d{4}, \d+:\d\d\s?[ap]m/);
    expect(offers(html, ann.bookingId)).toEqual({ pay: false, move: false, calendar: false, cancel: false, invoice: false });

    // Again (another tab): refused, back on the page with the reason.
    const again = await t.request(`/bookings/${ann.bookingId}/cancel`, {
      method: "POST",
      headers: { Cookie: ann.cookie, Origin: testOrigin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ reference: ann.reference }).toString(),
    });
    expect(again.headers.get("location")).toBe(`${bookingPagePath(ann.reference)}?notice=notCancelled`);
    // Anything but a reference in the form leads to the dashboard, never elsewhere.
    const odd = await t.request(`/bookings/${ann.bookingId}/cancel`, {
      method: "POST",
      headers: { Cookie: ann.cookie, Origin: testOrigin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ reference: "//evil.example/x" }).toString(),
    });
    expect(odd.headers.get("location")).toBe("/dashboard?notice=notCancelled");
    // An unknown notice says nothing.
    expect(await page(ann.cookie, ann.reference, "?notice=constructor")).not.toContain('data-testid="booking-notice"');
  });

  test("PayPal's hosts are allowed only while the booking can be paid", async () => {
    const app = createTestApp({ PAYPAL_CLIENT_ID: "client", PAYPAL_CLIENT_SECRET: "secret", PAYPAL_API_BASE: "http://127.0.0.1:9" });
    try {
      const unpaid = customerWithBooking(app.db, "ann@example.com");
      const paid = customerWithBooking(app.db, "bob@example.com", { paid: true, time: "free" });
      const csp = async (c: { cookie: string; reference: string }) =>
        (await app.request(bookingPagePath(c.reference), { headers: { Cookie: c.cookie } })).headers.get("content-security-policy") ?? "";
      expect(await csp(unpaid)).toContain("https://*.paypal.com");
      expect(await csp(paid)).not.toContain("paypal.com");
    } finally {
      await app.close();
    }
  });
});

describe("a booking paid in instalments (decision 085)", () => {
  const infidelity = { serviceName: "Infidelity Investigation", time: "free" } as const;
  const today = () => businessToday(new Date(), tz);
  const dayMonth = (days: number) => formatDate(addDays(today(), days), "dayMonth");

  /** The customer asks for the instructions of a payment of their booking; answers the request. */
  async function ask(c: { cookie: string; bookingId: string }, instalments?: number) {
    const res = await t.request("/api/payment-requests", {
      method: "POST",
      headers: { Cookie: c.cookie, Origin: testOrigin, "Content-Type": "application/json" },
      body: JSON.stringify({ bookingId: c.bookingId, method: "instructions", ...(instalments ? { instalments } : {}) }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { referenceCode: string; instalment?: { number: number; of: number; amount: string } };
  }

  /** The owner marks the booking's next payment paid, as the booking record's Mark paid does. */
  async function markPaid(bookingId: string, authorization: string) {
    const res = await t.request(`/api/admin/bookings/${bookingId}/paid`, { method: "POST", headers: { Authorization: authorization, Origin: testOrigin } });
    expect(res.status).toBe(200);
  }

  test("offered: the page writes each plan with its amounts and dates (for a customer without JavaScript too), and the dialog gets them", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", infidelity);
    const html = await page(ann.cookie, ann.reference);
    const text = textOf(html);
    expect(text).toContain("Not paid yet: $347.50 to pay.");
    expect(text).toContain("Or pay in instalments (0% interest, no credit check): choose it when you pay.");
    expect(text).toContain(`2 payments: $173.75 today, then $173.75 on ${dayMonth(14)}.`);
    expect(text).toContain(`3 payments: $115.84 today, then $115.83 on ${dayMonth(14)} and ${dayMonth(28)}.`);
    expect(text).toContain(`4 payments: $86.89 today, then $86.87 on ${dayMonth(14)}, ${dayMonth(28)} and ${dayMonth(42)}.`);
    expect(html).toContain("<noscript>");
    // The payment dialog's props carry the same plans.
    expect(html).toContain('"planOptions":[{"count":2,"amounts":["173.75","173.75"]');
    expect(html).not.toContain('data-testid="plan-table"');

    // Below the minimum total, nothing is offered.
    const bob = customerWithBooking(t.db, "bob@example.com", { time: "free" });
    const small = await page(bob.cookie, bob.reference);
    expect(small).not.toContain('data-testid="plan-offer"');
    expect(small).toContain('"planOptions":[]');
  });

  test("under way: the plan with each instalment's state, the paid one with its invoice, and the next to pay", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", infidelity);
    const owner = adminWithToken(t.db, "owner-plan");
    const first = await ask(ann, 3);
    expect(first.instalment).toMatchObject({ number: 1, of: 3, amount: "115.84" });
    await markPaid(ann.bookingId, owner.authorization);

    const html = await page(ann.cookie, ann.reference);
    const text = textOf(html);
    expect(html).toContain('data-testid="booking-payment">1 of 3 paid<');
    expect(text).toContain(`Pay instalment 2 of 3: $115.83, due ${dayMonth(14)}. 1 of 3 paid so far; the plan below shows every payment.`);
    expect(html).toContain(">Pay instalment 2<");
    expect(text).toContain("Payment plan");
    expect(text).toContain("$347.50 in 3 payments, one every 14 days: 1 of 3 paid.");
    const rows = [...html.matchAll(/<tr [^>]*data-testid="plan-instalment" data-status="(\w+)">([\s\S]*?)<\/tr>/g)].map((m) => ({
      status: m[1],
      text: textOf(m[2] ?? ""),
    }));
    const paidOn = formatInstantDate(new Date(), tz).replace(/ \d{4}$/, "");
    expect(rows).toEqual([
      // The due date twice: under the number (a phone's) and in its own column (wider screens).
      { status: "paid", text: expect.stringContaining(`1 of 3${dayMonth(0)}$115.84${dayMonth(0)}Paid on ${paidOn}Invoice INV-`) },
      { status: "upcoming", text: `2 of 3${dayMonth(14)}$115.83${dayMonth(14)}Upcoming` },
      { status: "upcoming", text: `3 of 3${dayMonth(28)}$115.83${dayMonth(28)}Upcoming` },
    ]);
    expect(html).toContain(`href="/payments/${first.referenceCode.toLowerCase()}/invoice"`);
    // The plan is chosen: the dialog asks for the next instalment instead of offering the choice again.
    expect(html).toContain('"plan":{"count":3');
    expect(html).not.toContain('data-testid="plan-offer"');
  });

  test("all paid: nothing more to pay, and three invoices, one per payment", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", infidelity);
    const owner = adminWithToken(t.db, "owner-plan");
    const refs: string[] = [];
    for (let i = 1; i <= 3; i++) {
      refs.push((await ask(ann, i === 1 ? 3 : undefined)).referenceCode);
      await markPaid(ann.bookingId, owner.authorization);
    }
    const html = await page(ann.cookie, ann.reference);
    expect(offers(html, ann.bookingId)).toMatchObject({ pay: false, invoice: true });
    expect(html).toContain('data-testid="booking-payment">Paid<');
    expect(textOf(html)).toContain("Paid in 3 payments. Nothing more to pay; each payment's invoice is in the payment plan below.");
    expect(html.match(/data-status="paid"/g)?.length).toBe(3);
    for (const ref of refs) expect(html).toContain(`href="/payments/${ref.toLowerCase()}/invoice"`);
  });
});
