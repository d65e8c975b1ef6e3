import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, payments } from "../../db/schema";
import type { PaymentStatus } from "../../domain/payment";
import type { AdminStats } from "../../shared/admin-stats";
import type { AdminPayment, AdminPaymentList } from "../../shared/admin-payments";
import { testOrigin } from "../../../tests/helpers/browser";
import { errorOf } from "../../../tests/helpers/test-app";
import { expectQueriesRefused } from "../../../tests/helpers/admins";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { placedOrders } from "../../../tests/factories";
import { changeOrder } from "../../db/orders.server";

const { t, admin } = adminAppPerTest();
let now: number;
beforeEach(() => {
  now = Date.now();
});

let serial = 0;
/** A service payment row made `minutesAgo` before now. */
function payment(method: string, status: PaymentStatus, minutesAgo: number, amount = "148.00") {
  serial++;
  return t.db
    .insert(payments)
    .values({
      serviceId: "partner",
      serviceName: "Partner Check",
      method,
      amount,
      email: `client${serial}@example.com`,
      referenceCode: `PAY-TEST-${serial}`,
      status,
      createdAt: new Date(now - minutesAgo * 60_000),
    })
    .returning()
    .get();
}

const revenue = async () => {
  const res = await admin.get("/api/admin/stats");
  expect(res.status).toBe(200);
  return ((await res.json()) as AdminStats).totalRevenue;
};
const rowOf = (id: string) => t.db.select().from(payments).where(eq(payments.id, id)).get();

describe("GET /api/admin/payments", () => {
  test("newest first, 20 a page, filtered by status and method", async () => {
    const request = payment("instructions", "requested", 5);
    payment("paypal", "completed", 1);
    payment("cash", "requested", 10);
    for (let i = 0; i < 20; i++) payment("paypal", "expired", 100 + i);
    const one = (await (await admin.get("/api/admin/payments")).json()) as AdminPaymentList;
    expect(one.total).toBe(23);
    expect(one.payments).toHaveLength(20);
    expect(one.payments.slice(0, 3).map((p) => p.method)).toEqual(["paypal", "instructions", "cash"]);
    expect(one.payments[1]).toMatchObject({
      id: request.id,
      referenceCode: request.referenceCode,
      serviceName: "Partner Check",
      amount: "148.00",
      status: "requested",
      paidAt: null,
      markedPaidBy: null,
      orderNumber: null,
    });
    const two = (await (await admin.get("/api/admin/payments?page=2")).json()) as AdminPaymentList;
    expect(two.payments).toHaveLength(3);
    const requested = (await (await admin.get("/api/admin/payments?status=requested")).json()) as AdminPaymentList;
    expect(requested.payments.map((p) => p.method)).toEqual(["instructions", "cash"]);
    const cash = (await (await admin.get("/api/admin/payments?method=cash")).json()) as AdminPaymentList;
    expect(cash.total).toBe(1);
  });

  test("a bad query is a 400 naming the field; no token is a 401", async () => {
    await expectQueriesRefused(admin, "/api/admin/payments", [
      ["?status=paid", "status"],
      ["?method=cheque", "method"],
      ["?page=-1", "page"],
    ]);
    expect((await t.request("/api/admin/payments")).status).toBe(401);
  });
});

