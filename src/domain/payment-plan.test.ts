import { expect, test } from "bun:test";
import { currencies } from "./currency";
import {
  daysOverdue,
  instalmentLine,
  instalmentStatus,
  nextInstalment,
  planAllowed,
  planCounts,
  planOptions,
  planReminderDue,
  planSchedule,
  type PlanSettings,
} from "./payment-plan";
import { centsToDecimal, toCents } from "./pricing";
import { formatMoney } from "./format";

const settings: PlanSettings = {
  paymentPlansEnabled: true,
  paymentPlanServiceIds: "infidelity, surveillance",
  paymentPlanMinimumTotal: 300,
  paymentPlanIntervalDays: 14,
};
const booking = { serviceId: "surveillance", totalCents: 34_800, bookingStatus: "confirmed", anythingPaid: false, underReview: false };

test("plan: 348.00 in 3 is 116.00 each, the first due today and then every 14 days", () => {
  expect(planSchedule(34_800, 3, "2026-11-29", 14)).toEqual([
    { number: 1, cents: 11_600, dueOn: "2026-11-29" },
    { number: 2, cents: 11_600, dueOn: "2026-12-13" },
    { number: 3, cents: 11_600, dueOn: "2026-12-27" },
  ]);
});

test("plan: the cents left over go on the first instalment", () => {
  expect(planSchedule(100_001, 4, "2026-12-30", 7)?.map((i) => [i.cents, i.dueOn])).toEqual([
    [25_001, "2026-12-30"],
    [25_000, "2027-01-06"],
    [25_000, "2027-01-13"],
    [25_000, "2027-01-20"],
  ]);
  expect(planSchedule(1_000, 3, "2026-11-29", 14)?.map((i) => i.cents)).toEqual([334, 333, 333]);
});

test("plan: a total too small for the count, or nonsense arguments, make no schedule", () => {
  expect(planSchedule(3, 4, "2026-11-29", 14)).toBeNull();
  expect(planSchedule(0, 2, "2026-11-29", 14)).toBeNull();
  expect(planSchedule(-500, 2, "2026-11-29", 14)).toBeNull();
  expect(planSchedule(100.5, 2, "2026-11-29", 14)).toBeNull();
  expect(planSchedule(1_000, 0, "2026-11-29", 14)).toBeNull();
  expect(planSchedule(1_000, 2, "2026-11-29", 0)).toBeNull();
  expect(planSchedule(4, 4, "2026-11-29", 14)?.map((i) => i.cents)).toEqual([1, 1, 1, 1]);
});

test("property: in every currency, the instalments add up to the total to the cent, differ by at most the leftover, none zero or negative", () => {
  let seed = 85;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  let cases = 0;
  let refused = 0;
  for (const currency of currencies) {
    for (let round = 0; round < 2_000; round++) {
      // Totals as stored ("348.00"): mostly everyday prices, some tiny ones, some very large.
      const scale = [100, 1_000, 100_000, 10_000_000, 1_000_000_000][Math.floor(random() * 5)] as number;
      const total = centsToDecimal(Math.floor(random() * scale));
      const totalCents = toCents(total) as number;
      const count = 1 + Math.floor(random() * 4);
      const intervalDays = 1 + Math.floor(random() * 60);
      const schedule = planSchedule(totalCents, count, "2026-11-29", intervalDays);
      cases++;
      if (totalCents < count) {
        expect(schedule).toBeNull();
        refused++;
        continue;
      }
      if (!schedule) throw new Error(`no schedule for ${total} ${currency} in ${count}`);
      expect(schedule.length).toBe(count);
      const sum = schedule.reduce((s, i) => s + i.cents, 0);
      expect(sum).toBe(totalCents);
      // Stored as decimals and added back up in cents, they are still the total.
      expect(centsToDecimal(schedule.map((i) => toCents(centsToDecimal(i.cents)) as number).reduce((a, b) => a + b, 0))).toBe(total);
      const leftover = totalCents % count;
      for (const i of schedule) {
        expect(Number.isInteger(i.cents)).toBe(true);
        expect(i.cents).toBeGreaterThan(0);
        expect(i.cents - (schedule.at(-1) as { cents: number }).cents).toBe(i.number === 1 ? leftover : 0);
      }
      expect(schedule.map((i) => i.dueOn)).toEqual(schedule.map((_, n) => new Date(Date.UTC(2026, 10, 29 + n * intervalDays)).toISOString().slice(0, 10)));
      // What the customer reads is a real amount in that currency.
      expect(formatMoney(centsToDecimal(schedule[0]?.cents ?? 0), currency)).not.toContain("NaN");
    }
  }
  console.log(`payment plan property: ${cases} cases (${currencies.length} currencies), ${refused} refused as too small for the count`);
  expect(cases).toBe(currencies.length * 2_000);
});

