/**
 * How a payment plan reads on every screen: the dialog's choices with amounts and dates, "0%
 * interest" only when the instalments add up to the price, the next instalment, the progress
 * badge and each instalment's state in words.
 */
import { describe, expect, test } from "bun:test";
import type { PlanInstalmentView, PlanView } from "../../shared/payment-plan";
import { instalmentStatusText, interestFree, nextInstalment, nextInstalmentText, planChoiceLabel, planProgressText, scheduleText } from "./plan-text";

const instalment = (number: number, status: PlanInstalmentView["status"], dueOn: string, paidAt: string | null = null): PlanInstalmentView => ({
  number,
  amount: number === 1 ? "115.84" : "115.83",
  dueOn,
  status,
  paidAt,
  invoiceNumber: paidAt ? `INV-00000${number}` : null,
  method: paidAt ? "instructions" : null,
  referenceCode: paidAt ? `PAY-000${number}-AAAA` : null,
});

const plan = (...instalments: PlanInstalmentView[]): PlanView => ({ count: 3, intervalDays: 14, total: "347.50", currency: "USD", instalments });

describe("the dialog's choices", () => {
  test("each plan in a sentence: the first today, then the rest on their dates", () => {
    expect(scheduleText({ amounts: ["116.00", "116.00", "116.00"], dueOn: ["2026-11-29", "2026-12-13", "2026-12-27"] }, "USD")).toBe(
      "$116 today, then $116 on 13 Dec and 27 Dec",
    );
    expect(scheduleText({ amounts: ["115.84", "115.83", "115.83"], dueOn: ["2026-11-29", "2026-12-13", "2026-12-27"] }, "USD")).toBe(
      "$115.84 today, then $115.83 on 13 Dec and 27 Dec",
    );
    expect(scheduleText({ amounts: ["86.89", "86.87", "86.87", "86.87"], dueOn: ["2026-11-29", "2026-12-13", "2026-12-27", "2027-01-10"] }, "EUR")).toBe(
      "€86.89 today, then €86.87 on 13 Dec, 27 Dec and 10 Jan",
    );
    expect(scheduleText({ amounts: ["174.00", "173.50"], dueOn: ["2026-11-29", "2026-12-13"] }, "USD")).toBe("$174 today, then $173.50 on 13 Dec");
    expect(planChoiceLabel(1)).toBe("Pay in full");
    expect(planChoiceLabel(3)).toBe("3 payments");
  });

  test("0% interest only when the instalments add up to the price, to the cent", () => {
    expect(interestFree(["115.84", "115.83", "115.83"], "347.50")).toBe(true);
    expect(interestFree(["115.84", "115.84", "115.84"], "347.50")).toBe(false);
    expect(interestFree(["0.10", "0.10", "0.10"], "0.30")).toBe(true);
  });
});

describe("a plan under way", () => {
  const p = plan(instalment(1, "paid", "2026-11-29", "2026-11-29T03:00:00Z"), instalment(2, "overdue", "2026-12-13"), instalment(3, "upcoming", "2026-12-27"));

  test("the next instalment is the first still owed, and the dialog asks for it", () => {
    const owed = nextInstalment(p);
    expect(owed?.number).toBe(2);
    expect(nextInstalmentText(p, owed!)).toBe("Pay instalment 2 of 3: $115.83, overdue since 13 Dec");
    const upcoming = plan(
      instalment(1, "paid", "2026-11-29", "2026-11-29T03:00:00Z"),
      instalment(2, "upcoming", "2026-12-13"),
      instalment(3, "upcoming", "2026-12-27"),
    );
    expect(nextInstalmentText(upcoming, nextInstalment(upcoming)!)).toBe("Pay instalment 2 of 3: $115.83, due 13 Dec");
    expect(nextInstalment(plan(instalment(1, "paid", "2026-11-29", "2026-11-29T03:00:00Z"), instalment(2, "cancelled", "2026-12-13")))).toBeNull();
  });

  test("progress: '1 of 3 paid'", () => {
    expect(planProgressText(p)).toBe("1 of 3 paid");
  });

  test("each state in words, the paid day in the business's time zone", () => {
    const now = new Date("2026-12-14T00:00:00Z");
    const tz = "Australia/Adelaide";
    // 29 Nov 15:00 UTC is 30 Nov in Adelaide.
    expect(instalmentStatusText(instalment(1, "paid", "2026-11-29", "2026-11-29T15:00:00Z"), tz, now)).toBe("Paid on 30 Nov");
    expect(instalmentStatusText(instalment(2, "due", "2026-12-13"), tz, now)).toBe("Due today");
    expect(instalmentStatusText(instalment(2, "overdue", "2026-12-13"), tz, now)).toBe("Overdue since 13 Dec");
    expect(instalmentStatusText(instalment(3, "upcoming", "2026-12-27"), tz, now)).toBe("Upcoming");
    expect(instalmentStatusText(instalment(3, "cancelled", "2026-12-27"), tz, now)).toBe("Cancelled");
    expect(instalmentStatusText(instalment(1, "refunded", "2026-11-29", "2026-11-29T03:00:00Z"), tz, now)).toBe("Refunded");
  });
});
