/**
 * Payment plans through the HTTP API (decision 085): a customer pays a booking in 2, 3 or 4
 * instalments. The first choice makes the plan and asks for instalment 1; later requests pay the
 * next unpaid one at its amount; the owner marks each paid (on the payments list or the booking)
 * and each gets its own tax invoice; the booking is paid only once every instalment is. A plan is
 * refused, with nothing written, when the settings do not offer it for that booking.
 */
import { describe, expect, test } from "bun:test";
import { customerWithBooking } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { readCsv } from "../../tests/helpers/csv";
import { adminAppPerTest } from "../../tests/helpers/per-test";
import { countRows, errorOf, type TestApp } from "../../tests/helpers/test-app";
import { paymentOfBooking } from "../db/booking-payments.server";
import { updateSetting } from "../db/settings.server";
import { deleteAccount } from "../db/users.server";
import { bookingPaymentLabel } from "../domain/booking-payment";
import { addDays, localDate } from "../domain/timezone";
import type { PaymentRequestResult } from "../shared/payment";

const { t, admin } = adminAppPerTest();

const requestPayment = (app: TestApp, cookie: string, body: Record<string, unknown>) =>
  app.request("/api/payment-requests", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json", Origin: testOrigin },
    body: JSON.stringify(body),
  });

type Row = { id: string; status: string; amount: string; instalmentNumber: number | null; referenceCode: string };
const rowsOf = (bookingId: string) =>
  t.db.$client
    .query(
      "SELECT id, status, amount, instalment_number AS instalmentNumber, reference_code AS referenceCode FROM payments WHERE booking_id = ? ORDER BY created_at, rowid",
    )
    .all(bookingId) as Row[];
const invoicesOf = (bookingId: string) =>
  t.db.$client
    .query(
      "SELECT i.number, i.total_amount AS total, p.instalment_number AS n FROM invoices i JOIN payments p ON p.id = i.payment_id WHERE p.booking_id = ? ORDER BY i.number",
    )
    .all(bookingId) as { number: number; total: string; n: number }[];
const mailsTo = (to: string) =>
  t.db.$client.query('SELECT subject, text FROM outbox WHERE "to" = ? ORDER BY id').all(to) as { subject: string; text: string }[];
const today = () => localDate(new Date(), "Australia/Adelaide");

/** A customer with a booking of Ongoing Monitoring at its list price, 395.00: three instalments of 131.68, 131.66, 131.66. */
const planBooking = (email: string, time = "10:00") => customerWithBooking(t.db, email, { serviceName: "Ongoing Monitoring", returning: true, time });

