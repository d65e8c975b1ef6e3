/**
 * The volume table /services shows (1-3 days standard, 4-7 days 10% off, 1-2 weeks 15%, 2+ weeks
 * 20%) is applied by the server: a booking long enough is priced with it, after any new-client
 * discount, keeps its list price and each discount line, and its page, its e-mails, its payment
 * request and the payment dialog all say the same amount (decision 083).
 */
import { expect, test } from "bun:test";
import { businessDayAhead, customerWithSession } from "../../tests/factories";
import { bookingForm } from "../../tests/helpers/booking-form";
import { testOrigin } from "../../tests/helpers/browser";
import { adminClient } from "../../tests/helpers/admins";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { updateServicePrice } from "../db/pricing.server";
import { fillSlotWindow } from "../db/timeslots.server";
import { bookingPagePath } from "../domain/booking";
import type { PaymentDialogProps } from "../islands/PaymentDialog";
import type { AdminBookingRow } from "../shared/admin-bookings";
import { defaultSettings } from "../shared/settings";

const t = testAppPerTest();

const post = (cookie: string, path: string, body: unknown) =>
  t.request(path, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json", Origin: testOrigin }, body: JSON.stringify(body) });

type Booked = { id: string; reference: string; servicePrice: string; originalPrice: string | null; discountApplied: boolean };

/** `email` books `serviceName` at the first slot of a business day a few days ahead; answers the booking. */
async function book(email: string, serviceName: string, opts: { returning?: boolean } = {}) {
  const customer = customerWithSession(t.db, email, { returning: opts.returning ?? false });
  fillSlotWindow(t.db, new Date(), defaultSettings.businessHours, "Australia/Adelaide");
  const res = await post(customer.cookie, "/api/bookings/calendar", bookingForm(businessDayAhead(), "09:00", { serviceName, contactEmail: email }));
  expect(res.status, await res.clone().text()).toBe(201);
  return { customer, booking: (await res.json()) as Booked };
}

const detailsOf = (bookingId: string) =>
  JSON.parse((t.db.$client.query("SELECT booking_details AS d FROM bookings WHERE id = ?").get(bookingId) as { d: string }).d) as Record<string, unknown>;
const mailsTo = (to: string) => (t.db.$client.query('SELECT text FROM outbox WHERE "to" = ? ORDER BY id').all(to) as { text: string }[]).map((m) => m.text);

test("a returning customer's two-week investigation is 15% off the list price, line by line on its page and in both e-mails", async () => {
  const { customer, booking } = await book("rosa@example.com", "Full Cheating Investigation", { returning: true });
  // $1,295 less 15% ($194.25) is $1,100.75.
  expect(booking).toMatchObject({ servicePrice: "1100.75", originalPrice: "1295.00", discountApplied: true });
  expect(detailsOf(booking.id)).toMatchObject({
    volumePercent: 15,
    discountPercent: 0,
    adjustments: [{ label: "Volume discount", percent: 15, amount: "-194.25" }],
  });

  const [confirmation] = mailsTo("rosa@example.com");
  expect(confirmation).toContain("Price: $1,100.75 (Volume discount (15%): $194.25 off; list price $1,295)");
  const notice = t.db.$client.query("SELECT text FROM outbox WHERE subject LIKE 'New booking:%'").get() as { text: string };
  expect(notice.text).toContain("Price: $1,100.75 (list $1,295)\n  Volume discount (15%): $194.25 off");

  const page = await (await t.request(bookingPagePath(booking.reference), { headers: { Cookie: customer.cookie } })).text();
  expect(page).toContain("$1,100.75 (Volume discount (15%): $194.25 off; usually $1,295)");
  // The owner's record of it names the same line (its dialog shows it, never "new-client price").
  const row = await adminClient(t).read<AdminBookingRow>(`/api/admin/bookings/${booking.id}`);
  expect(row.priceLines).toEqual([{ label: "Volume discount (15%)", amount: "194.25" }]);

  // Asked to pay, the request is for the booking's own price.
  expect((await post(customer.cookie, "/api/payment-requests", { bookingId: booking.id, method: "instructions" })).status).toBe(201);
  expect(t.db.$client.query("SELECT amount FROM payments WHERE booking_id = ?").get(booking.id)).toEqual({ amount: "1100.75" });
  // Its instructions name the volume discount, never a new-client price she did not get.
  const instructions = mailsTo("rosa@example.com").at(-1)!;
  expect(instructions).toContain("$1,100.75 USD (volume discount, 15%: $194.25 off)");
  expect(instructions).not.toContain("new-client");
});

test("a new client's two-week investigation: the new-client price first, then 15% off what is left", async () => {
  const { customer, booking } = await book("nina@example.com", "Full Cheating Investigation");
  // $1,295 at 50% is $647.50; 15% of that is $97.125, rounded to $97.13: $550.37.
  expect(booking).toMatchObject({ servicePrice: "550.37", originalPrice: "1295.00" });
  expect(detailsOf(booking.id).adjustments).toEqual([
    { label: "New-client discount", percent: 50, amount: "-647.50" },
    { label: "Volume discount", percent: 15, amount: "-97.13" },
  ]);
  expect(mailsTo("nina@example.com")[0]).toContain(
    "Price: $550.37 (New-client discount (50%): $647.50 off; Volume discount (15%): $97.13 off; list price $1,295)",
  );
  // Her payment dialog on the booking's page: the new-client badge and the volume line, as /services offered them.
  expect((await post(customer.cookie, "/api/payment-requests", { bookingId: booking.id, method: "instructions" })).status).toBe(201);
  expect(mailsTo("nina@example.com").at(-1)).toContain("$550.37 USD (new-client price, 50% off the list price of $1,295) (volume discount, 15%: $97.13 off)");
});

test("three days is the standard rate; a one-day package the same", async () => {
  const { booking } = await book("ivy@example.com", "Infidelity Investigation", { returning: true });
  expect(booking).toMatchObject({ servicePrice: "695.00", originalPrice: "695.00", discountApplied: false });
  expect(detailsOf(booking.id)).toMatchObject({ volumePercent: 0, adjustments: [] });
  expect(mailsTo("ivy@example.com")[0]).not.toContain("discount");
});

test("the owner's percent in the table is the one applied, and a row switched off applies nothing", async () => {
  const row = (id: string) =>
    t.db.$client.query("SELECT name, price, description, features FROM service_pricing WHERE id = ?").get(id) as Record<string, string>;
  const weeks = row("volume-1-2-weeks");
  expect(updateServicePrice(t.db, "volume-1-2-weeks", { ...weeks, features: JSON.parse(weeks.features ?? "[]"), price: "12.50" }).ok).toBe(true);
  const { booking } = await book("otto@example.com", "Full Cheating Investigation", { returning: true });
  // 12.5% of $1,295 is $161.875, rounded to $161.88: $1,133.12.
  expect(booking.servicePrice).toBe("1133.12");

  expect(updateServicePrice(t.db, "volume-1-2-weeks", { ...weeks, features: JSON.parse(weeks.features ?? "[]"), isActive: false }).ok).toBe(true);
  // The same two weeks again, for another customer: the first booking's places freed.
  t.db.$client.run("UPDATE time_slots SET current_bookings = 0");
  const again = await book("paul@example.com", "Full Cheating Investigation", { returning: true });
  // Days 8-14 fall back to the 4-7 days row: 10% off.
  expect(again.booking.servicePrice).toBe("1165.50");
});

test("the payment dialog on /services asks for what the booking will charge, with the volume line", async () => {
  const html = await (await t.request("/services")).text();
  const islands = [...html.matchAll(/<pi-island data-island="PaymentDialog"[^>]*><script type="application\/json">(.*?)<\/script>/g)];
  const offers = islands.map((m) => (JSON.parse(m[1]!) as { props: PaymentDialogProps }).props.service);
  const twoWeeks = offers.find((o) => o.id === "fullcheating");
  expect(twoWeeks).toMatchObject({ amountDue: 550.37, volumePercent: 15, volumeSaving: 97.13, percentOff: 50, listAmountDue: 1295 });
  expect(html).toContain("Volume discount for its length: 15% off, $1,100.75.");
  const text = html.replace(/<[^>]+>/g, "");
  expect(text).toContain("New clients: $550.37 on your first booking with us (50% off $1,295, then the 15% volume discount).");
  // A payment asked for from the card (no booking yet) is for the same amount.
  const res = await t.json("/api/payment-requests", { serviceId: "fullcheating", method: "instructions", email: "walk@example.com" });
  expect(res.status).toBe(201);
  expect(t.db.$client.query("SELECT amount FROM payments ORDER BY created_at DESC LIMIT 1").get()).toEqual({ amount: "550.37" });
});
