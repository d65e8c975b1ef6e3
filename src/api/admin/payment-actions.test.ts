/**
 * "Mark paid" on the payments list and the server's guard come from one transition table
 * (`domain/payment.ts`): for every status, method and kind of payment, the list offers the button
 * exactly when the server accepts it; a refusal is a 409 that changes nothing.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { payments } from "../../db/schema";
import { paymentStatuses } from "../../domain/payment";
import { type AdminPayment, type AdminPaymentList, canMarkPaymentPaid, paymentRowMethods } from "../../shared/admin-payments";
import { placedOrders } from "../../../tests/factories";
import { countRows, errorOf } from "../../../tests/helpers/test-app";
import { adminAppPerTest } from "../../../tests/helpers/per-test";

const { t, admin } = adminAppPerTest();

describe("the payment actions offered and the server's guard", () => {
  test("agree for every status, method and kind of payment", async () => {
    const [order] = placedOrders(t.db, "payer@example.com");
    let serial = 0;
    const disagreements: string[] = [];
    let accepted = 0;
    for (const status of paymentStatuses) {
      for (const method of paymentRowMethods) {
        for (const shopOrderId of [null, order?.orderId ?? null]) {
          serial++;
          const row = t.db
            .insert(payments)
            .values({ serviceName: "Partner Check", method, amount: "148.00", referenceCode: `PAY-TEST-${serial}`, status, shopOrderId })
            .returning()
            .get();
          const list = await admin.read<AdminPaymentList>("/api/admin/payments");
          const shown = list.payments.find((p: AdminPayment) => p.id === row.id);
          if (!shown) throw new Error(`payment ${row.id} is not listed`);
          const offered = canMarkPaymentPaid(shown);
          const audits = countRows(t, "audit_log");
          const res = await admin.send("POST", `/api/admin/payments/${row.id}/paid`);
          const kind = `${status}/${method}${shopOrderId === null ? "" : " for an order"}`;
          if (res.status !== (offered ? 200 : 409)) disagreements.push(`${kind}: offered ${offered}, answered ${res.status}`);
          if (offered) accepted++;
          else {
            expect((await errorOf(res)).code).toBe("not_allowed");
            expect(t.db.select().from(payments).where(eq(payments.id, row.id)).get()).toEqual(row);
            expect(countRows(t, "audit_log")).toBe(audits);
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
    // Requests by instructions, cash deposit or by hand, not for an order: the three accepted.
    expect(accepted).toBe(3);
  });
});