test("plan allowed: setting on, service enabled, at least the minimum, not cancelled, nothing paid", () => {
  expect(planAllowed(settings, booking, 3, "$300")).toEqual({ ok: true });
  expect(planAllowed(settings, { ...booking, totalCents: 30_000 }, 3, "$300")).toEqual({ ok: true });
  expect(planAllowed(settings, { ...booking, totalCents: 29_999 }, 3, "$300")).toMatchObject({
    ok: false,
    reason: "minimum",
    message: expect.stringContaining("$300"),
  });
  expect(planAllowed({ ...settings, paymentPlansEnabled: false }, booking, 3, "$300")).toMatchObject({ ok: false, reason: "off" });
  expect(planAllowed(settings, { ...booking, serviceId: "background-checks" }, 3, "$300")).toMatchObject({ ok: false, reason: "service" });
  expect(planAllowed(settings, { ...booking, serviceId: null }, 3, "$300")).toMatchObject({ ok: false, reason: "service" });
  expect(planAllowed({ ...settings, paymentPlanServiceIds: "all" }, { ...booking, serviceId: "background-checks" }, 3, "$300")).toEqual({ ok: true });
  expect(planAllowed({ ...settings, paymentPlanServiceIds: "" }, booking, 3, "$300")).toMatchObject({ ok: false, reason: "service" });
  expect(planAllowed(settings, { ...booking, bookingStatus: "cancelled" }, 3, "$300")).toMatchObject({ ok: false, reason: "cancelled" });
  expect(planAllowed(settings, { ...booking, anythingPaid: true }, 3, "$300")).toMatchObject({ ok: false, reason: "paid" });
  expect(planAllowed(settings, { ...booking, underReview: true }, 3, "$300")).toMatchObject({ ok: false, reason: "paid" });
  expect(planAllowed({ ...settings, paymentPlanMinimumTotal: 0 }, { ...booking, totalCents: 3 }, 4, "$0")).toMatchObject({ ok: false, reason: "too_small" });
});

test("plan options: one per count on offer, each adding up to the total; none when plans are not offered", () => {
  const options = planOptions(settings, booking, "2026-11-29");
  expect(options.map((o) => o.count)).toEqual([...planCounts]);
  expect(options[1]).toEqual({ count: 3, amounts: ["116.00", "116.00", "116.00"], dueOn: ["2026-11-29", "2026-12-13", "2026-12-27"] });
  for (const o of options) expect(o.amounts.reduce((s, a) => s + (toCents(a) as number), 0)).toBe(34_800);
  expect(planOptions(settings, { ...booking, totalCents: 20_000 }, "2026-11-29")).toEqual([]);
  expect(planOptions({ ...settings, paymentPlansEnabled: false }, booking, "2026-11-29")).toEqual([]);
});

test("instalment status: money first, then cancelled, then by its date", () => {
  const today = "2026-12-13";
  expect(instalmentStatus({ dueOn: "2026-12-01", cancelled: false, money: "paid" }, today)).toBe("paid");
  expect(instalmentStatus({ dueOn: "2026-12-01", cancelled: true, money: "refunded" }, today)).toBe("refunded");
  expect(instalmentStatus({ dueOn: "2026-12-27", cancelled: true, money: null }, today)).toBe("cancelled");
  expect(instalmentStatus({ dueOn: "2026-12-13", cancelled: false, money: null }, today)).toBe("due");
  expect(instalmentStatus({ dueOn: "2026-12-12", cancelled: false, money: null }, today)).toBe("overdue");
  expect(instalmentStatus({ dueOn: "2026-12-14", cancelled: false, money: null }, today)).toBe("upcoming");
  expect(daysOverdue("2026-12-10", today)).toBe(3);
  expect(daysOverdue("2026-12-20", today)).toBe(0);
});

test("next instalment: the first neither paid nor cancelled", () => {
  const plan = [
    { number: 2, cancelled: false, money: null },
    { number: 1, cancelled: false, money: "paid" as const },
    { number: 3, cancelled: false, money: null },
  ];
  expect(nextInstalment(plan)?.number).toBe(2);
  expect(nextInstalment(plan.map((i) => ({ ...i, money: "paid" as const })))).toBeUndefined();
  expect(nextInstalment(plan.map((i) => ({ ...i, cancelled: true })))).toBeUndefined();
});

test("reminders: reminderDays before the due date and on it, each once; never for the first instalment", () => {
  const second = { number: 2, dueOn: "2026-12-13", remindedBefore: false, remindedDue: false };
  expect(planReminderDue(second, "2026-12-09", 3)).toBeNull();
  expect(planReminderDue(second, "2026-12-10", 3)).toBe("before");
  expect(planReminderDue(second, "2026-12-12", 3)).toBe("before");
  expect(planReminderDue({ ...second, remindedBefore: true }, "2026-12-11", 3)).toBeNull();
  expect(planReminderDue(second, "2026-12-13", 3)).toBe("due");
  expect(planReminderDue({ ...second, remindedDue: true }, "2026-12-13", 3)).toBeNull();
  expect(planReminderDue(second, "2026-12-14", 3)).toBeNull();
  expect(planReminderDue(second, "2026-12-12", 0)).toBeNull();
  expect(planReminderDue({ ...second, number: 1 }, "2026-12-13", 3)).toBeNull();
});

test("instalment line: what the e-mail says of the payment asked for and the next", () => {
  const first = { number: 1, of: 3, amount: "116.00", currency: "AUD", dueOn: "2026-11-29", next: { amount: "116.00", dueOn: "2026-12-13" } };
  expect(instalmentLine(first, "2026-11-29")).toBe("Payment 1 of 3: $116.00 AUD, due today; the next $116.00 on 13 Dec");
  expect(instalmentLine({ ...first, number: 3, amount: "115.99", dueOn: "2026-12-27", next: null }, "2026-12-20")).toBe(
    "Payment 3 of 3: $115.99 AUD, due 27 Dec; the last payment of your plan",
  );
  expect(instalmentLine({ ...first, number: 2, dueOn: "2026-12-13" }, "2026-12-15")).toContain("due since 13 Dec");
});