describe("choosing a plan", () => {
  test("the first choice of 3 makes the plan and asks for instalment 1 at its amount; the e-mail names it and the next", async () => {
    const ann = planBooking("ann@example.com");
    expect(ann.price).toBe("395.00");
    const res = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions", instalments: 3 });
    expect(res.status).toBe(201);
    const body = (await res.json()) as PaymentRequestResult;
    expect(body.instalment).toEqual({ number: 1, of: 3, amount: "131.68", currency: "USD", dueOn: today() });

    const plan = t.db.$client
      .query("SELECT instalment_count AS count, interval_days AS days, total, currency FROM payment_plans WHERE booking_id = ?")
      .get(ann.bookingId);
    expect(plan).toEqual({ count: 3, days: 14, total: "395.00", currency: "USD" });
    const instalments = t.db.$client
      .query("SELECT number, amount, due_on AS dueOn FROM plan_instalments WHERE booking_id = ? ORDER BY number")
      .all(ann.bookingId);
    expect(instalments).toEqual([
      { number: 1, amount: "131.68", dueOn: today() },
      { number: 2, amount: "131.66", dueOn: addDays(today(), 14) },
      { number: 3, amount: "131.66", dueOn: addDays(today(), 28) },
    ]);
    expect(rowsOf(ann.bookingId).map((r) => [r.status, r.amount, r.instalmentNumber, r.referenceCode])).toEqual([
      ["requested", "131.68", 1, body.referenceCode],
    ]);

    const mail = mailsTo("ann@example.com").find((m) => m.subject.includes(body.referenceCode));
    const nextDay = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${addDays(today(), 14)}T00:00:00Z`));
    expect(mail?.text).toContain(`Payment 1 of 3: $131.68 USD, due today; the next $131.66 on ${nextDay}`);
    expect(mail?.text).toContain("Deposit exactly $131.68");
    expect(mail?.text).not.toContain("Payment plan (2, 3 or 4 payments");
    expect(bookingPaymentLabel(paymentOfBooking(t.db, ann.bookingId))).toBe("Awaiting payment");
  });

  test("refused with a 409 and nothing written: below the minimum, a service not offered, plans off, too many payments", async () => {
    const small = customerWithBooking(t.db, "small@example.com", { returning: true });
    expect(small.price).toBe("75.00");
    const below = await requestPayment(t, small.cookie, { bookingId: small.bookingId, method: "instructions", instalments: 2 });
    expect(below.status).toBe(409);
    expect((await errorOf(below)).message).toBe("Payment plans are offered for bookings of $300 or more. Please pay this one in full.");

    const ann = planBooking("ann@example.com", "11:00");
    updateSetting(t.db, "paymentPlanServiceIds", "infidelity, fullcheating");
    const service = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "cash", instalments: 4 });
    expect(service.status).toBe(409);
    expect((await errorOf(service)).message).toBe("Payment plans are not offered for this service. Please pay in full, or contact us to arrange payment.");

    updateSetting(t.db, "paymentPlanServiceIds", "all");
    updateSetting(t.db, "paymentPlansEnabled", false);
    const off = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "cash", instalments: 2 });
    expect(off.status).toBe(409);
    expect((await errorOf(off)).message).toContain("Payment plans are not offered at the moment");

    const five = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "cash", instalments: 5 });
    expect(five.status).toBe(400);
    const forService = await requestPayment(t, ann.cookie, { serviceId: "ongoing", method: "cash", instalments: 2 });
    expect(forService.status).toBe(400);

    expect(countRows(t, "payment_plans")).toBe(0);
    expect(countRows(t, "plan_instalments")).toBe(0);
    expect(rowsOf(small.bookingId)).toEqual([]);
    expect(rowsOf(ann.bookingId)).toEqual([]);

    // Paying in full stays as it was.
    const full = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "cash" });
    expect(full.status).toBe(201);
    expect(((await full.json()) as PaymentRequestResult).instalment).toBeUndefined();
    expect(rowsOf(ann.bookingId).map((r) => [r.amount, r.instalmentNumber])).toEqual([["395.00", null]]);
  });

  test("a booking paid in full, or with a payment completed, cannot start a plan", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com", { serviceName: "Ongoing Monitoring", returning: true, paid: true });
    const res = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions", instalments: 2 });
    expect(res.status).toBe(409);
    expect(countRows(t, "payment_plans")).toBe(0);
  });
});

describe("paying a plan", () => {
  test("later requests pay the next unpaid instalment; each marked paid gets its invoice; the booking is paid when all are", async () => {
    const ann = planBooking("ann@example.com");
    const first = (await (
      await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions", instalments: 3 })
    ).json()) as PaymentRequestResult;

    // Asking again before paying: the same instalment, replacing the request (one open per instalment).
    const again = (await (await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "cash", instalments: 3 })).json()) as PaymentRequestResult;
    expect(again.instalment?.number).toBe(1);
    expect(again.replaces).toEqual([first.referenceCode]);

    // The owner marks instalment 1 paid on the payments list.
    const open1 = rowsOf(ann.bookingId).find((r) => r.status === "requested")!;
    expect((await admin.send("POST", `/api/admin/payments/${open1.id}/paid`)).status).toBe(200);
    expect(bookingPaymentLabel(paymentOfBooking(t.db, ann.bookingId))).toBe("1 of 3 paid");
    expect(paymentOfBooking(t.db, ann.bookingId).status).toBe("unpaid");

    // The next request pays instalment 2 at its amount, whatever count is sent.
    const second = (await (await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions" })).json()) as PaymentRequestResult;
    expect(second.instalment).toEqual({ number: 2, of: 3, amount: "131.66", currency: "USD", dueOn: addDays(today(), 14) });
    const mail = mailsTo("ann@example.com").find((m) => m.subject.includes(second.referenceCode));
    expect(mail?.text).toContain("Payment 2 of 3: $131.66 USD, due ");

    // The owner marks the booking paid: it settles instalment 2's open request.
    const marked = await admin.send("POST", `/api/admin/bookings/${ann.bookingId}/paid`);
    expect(marked.status).toBe(200);
    expect(rowsOf(ann.bookingId).find((r) => r.referenceCode === second.referenceCode)?.status).toBe("completed");
    expect(bookingPaymentLabel(paymentOfBooking(t.db, ann.bookingId))).toBe("2 of 3 paid");

    // Instalment 3 without a request: marking the booking paid records a manual payment of its amount.
    expect((await admin.send("POST", `/api/admin/bookings/${ann.bookingId}/paid`)).status).toBe(200);
    expect(rowsOf(ann.bookingId).map((r) => [r.status, r.amount, r.instalmentNumber])).toEqual([
      ["cancelled", "131.68", 1],
      ["completed", "131.68", 1],
      ["completed", "131.66", 2],
      ["completed", "131.66", 3],
    ]);
    expect(paymentOfBooking(t.db, ann.bookingId).status).toBe("paid");
    const invoices = invoicesOf(ann.bookingId);
    expect(invoices.map((i) => [i.n, i.total])).toEqual([
      [1, "131.68"],
      [2, "131.66"],
      [3, "131.66"],
    ]);
    expect(invoices.reduce((s, i) => s + Math.round(Number(i.total) * 100), 0)).toBe(39_500);

    // Nothing more to pay: refused, and the owner cannot mark it paid again.
    const more = await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "cash" });
    expect(more.status).toBe(409);
    expect((await admin.send("POST", `/api/admin/bookings/${ann.bookingId}/paid`)).status).toBe(409);
    expect(invoicesOf(ann.bookingId)).toHaveLength(3);
  });
});

describe("cancelling a booking with a plan", () => {
  const refundsOf = (bookingId: string) =>
    t.db.$client
      .query("SELECT r.status, r.amount, p.instalment_number AS n FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.booking_id = ? ORDER BY n")
      .all(bookingId) as { status: string; amount: string; n: number }[];
  const instalmentsOf = (bookingId: string) =>
    t.db.$client.query("SELECT number, cancelled_at IS NOT NULL AS cancelled FROM plan_instalments WHERE booking_id = ? ORDER BY number").all(bookingId);

  test("by the customer: the unpaid instalments and their open request are cancelled, the paid one refunded as a refund owed", async () => {
    const ann = planBooking("ann@example.com");
    await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions", instalments: 3 });
    expect((await admin.send("POST", `/api/admin/bookings/${ann.bookingId}/paid`)).status).toBe(200);
    const second = (await (await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "cash" })).json()) as PaymentRequestResult;

    const res = await t.request(`/api/bookings/${ann.bookingId}/cancel`, { method: "POST", headers: { Cookie: ann.cookie, Origin: testOrigin } });
    expect(res.status).toBe(200);
    expect(instalmentsOf(ann.bookingId)).toEqual([
      { number: 1, cancelled: 0 },
      { number: 2, cancelled: 1 },
      { number: 3, cancelled: 1 },
    ]);
    expect(rowsOf(ann.bookingId).map((r) => [r.instalmentNumber, r.status])).toEqual([
      [1, "refund_owed"],
      [2, "cancelled"],
    ]);
    expect(rowsOf(ann.bookingId)[1]?.referenceCode).toBe(second.referenceCode);
    expect(refundsOf(ann.bookingId)).toEqual([{ status: "owed", amount: "131.68", n: 1 }]);
    expect(t.db.$client.query("SELECT cancelled_at IS NOT NULL AS c FROM payment_plans WHERE booking_id = ?").get(ann.bookingId)).toEqual({ c: 1 });

    // The owner's record of the booking shows the plan as it ended; nothing is due or overdue any more.
    const record = await admin.read<{ plan: { instalments: { number: number; status: string }[] } }>(`/api/admin/bookings/${ann.bookingId}`);
    expect(record.plan.instalments.map((i) => [i.number, i.status])).toEqual([
      [1, "paid"],
      [2, "cancelled"],
      [3, "cancelled"],
    ]);
    // Nor can it be paid.
    expect((await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "cash" })).status).toBe(409);
  });

  test("by the owner: the same, in the status change; a booking without a plan is cancelled as before", async () => {
    const ann = planBooking("ann@example.com");
    await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions", instalments: 2 });
    expect((await admin.send("POST", `/api/admin/bookings/${ann.bookingId}/paid`)).status).toBe(200);
    expect((await admin.send("PATCH", `/api/admin/bookings/${ann.bookingId}`, { status: "cancelled" })).status).toBe(200);
    expect(instalmentsOf(ann.bookingId)).toEqual([
      { number: 1, cancelled: 0 },
      { number: 2, cancelled: 1 },
    ]);
    expect(refundsOf(ann.bookingId)).toEqual([{ status: "owed", amount: "197.50", n: 1 }]);

    const bob = customerWithBooking(t.db, "bob@example.com", { time: "11:00" });
    expect((await admin.send("PATCH", `/api/admin/bookings/${bob.bookingId}`, { status: "cancelled" })).status).toBe(200);
    expect(countRows(t, "refunds")).toBe(1);
  });
});

describe("what the screens read", () => {
  test("the owner's booking record carries the plan: each instalment's amount, date, status, payment and invoice", async () => {
    const ann = planBooking("ann@example.com");
    const before = await admin.read<{ plan: unknown }>(`/api/admin/bookings/${ann.bookingId}`);
    expect(before.plan).toBeNull();
    const first = (await (
      await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions", instalments: 3 })
    ).json()) as PaymentRequestResult;
    const requested = await admin.read<{ plan: { instalments: unknown[] } }>(`/api/admin/bookings/${ann.bookingId}`);
    expect(requested.plan.instalments[0]).toEqual({
      number: 1,
      amount: "131.68",
      dueOn: today(),
      status: "due",
      paidAt: null,
      invoiceNumber: null,
      method: "instructions",
      referenceCode: first.referenceCode,
    });
    const marked = await admin.send("POST", `/api/admin/bookings/${ann.bookingId}/paid`);
    const row = (await marked.json()) as {
      plan: { count: number; total: string; currency: string; intervalDays: number; instalments: Record<string, unknown>[] };
      payment: { instalments: unknown };
    };
    expect(row.plan).toMatchObject({ count: 3, total: "395.00", currency: "USD", intervalDays: 14 });
    expect(row.plan.instalments.map((i) => [i.number, i.status, i.invoiceNumber, i.method])).toEqual([
      [1, "paid", "INV-000001", "instructions"],
      [2, "upcoming", null, null],
      [3, "upcoming", null, null],
    ]);
    expect(row.plan.instalments[0]?.paidAt).toEqual(expect.any(String));
    expect(row.payment.instalments).toEqual({ paid: 1, of: 3 });
  });
});

describe("an instalment's own request", () => {
  test("instalment 2's request is marked paid on the payments list once instalment 1 is paid; the CSV says how many are paid", async () => {
    const ann = planBooking("ann@example.com");
    await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions", instalments: 3 });
    const [first] = rowsOf(ann.bookingId);
    expect((await admin.send("POST", `/api/admin/payments/${first!.id}/paid`)).status).toBe(200);
    const second = (await (await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "cash" })).json()) as PaymentRequestResult;
    const row = rowsOf(ann.bookingId).find((r) => r.referenceCode === second.referenceCode)!;
    expect(row.instalmentNumber).toBe(2);
    // Not "already paid": instalment 1's payment pays another thing.
    expect((await admin.send("POST", `/api/admin/payments/${row.id}/paid`)).status).toBe(200);
    expect((await admin.send("POST", `/api/admin/payments/${row.id}/paid`)).status).toBe(409);
    expect(invoicesOf(ann.bookingId).map((i) => i.n)).toEqual([1, 2]);

    const csv = readCsv(await (await admin.get("/api/admin/bookings.csv")).text());
    const payment = csv[0]!.indexOf("Payment");
    expect(csv.find((r) => r.includes(ann.reference))?.[payment]).toBe("2 of 3 paid");
  });
});

describe("from paying in full to a plan", () => {
  test("a request for the whole booking made before the plan is replaced by instalment 1's and cannot be paid as well", async () => {
    const ann = planBooking("ann@example.com");
    const full = (await (await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions" })).json()) as PaymentRequestResult;
    const plan = (await (
      await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions", instalments: 2 })
    ).json()) as PaymentRequestResult;
    expect(plan.replaces).toEqual([full.referenceCode]);
    expect(rowsOf(ann.bookingId).map((r) => [r.amount, r.instalmentNumber, r.status])).toEqual([
      ["395.00", null, "cancelled"],
      ["197.50", 1, "requested"],
    ]);
    const old = rowsOf(ann.bookingId)[0]!;
    expect((await admin.send("POST", `/api/admin/payments/${old.id}/paid`)).status).toBe(409);
  });
});

describe("the owner marking an instalment paid", () => {
  test("twenty simultaneous clicks on instalment 1's Mark paid record exactly one payment and one invoice; the next is not paid with it", async () => {
    const ann = planBooking("ann@example.com");
    await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions", instalments: 3 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => admin.send("POST", `/api/admin/bookings/${ann.bookingId}/paid?instalment=1`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    const refused = answers.find((r) => r.status === 409)!;
    expect((await errorOf(refused)).message).toBe("That instalment is already paid, or is not the next one to pay. Reload the booking to see its plan.");
    expect(rowsOf(ann.bookingId).map((r) => [r.instalmentNumber, r.status])).toEqual([[1, "completed"]]);
    expect(invoicesOf(ann.bookingId)).toHaveLength(1);
    expect((await admin.send("POST", `/api/admin/bookings/${ann.bookingId}/paid?instalment=3`)).status).toBe(409);
    expect((await admin.send("POST", `/api/admin/bookings/${ann.bookingId}/paid?instalment=9`)).status).toBe(400);
    expect((await admin.send("POST", `/api/admin/bookings/${ann.bookingId}/paid?instalment=2`)).status).toBe(200);
    expect(invoicesOf(ann.bookingId).map((i) => i.n)).toEqual([1, 2]);
  });
});

describe("deleting the account", () => {
  test("a pending booking whose plan has nothing paid is cancelled with the account, its plan and open request with it; a paid instalment blocks the deletion", async () => {
    const ann = planBooking("ann@example.com");
    await requestPayment(t, ann.cookie, { bookingId: ann.bookingId, method: "instructions", instalments: 3 });
    expect(deleteAccount(t.db, ann.userId).ok).toBe(true);
    expect(rowsOf(ann.bookingId).map((r) => r.status)).toEqual(["cancelled"]);
    expect(t.db.$client.query("SELECT count(*) AS n FROM plan_instalments WHERE booking_id = ? AND cancelled_at IS NULL").get(ann.bookingId)).toEqual({ n: 0 });

    const bob = planBooking("bob@example.com", "11:00");
    await requestPayment(t, bob.cookie, { bookingId: bob.bookingId, method: "instructions", instalments: 2 });
    expect((await admin.send("POST", `/api/admin/bookings/${bob.bookingId}/paid?instalment=1`)).status).toBe(200);
    expect(deleteAccount(t.db, bob.userId).ok).toBe(false);
    expect(t.db.$client.query("SELECT count(*) AS n FROM plan_instalments WHERE booking_id = ? AND cancelled_at IS NULL").get(bob.bookingId)).toEqual({ n: 2 });
  });
});
