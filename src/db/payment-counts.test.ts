/**
 * The payments' kept counts (payment_counts, migration 0040): after random payments, requests
 * marked paid, changes of status and method and deletions, the kept rows equal a recount, and every
 * filter of the payments list answers the total that counting the payments themselves answers.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminWithToken } from "../../tests/factories";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { seededRandom } from "../../tests/helpers/seeded-random";
import { paymentStatuses } from "../domain/payment";
import { adminPaymentMethods, adminPaymentsList } from "../shared/admin-payments";
import { listAdminPayments, markPaymentRequestPaid } from "./admin-payments.server";
import { rebuildTotals } from "./kept-totals.server";
import { payments } from "./schema";

const t = testAppPerTest();

const kept = () => t.db.$client.query("SELECT status, method, n FROM payment_counts WHERE n <> 0 ORDER BY status, method").all();

function expectCountsMatchThePayments() {
  const all = t.db.select({ status: payments.status, method: payments.method }).from(payments).all();
  expect(kept()).toEqual(t.db.$client.query("SELECT status, method, count(*) AS n FROM payments GROUP BY 1, 2 ORDER BY 1, 2").all());
  for (const status of [null, ...paymentStatuses]) {
    for (const method of [null, ...adminPaymentMethods]) {
      const expected = all.filter((p) => (status === null || p.status === status) && (method === null || p.method === method)).length;
      const listed = listAdminPayments(t.db, { ...adminPaymentsList.empty, status, method } as never).total;
      expect({ status, method, total: listed }).toEqual({ status, method, total: expected });
    }
  }
}

test("the kept payment counts equal a recount after random payments, requests marked paid, changes and deletions", () => {
  const { adminId } = adminWithToken(t.db, "payments-owner");
  const actor = { id: adminId, username: "payments-owner" };
  const rand = seededRandom(20261126);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const ids: string[] = [];
  for (let i = 0; i < 300; i++) {
    const r = rand();
    if (r < 0.45 || ids.length === 0) {
      const method = pick(adminPaymentMethods);
      const row = t.db
        .insert(payments)
        .values({
          serviceName: "Partner Check",
          method,
          amount: "295.00",
          referenceCode: `PAY-COUNT-${i}`,
          status: method === "paypal" ? pick(paymentStatuses) : pick(["requested", "requested", "completed", "expired"] as const),
        })
        .returning({ id: payments.id })
        .get();
      ids.push(row.id);
    } else if (r < 0.65) markPaymentRequestPaid(t.db, pick(ids), actor);
    else if (r < 0.8)
      t.db
        .update(payments)
        .set({ status: pick(paymentStatuses) })
        .where(eq(payments.id, pick(ids)))
        .run();
    else if (r < 0.9)
      t.db
        .update(payments)
        .set({ method: pick(adminPaymentMethods), amount: "300.00" })
        .where(eq(payments.id, pick(ids)))
        .run();
    else {
      const id = pick(ids);
      t.db.delete(payments).where(eq(payments.id, id)).run();
      ids.splice(ids.indexOf(id), 1);
    }
    if (i % 75 === 74) expectCountsMatchThePayments();
  }
  // A recount writes what the triggers kept.
  const before = kept();
  rebuildTotals(t.db.$client);
  expect(kept()).toEqual(before);
});
