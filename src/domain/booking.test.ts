import { expect, test } from "bun:test";
import { serviceOffer } from "./payment";
import { shippedVolumeBands } from "./pricing";
import {
  bookingPagePath,
  bookingPrice,
  bookingReferencePattern,
  bookingStatuses,
  canChangeBookingStatus,
  customerMayCancel,
  isSameDayDuplicate,
  makesReturningCustomer,
  newBookingReference,
  nextStatuses,
} from "./booking";

test("a new client pays the new-client price; a returning one the list price", () => {
  expect(
    bookingPrice({ price: "695.00", unit: "once", minimumUnits: 1, lengthUnit: "days", lengthCount: 3 }, false, 50, undefined, shippedVolumeBands),
  ).toMatchObject({
    servicePrice: 347.5,
    originalPrice: 695,
    discountApplied: true,
    discountPercent: 50,
    units: 1,
  });
  expect(
    bookingPrice({ price: "695.00", unit: "once", minimumUnits: 1, lengthUnit: "days", lengthCount: 3 }, true, 50, undefined, shippedVolumeBands),
  ).toMatchObject({
    servicePrice: 695,
    originalPrice: 695,
    discountApplied: false,
    discountPercent: 0,
    units: 1,
  });
});

test("hourly surveillance is booked as its 4-hour minimum, at the hourly price /services and the payment dialog show", () => {
  expect(
    bookingPrice({ price: "85.00", unit: "hour", minimumUnits: 4, lengthUnit: "hours", lengthCount: 4 }, true, 50, undefined, shippedVolumeBands).servicePrice,
  ).toBe(340);
  // $85 an hour is $42.50 an hour for a new client (to the cent), so the 4-hour minimum is $170: half of $340.
  const newClient = bookingPrice(
    { price: "85.00", unit: "hour", minimumUnits: 4, lengthUnit: "hours", lengthCount: 4 },
    false,
    50,
    undefined,
    shippedVolumeBands,
  );
  expect(newClient).toMatchObject({ servicePrice: 170, originalPrice: 340 });
  const hourlyOffer = serviceOffer(
    { id: "hourly", name: "Hourly", price: "85.00", unit: "hour", minimumUnits: 4, lengthUnit: "hours", lengthCount: 4 },
    false,
    {
      newClientDiscountPercent: 50,
      cryptoDiscountPercent: 10,
      currency: "USD",
      volume: shippedVolumeBands,
    },
  );
  expect(newClient.servicePrice).toBe(hourlyOffer.amountDue);
  expect(
    bookingPrice({ price: "395.00", unit: "month", minimumUnits: 1, lengthUnit: "hours", lengthCount: 1 }, true, 50, undefined, shippedVolumeBands)
      .servicePrice,
  ).toBe(395);
});

test("a list price with cents is charged to the cent, and so is the new-client price", () => {
  expect(
    bookingPrice({ price: "321.50", unit: "once", minimumUnits: 1, lengthUnit: "days", lengthCount: 1 }, true, 50, undefined, shippedVolumeBands),
  ).toMatchObject({ servicePrice: 321.5, originalPrice: 321.5 });
  expect(
    bookingPrice({ price: "321.50", unit: "once", minimumUnits: 1, lengthUnit: "days", lengthCount: 1 }, false, 50, undefined, shippedVolumeBands),
  ).toMatchObject({ servicePrice: 160.75, originalPrice: 321.5 });
  expect(
    bookingPrice({ price: "0.10", unit: "hour", minimumUnits: 3, lengthUnit: "hours", lengthCount: 3 }, true, 50, undefined, shippedVolumeBands).servicePrice,
  ).toBe(0.3);
});

test("only the owner cancels, and only while pending; completion makes a returning customer", () => {
  expect(customerMayCancel({ userId: "u", status: "pending" }, "u")).toBe(true);
  expect(customerMayCancel({ userId: "u", status: "confirmed" }, "u")).toBe(false);
  expect(customerMayCancel({ userId: "u", status: "pending" }, "v")).toBe(false);
  expect(nextStatuses("pending")).toEqual(["confirmed", "cancelled"]);
  expect(nextStatuses("completed")).toEqual([]);
  expect(makesReturningCustomer("completed")).toBe(true);
  expect(makesReturningCustomer("confirmed")).toBe(false);
});

test("the status table: the business confirms, completes or cancels; the customer only cancels a pending booking; the end states are final", () => {
  const allowed = (by: "admin" | "customer") =>
    bookingStatuses.flatMap((from) => bookingStatuses.filter((to) => canChangeBookingStatus(from, to, by)).map((to) => `${from}->${to}`));
  expect(allowed("admin")).toEqual(["pending->confirmed", "pending->cancelled", "confirmed->completed", "confirmed->cancelled"]);
  expect(allowed("customer")).toEqual(["pending->cancelled"]);
  // The business is the default actor; unknown statuses never move.
  expect(canChangeBookingStatus("pending", "completed")).toBe(false);
  expect(canChangeBookingStatus("pending", "archived")).toBe(false);
  expect(canChangeBookingStatus("toString", "cancelled")).toBe(false);
  expect(nextStatuses("confirmed")).toEqual(["completed", "cancelled"]);
  expect(nextStatuses("cancelled")).toEqual([]);
});

test("booking references are BK- and two groups of four unmistakable characters, random, with their page's address", () => {
  const refs = Array.from({ length: 200 }, () => newBookingReference());
  for (const r of refs) expect(r).toMatch(bookingReferencePattern);
  expect(new Set(refs).size).toBe(200);
  expect(refs.join("")).not.toMatch(/[01ILOU]/);
  // From given bytes: the same code every time.
  expect(newBookingReference((n) => new Uint8Array(n).fill(0))).toBe("BK-2222-2222");
  expect(bookingPagePath("BK-7KQ4-M2XD")).toBe("/bookings/bk-7kq4-m2xd");
  for (const bad of ["bk-7kq4-m2xd", "BK-7KQ4-M2X0", "PI-7KQ4-M2XD", "BK-7KQ4M2XD"]) expect(bookingReferencePattern.test(bad)).toBe(false);
});

test("a second booking is a duplicate only for the same package on the same day while the first is active", () => {
  const wanted = { serviceName: "Partner Check", appointmentDate: "2026-12-01" };
  const first = { serviceName: "Partner Check", appointmentDate: "2026-12-01" };
  expect(isSameDayDuplicate(wanted, { ...first, status: "pending" })).toBe(true);
  expect(isSameDayDuplicate(wanted, { ...first, status: "confirmed" })).toBe(true);
  expect(isSameDayDuplicate(wanted, { ...first, status: "cancelled" })).toBe(false);
  expect(isSameDayDuplicate(wanted, { ...first, status: "completed" })).toBe(false);
  expect(isSameDayDuplicate(wanted, { ...first, appointmentDate: "2026-12-02", status: "pending" })).toBe(false);
  expect(isSameDayDuplicate(wanted, { ...first, serviceName: "Discreet Check Up", status: "pending" })).toBe(false);
});