describe("shop orders in the payments list", () => {
  const list = (query = "") => admin.read<AdminPaymentList>(`/api/admin/payments${query}`);

  test("orders marked paid by hand are listed with the service payments, each with its invoice; a PayPal capture once", async () => {
    const [first, second] = placedOrders(t.db, "transfers@example.com", { count: 2, firstName: "Tess" });
    const [unpaid] = placedOrders(t.db, "unpaid@example.com");
    const [viaPayPal] = placedOrders(t.db, "paypal@example.com", { paymentMethod: "paypal" });
    if (!first || !second || !unpaid || !viaPayPal) throw new Error("no orders");
    for (const o of [first, second]) expect((await admin.json(`/api/admin/orders/${o.orderNumber}/mark-paid`, {})).status).toBe(200);
    // The site records a PayPal capture as a payment row of the order, then the order paid: one payment, not two.
    t.db
      .insert(payments)
      .values({
        serviceName: `Order ${viaPayPal.orderNumber}`,
        method: "paypal",
        amount: "399.00",
        referenceCode: "PAY-CAPTURED",
        shopOrderId: viaPayPal.orderId,
        status: "completed",
        paidAt: new Date(),
      })
      .run();
    expect(changeOrder(t.db, viaPayPal.orderId, { kind: "mark_paid", captureId: "CAP-1" }, { actor: "system" }).ok).toBe(true);
    const service = payment("instructions", "requested", 60 * 24);

    const all = await list();
    expect(all.total).toBe(4);
    expect(all.payments).toHaveLength(4);
    const byOrder = (n: string) => all.payments.filter((p) => p.orderNumber === n);
    for (const o of [first, second]) {
      expect(byOrder(o.orderNumber)).toEqual([
        expect.objectContaining({
          referenceCode: o.orderNumber,
          method: "bank_transfer",
          status: "completed",
          customerName: "Tess",
          email: "transfers@example.com",
          markedPaidBy: "owner",
          invoiceNumber: expect.stringMatching(/^INV-\d{6}$/),
        }),
      ]);
    }
    expect(byOrder(viaPayPal.orderNumber)).toEqual([expect.objectContaining({ referenceCode: "PAY-CAPTURED", method: "paypal", status: "completed" })]);
    expect(byOrder(unpaid.orderNumber)).toEqual([]);
    // Newest first: the service request of yesterday is last.
    expect(all.payments.at(-1)?.id).toBe(service.id);

    expect((await list("?method=bank_transfer")).total).toBe(2);
    expect((await list("?status=completed")).payments.map((p) => p.referenceCode).sort()).toEqual(
      [first.orderNumber, second.orderNumber, "PAY-CAPTURED"].sort(),
    );
    expect((await list("?status=requested")).total).toBe(1);

    // Refunded, the order's payment says so.
    expect(changeOrder(t.db, first.orderId, { kind: "refund" }, { actor: "admin" }).ok).toBe(true);
    const refunded = await list("?status=refunded");
    expect(refunded.total).toBe(1);
    expect(refunded.payments.map((p) => p.referenceCode)).toEqual([first.orderNumber]);
  });

  test("counts and pages run across payments and orders together", async () => {
    const orders = [...placedOrders(t.db, "many@example.com", { count: 2 }), ...placedOrders(t.db, "more@example.com")];
    for (const o of orders) expect(changeOrder(t.db, o.orderId, { kind: "mark_paid" }, { actor: "admin" }).ok).toBe(true);
    for (let i = 0; i < 19; i++) payment("cash", "requested", 10 + i);
    const one = await list();
    expect(one.total).toBe(22);
    expect(one.payments).toHaveLength(20);
    // The orders were paid just now: they lead the list.
    expect(one.payments.slice(0, 3).every((p) => p.orderNumber !== null)).toBe(true);
    const two = await list("?page=2");
    expect(two.total).toBe(22);
    expect(two.payments).toHaveLength(2);
    const ids = [...one.payments, ...two.payments].map((p) => p.id);
    expect(new Set(ids).size).toBe(22);
  });
});

describe("POST /api/admin/payments/{id}/paid", () => {
  test("a payment request becomes completed with its paid time, audited, and counts in the dashboard's revenue", async () => {
    const request = payment("instructions", "requested", 5, "148.00");
    payment("paypal", "completed", 1, "100.00");
    expect(await revenue()).toBe("100.00");
    const res = await admin.send("POST", `/api/admin/payments/${request.id}/paid`);
    expect(res.status).toBe(200);
    const paid = (await res.json()) as AdminPayment;
    expect(paid).toMatchObject({ id: request.id, status: "completed", markedPaidBy: "owner" });
    expect(Date.parse(paid.paidAt ?? "")).toBeGreaterThanOrEqual(now);
    expect(rowOf(request.id)?.status).toBe("completed");
    expect(rowOf(request.id)?.paidAt).toBeInstanceOf(Date);
    expect(await revenue()).toBe("248.00");
    const entries = t.db.select().from(auditLog).all();
    expect(entries.map((e) => [e.kind, e.action, e.recordId, e.before])).toEqual([
      ["payments", "payment.mark_paid", request.referenceCode, { status: "requested" }],
    ]);
    expect(entries[0]?.after).toMatchObject({ status: "completed" });
  });

  test("a cash deposit request can be marked paid too", async () => {
    const cash = payment("cash", "requested", 5);
    expect((await admin.send("POST", `/api/admin/payments/${cash.id}/paid`)).status).toBe(200);
    expect(rowOf(cash.id)?.status).toBe("completed");
  });

  test("409 for a PayPal payment, a request already paid, or one no longer requested; nothing changes", async () => {
    const paypal = payment("paypal", "created", 3);
    const done = payment("instructions", "completed", 2);
    const expired = payment("cash", "expired", 1);
    for (const [p, says] of [
      [paypal, "PayPal"],
      [done, "already marked paid"],
      [expired, "expired"],
    ] as const) {
      const before = rowOf(p.id);
      const res = await admin.send("POST", `/api/admin/payments/${p.id}/paid`);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toContain(says);
      expect(rowOf(p.id)).toEqual(before);
    }
    expect(t.db.select().from(auditLog).all()).toEqual([]);
    expect(await revenue()).toBe("148.00"); // only the one already completed
  });

  test("an unknown payment is 404; without a token 401", async () => {
    const res = await admin.send("POST", "/api/admin/payments/nope/paid");
    expect(res.status).toBe(404);
    const request = payment("instructions", "requested", 1);
    const anonymous = await t.request(`/api/admin/payments/${request.id}/paid`, { method: "POST", headers: { Origin: testOrigin } });
    expect(anonymous.status).toBe(401);
    expect(rowOf(request.id)?.status).toBe("requested");
  });
});
