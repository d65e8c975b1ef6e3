import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { bookings, settings } from "../db/schema";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { customerWithSession } from "../../tests/factories";

const t = testAppPerTest();

function bookedAt(userId: string, createdAt: Date) {
  t.db
    .insert(bookings)
    .values({
      userId,
      serviceName: "Partner Check",
      servicePrice: "148.00",
      originalPrice: "295.00",
      discountApplied: true,
      appointmentDate: "2026-03-10",
      appointmentTime: "10:00",
      createdAt,
    })
    .run();
}

// 15:00 UTC on 1 March is already 2 March in Adelaide but still 1 March in Los Angeles.
const lateOnTheFirst = new Date("2026-03-01T15:00:00Z");

test("the dashboard dates a booking in the business timezone from settings", async () => {
  const ann = customerWithSession(t.db, "ann@example.com");
  bookedAt(ann.userId, lateOnTheFirst);
  const inAdelaide = await (await t.request("/dashboard", { headers: { Cookie: ann.cookie } })).text();
  expect(inAdelaide).toContain("Tue, 10 Mar, 10:00 · booked 2 Mar 2026");

  t.db
    .update(settings)
    .set({ value: JSON.stringify("America/Los_Angeles") })
    .where(eq(settings.key, "timezone"))
    .run();
  t.deps.pageCache.clear();
  const inLosAngeles = await (await t.request("/dashboard", { headers: { Cookie: ann.cookie } })).text();
  expect(inLosAngeles).toContain("Tue, 10 Mar, 10:00 · booked 1 Mar 2026");
});
