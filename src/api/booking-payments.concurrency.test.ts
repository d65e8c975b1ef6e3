/**
 * The owner's "Mark paid" clicked twenty times at once on one booking's payment requests, against
 * the built binary over HTTP (real concurrent requests into one server): the booking is paid
 * exactly once, with one tax invoice; every other click is a 409 and nobody gets a 5xx.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { adminWithToken, customerWithBooking } from "../../tests/factories";
import { type BinarySite, startBinarySite } from "../../tests/helpers/binary-site";
import type { Db } from "../db/client.server";
import { payments } from "../db/schema";

let site: BinarySite;
let base = "";
let db: Db;

beforeAll(async () => {
  site = await startBinarySite("pay-race");
  ({ base, db } = site);
});

afterAll(() => site?.stop());

test("20 simultaneous marks of a booking's two open requests: one completed payment, one invoice, 19 get 409", async () => {
  const ann = customerWithBooking(db, "ann@example.com");
  const owner = adminWithToken(db, "owner");
  // Two open requests for the one booking, as data from before "one open request per booking" may hold.
  const requests = ["PAY-RACE-AAAA", "PAY-RACE-BBBB"].map((referenceCode, i) =>
    db
      .insert(payments)
      .values({
        userId: ann.userId,
        bookingId: ann.bookingId,
        serviceName: "Discreet Check Up",
        method: i === 0 ? "instructions" : "cash",
        amount: ann.price,
        referenceCode,
        status: "requested",
      })
      .returning()
      .get(),
  );

  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      fetch(`${base}/api/admin/payments/${requests[i % 2]!.id}/paid`, {
        method: "POST",
        headers: { Authorization: owner.authorization, Origin: base },
      }),
    ),
  );
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(19);

  const rows = db.$client.query("SELECT status FROM payments WHERE booking_id = ? ORDER BY status").all(ann.bookingId) as { status: string }[];
  expect(rows.map((r) => r.status)).toEqual(["cancelled", "completed"]);
  const invoices = db.$client
    .query("SELECT count(*) AS n FROM invoices i JOIN payments p ON p.id = i.payment_id WHERE p.booking_id = ?")
    .get(ann.bookingId) as { n: number };
  expect(invoices.n).toBe(1);
  const audits = db.$client.query("SELECT count(*) AS n FROM audit_log WHERE action = 'payment.mark_paid'").get() as { n: number };
  expect(audits.n).toBe(1);
}, 60_000);
