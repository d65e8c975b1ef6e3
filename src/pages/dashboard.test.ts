import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { bookings, settings } from "../db/schema";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { adminWithToken, customerWithBooking, customerWithSession } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { orderNotice } from "./order";

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

test("a notice code that names something every object has (constructor, toString) shows no notice and breaks nothing", async () => {
  const ann = customerWithSession(t.db, "ann@example.com");
  for (const code of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
    const res = await t.request(`/dashboard?notice=${code}`, { headers: { Cookie: ann.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("[native code]");
    expect(html).not.toContain('role="status" class="alert');
  }
  const known = await (await t.request("/dashboard?notice=moved", { headers: { Cookie: ann.cookie } })).text();
  expect(known).toContain("moved");
});

test("an order page's notice is only one of its own codes", () => {
  const order = { status: "pending", paymentStatus: "pending" } as const;
  for (const code of ["constructor", "toString", "__proto__"]) expect(orderNotice(order, code)).toBeUndefined();
});

test("the bookings figure says what it counts: nothing is called completed until it is (decision 068)", async () => {
  const ann = customerWithSession(t.db, "ann@example.com");
  bookedAt(ann.userId, lateOnTheFirst);
  const detail = (html: string) => /data-testid="booking-count-detail"[^>]*>([^<]*)</.exec(html)?.[1];
  const once = await (await t.request("/dashboard", { headers: { Cookie: ann.cookie } })).text();
  expect(once).toMatch(/data-testid="booking-count"[^>]*>1</);
  expect(detail(once)).toBe("1 awaiting confirmation · 0 completed");
  expect(once).not.toContain("Investigations completed");

  bookedAt(ann.userId, lateOnTheFirst);
  bookedAt(ann.userId, lateOnTheFirst);
  const [first, second] = t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, ann.userId)).all();
  t.db.update(bookings).set({ status: "completed" }).where(eq(bookings.id, first!.id)).run();
  t.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, second!.id)).run();
  const later = await (await t.request("/dashboard", { headers: { Cookie: ann.cookie } })).text();
  expect(later).toMatch(/data-testid="booking-count"[^>]*>3</);
  expect(detail(later)).toBe("1 awaiting confirmation · 1 completed · 1 cancelled");
});

test("a booking paid in instalments says how many are paid, and its button pays the next (decision 085)", async () => {
  const ann = customerWithBooking(t.db, "ann@example.com", { serviceName: "Infidelity Investigation", time: "free" });
  const owner = adminWithToken(t.db, "owner-plan");
  for (let i = 1; i <= 2; i++) {
    const asked = await t.request("/api/payment-requests", {
      method: "POST",
      headers: { Cookie: ann.cookie, Origin: testOrigin, "Content-Type": "application/json" },
      body: JSON.stringify({ bookingId: ann.bookingId, method: "instructions", ...(i === 1 ? { instalments: 3 } : {}) }),
    });
    expect(asked.status).toBe(201);
    const marked = await t.request(`/api/admin/bookings/${ann.bookingId}/paid`, {
      method: "POST",
      headers: { Authorization: owner.authorization, Origin: testOrigin },
    });
    expect(marked.status).toBe(200);
  }
  const html = await (await t.request("/dashboard", { headers: { Cookie: ann.cookie } })).text();
  expect(html).toContain('data-testid="booking-payment">2 of 3 paid<');
  expect(html).toContain(">Pay instalment 3<");
  // Its dialog is given the plan, so it asks for the third rather than offering the choice again.
  expect(html).toContain('"plan":{"count":3');
});

/**
 * Counts the SQL `t`'s database runs from now on: `during(fn)` answers the texts run while `fn` ran,
 * each as often as it ran. Statements are prepared once and kept, so the counting starts before the
 * first request that prepares them.
 */
function countStatements() {
  const client = t.db.$client;
  let ran: string[] | null = null;
  const seen = new WeakSet<object>();
  for (const name of ["prepare", "query"] as const) {
    const original = client[name].bind(client) as (sqlText: string) => object;
    (client as unknown as Record<string, unknown>)[name] = (sqlText: string) => {
      const statement = original(sqlText) as Record<string, (...args: unknown[]) => unknown>;
      // query() answers the same statement again for the same text: wrapped once.
      if (seen.has(statement)) return statement;
      seen.add(statement);
      for (const method of ["all", "get", "run", "values"]) {
        const call = statement[method]!.bind(statement);
        statement[method] = (...args: unknown[]) => {
          ran?.push(sqlText);
          return call(...args);
        };
      }
      return statement;
    };
  }
  return {
    async during(fn: () => Promise<unknown>): Promise<string[]> {
      ran = [];
      try {
        await fn();
        return ran;
      } finally {
        ran = null;
      }
    },
  };
}

test("a customer's dashboard without bookings reads no settings once the site's are known, and shows them as saved", async () => {
  const ann = customerWithSession(t.db, "ann@example.com");
  const visit = async () => {
    const res = await t.request("/dashboard", { headers: { Cookie: ann.cookie } });
    expect(res.status).toBe(200);
    return await res.text();
  };
  const statements = countStatements();
  const first = await statements.during(visit);
  expect(first.some((s) => /from "settings"/.test(s))).toBe(true);
  const again = await statements.during(visit);
  expect(again.filter((s) => /from "settings"/.test(s))).toEqual([]);
  // A setting written straight into the table (as another worker's save would be) is read at once.
  t.db
    .update(settings)
    .set({ value: JSON.stringify("Adelaide Private Eyes") })
    .where(eq(settings.key, "businessName"))
    .run();
  t.deps.pageCache.clear();
  expect(await visit()).toContain("Dashboard | Adelaide Private Eyes");
});
