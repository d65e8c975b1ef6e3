import { describe, expect, test } from "bun:test";
import {
  formatAppointment,
  formatDate,
  formatInstant,
  formatInstantDate,
  formatListDate,
  formatListInstantDate,
  formatMoney,
  formatMoneyPerUnit,
  formatMoneyWithCode,
  formatTime,
  timeZoneCity,
} from "./format";

describe("money", () => {
  test("whole dollars bare, anything else with cents, from numbers or decimal strings", () => {
    expect(formatMoney(1295, "USD")).toBe("$1,295");
    expect(formatMoney(75, "USD")).toBe("$75");
    expect(formatMoney(19.5, "USD")).toBe("$19.50");
    expect(formatMoney("695.00", "USD")).toBe("$695");
    expect(formatMoney("147.50", "USD")).toBe("$147.50");
    expect(formatMoney(0, "USD")).toBe("$0");
  });
  test("every currency reads the same way: its narrow symbol, and its code where a total is told", () => {
    expect(formatMoney(1295, "AUD")).toBe("$1,295");
    expect(formatMoney("19.50", "GBP")).toBe("£19.50");
    expect(formatMoney(20, "EUR")).toBe("€20");
    expect(formatMoneyWithCode("287.00", "USD")).toBe("$287 USD");
    expect(formatMoneyWithCode(287.5, "NZD")).toBe("$287.50 NZD");
  });
  test("a service price carries its unit", () => {
    expect(formatMoneyPerUnit("85.00", "hour", "USD")).toBe("$85/hr");
    expect(formatMoneyPerUnit("395.00", "month", "USD")).toBe("$395/mo");
    expect(formatMoneyPerUnit("100.00", "day", "USD")).toBe("$100/day");
    expect(formatMoneyPerUnit("450.00", "week", "USD")).toBe("$450/week");
    expect(formatMoneyPerUnit("1295.00", "once", "USD")).toBe("$1,295");
  });
});

describe("wall-clock dates and times", () => {
  test("times read as the calendar shows them", () => {
    expect(formatTime("00:30")).toBe("12:30 am");
    expect(formatTime("09:05")).toBe("9:05 am");
    expect(formatTime("12:00")).toBe("12:00 pm");
    expect(formatTime("17:45")).toBe("5:45 pm");
  });
  test("a date is the date written, in each style, whatever zone the process runs in", () => {
    expect(formatDate("2026-12-01")).toBe("Tuesday 1 December 2026");
    expect(formatDate("2026-12-01", "long")).toBe("Tuesday 1 December");
    expect(formatDate("2026-12-01", "short")).toBe("Tue, 1 Dec");
    // The days of Adelaide's daylight-saving changes and a year's end stay themselves.
    expect(formatDate("2026-04-05", "short")).toBe("Sun, 5 Apr");
    expect(formatDate("2026-10-04", "short")).toBe("Sun, 4 Oct");
    expect(formatDate("2026-12-31")).toBe("Thursday 31 December 2026");
  });
  test("an appointment as e-mails write it", () => {
    expect(formatAppointment("2026-12-01", "10:00")).toBe("Tuesday 1 December 2026 at 10:00 am");
  });
});

describe("instants in the business timezone", () => {
  // 15:00 UTC on 1 March is 01:30 on 2 March in Adelaide (UTC+10:30 in summer), still 1 March in
  // Los Angeles (UTC-8), and 00:00 on 2 March in Tokyo (UTC+9).
  const instant = new Date("2026-03-01T15:00:00Z");
  test("the calendar day depends on the zone given, not on the process's", () => {
    expect(formatInstantDate(instant, "Australia/Adelaide")).toBe("2 Mar 2026");
    expect(formatInstantDate(instant, "America/Los_Angeles")).toBe("1 Mar 2026");
    expect(formatInstantDate(instant.toISOString(), "Asia/Tokyo")).toBe("2 Mar 2026");
  });
  test("an instant with its time reads in the given zone, on a 12-hour clock", () => {
    const at = new Date("2026-03-01T15:04:00Z");
    expect(formatInstant(at, "Australia/Adelaide")).toBe("2 Mar 2026, 1:34 am");
    expect(formatInstant(at.toISOString(), "America/Los_Angeles")).toBe("1 Mar 2026, 7:04 am");
    expect(formatInstant("2026-07-01T02:00:00Z", "Australia/Adelaide")).toBe("1 July 2026, 11:30 am");
  });
  test("the zone is named by its city", () => {
    expect(timeZoneCity("Australia/Adelaide")).toBe("Adelaide");
    expect(timeZoneCity("America/Los_Angeles")).toBe("Los Angeles");
    expect(timeZoneCity("UTC")).toBe("UTC");
  });
});

describe("dates in lists carry the year only when it is not this year", () => {
  // 20:00 UTC on 31 Dec 2026 is already 1 Jan 2027 in Adelaide: this year is the business's year.
  const now = new Date("2026-11-28T12:00:00Z");
  test("an appointment's date", () => {
    expect(formatListDate("2026-12-08", "Australia/Adelaide", now)).toBe("Tue, 8 Dec");
    expect(formatListDate("2025-12-08", "Australia/Adelaide", now)).toBe("Mon, 8 Dec 2025");
    expect(formatListDate("2027-01-04", "Australia/Adelaide", now)).toBe("Mon, 4 Jan 2027");
    expect(formatListDate("2027-01-04", "Australia/Adelaide", new Date("2026-12-31T20:00:00Z"))).toBe("Mon, 4 Jan");
  });
  test("an instant's day, in the business timezone", () => {
    expect(formatListInstantDate("2026-03-01T15:00:00Z", "Australia/Adelaide", now)).toBe("2 Mar");
    expect(formatListInstantDate("2025-12-08T01:00:00Z", "Australia/Adelaide", now)).toBe("8 Dec 2025");
    // Still 2025 in Los Angeles, already 2026 in Adelaide.
    expect(formatListInstantDate("2025-12-31T20:00:00Z", "Australia/Adelaide", now)).toBe("1 Jan");
    expect(formatListInstantDate("2025-12-31T20:00:00Z", "America/Los_Angeles", now)).toBe("31 Dec 2025");
  });
});

describe("file sizes", () => {
  test("in decimal units, one decimal below ten, never a thousand of a unit", async () => {
    const { formatFileSize } = await import("./format");
    expect(formatFileSize(0)).toBe("0 bytes");
    expect(formatFileSize(1)).toBe("1 byte");
    expect(formatFileSize(812)).toBe("812 bytes");
    expect(formatFileSize(1000)).toBe("1 KB");
    expect(formatFileSize(4_200_000)).toBe("4.2 MB");
    expect(formatFileSize(999_999)).toBe("1 MB");
    expect(formatFileSize(52_400_000)).toBe("52 MB");
    expect(formatFileSize(2 * 1024 * 1024 * 1024)).toBe("2.1 GB");
  });
});
