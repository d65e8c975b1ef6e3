import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { bookingStatuses } from "../domain/booking";
import { bookingPaymentStatuses } from "../domain/booking-payment";
import { orderPaymentStatuses, orderStatuses } from "../domain/order";
import { outboxStatuses } from "../domain/outbox";
import { paymentStatuses } from "../domain/payment";
import { referralStatuses } from "../domain/referral";
import { contactUrgencies } from "./admin-contacts";
import { reviewStatuses } from "./admin-reviews";
import { caseStatuses } from "./case-room";
import { instalmentStatuses } from "./payment-plan";
import { listingStatus, statusBadges } from "./status-badges";

const domainLists: Record<keyof typeof statusBadges, readonly string[]> = {
  order: orderStatuses,
  orderPayment: orderPaymentStatuses,
  payment: paymentStatuses,
  booking: bookingStatuses,
  bookingPayment: bookingPaymentStatuses,
  instalment: instalmentStatuses,
  referral: referralStatuses,
  contactUrgency: contactUrgencies,
  review: reviewStatuses,
  mail: outboxStatuses,
  caseStatus: caseStatuses,
  listing: ["active", "inactive"],
};

test("each kind has a badge for exactly the statuses its domain lists, with words and a daisyUI colour", () => {
  for (const [kind, statuses] of Object.entries(domainLists)) {
    const map = statusBadges[kind as keyof typeof statusBadges] as Record<string, { label: string; colour: string }>;
    expect(Object.keys(map).sort()).toEqual([...statuses].sort());
    for (const look of Object.values(map)) {
      expect(look.label.length).toBeGreaterThan(0);
      expect(look.colour).toMatch(/^badge-\w+( badge-outline( text-\w+-content)?)?$/);
    }
  }
});

test("an order reads in the customer's words; a cancelled one is quiet, a delivered one green", () => {
  expect(statusBadges.order.on_hold).toEqual({ label: "On hold for ID verification", colour: "badge-warning" });
  expect(statusBadges.order.cancelled.colour).toBe("badge-neutral");
  expect(statusBadges.order.delivered.colour).toBe("badge-success");
  expect(statusBadges.contactUrgency.emergency).toEqual({ label: "Emergency", colour: "badge-error" });
});

test("a product or category reads Active in green when listed, Inactive otherwise", () => {
  expect(statusBadges.listing[listingStatus(true)]).toEqual({ label: "Active", colour: "badge-success" });
  expect(statusBadges.listing[listingStatus(false)]).toEqual({ label: "Inactive", colour: "badge-neutral" });
});

/** The theme's colours by name ("warning", "warning-content", "base-100") from the stylesheet. */
function themeColours(): Record<string, string> {
  const css = readFileSync(new URL("../styles/app.css", import.meta.url), "utf8");
  return Object.fromEntries([...css.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6});/g)].map((m) => [m[1], m[2]]));
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

test("every badge's words reach 4.5:1: a filled badge's content colour on its colour, an outlined one's words on white", () => {
  const colours = themeColours();
  const failures: string[] = [];
  for (const [kind, map] of Object.entries(statusBadges)) {
    for (const [status, look] of Object.entries(map as Record<string, { colour: string }>)) {
      const name = look.colour.match(/^badge-(\w+)/)?.[1] ?? "";
      const outlined = look.colour.includes("badge-outline");
      const textName = look.colour.match(/ text-([\w-]+)/)?.[1] ?? (outlined ? name : `${name}-content`);
      const [text, background] = [colours[textName], outlined ? colours["base-100"] : colours[name]];
      if (!text || !background) throw new Error(`no theme colour for ${kind}.${status}: ${look.colour}`);
      const ratio = contrast(text, background);
      if (ratio < 4.5) failures.push(`${kind}.${status} (${look.colour}): ${ratio.toFixed(2)}:1`);
    }
  }
  expect(failures).toEqual([]);
  expect(contrast("#fcd34d", "#ffffff")).toBeCloseTo(1.44, 1);
});
