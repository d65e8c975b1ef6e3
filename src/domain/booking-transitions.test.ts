import { expect, test } from "bun:test";
import {
  activeBookingStatuses,
  bookingAuditAction,
  bookingStatuses,
  canChangeBookingStatus,
  customerMayCancel,
  customerMayMove,
  holdsSlot,
  isActiveBooking,
  nextStatuses,
  remindedBookingStatuses,
} from "./booking-transitions";

test("the portal's buttons are the table's changes the business may make, and nothing else passes the guard", () => {
  for (const from of bookingStatuses) {
    for (const to of bookingStatuses) expect(canChangeBookingStatus(from, to, "admin")).toBe(nextStatuses(from).includes(to));
  }
  expect(nextStatuses("pending")).toEqual(["confirmed", "cancelled"]);
  expect(nextStatuses("confirmed")).toEqual(["completed", "cancelled"]);
  expect(canChangeBookingStatus("confirmed", "cancelled", "customer")).toBe(false);
  expect(canChangeBookingStatus("pending", "nonsense")).toBe(false);
});

test("a booking is reminded once the business confirmed it and only the appointment is ahead: confirmed, never pending, completed or cancelled", () => {
  expect(remindedBookingStatuses).toEqual(["confirmed"]);
  for (const status of remindedBookingStatuses) expect(isActiveBooking(status)).toBe(true);
});

test("the audit log names each allowed change, and none that is not allowed", () => {
  expect(bookingAuditAction("pending", "confirmed")).toBe("booking.confirm");
  expect(bookingAuditAction("confirmed", "completed")).toBe("booking.complete");
  expect(bookingAuditAction("pending", "cancelled")).toBe("booking.cancel");
  expect(bookingAuditAction("completed", "cancelled")).toBeNull();
});

test("an active booking is one the table still lets change: pending or confirmed, the ones a customer may move", () => {
  expect(activeBookingStatuses).toEqual(["pending", "confirmed"]);
  for (const status of bookingStatuses) {
    expect(isActiveBooking(status)).toBe(nextStatuses(status).length > 0);
    expect(customerMayMove(status)).toBe(isActiveBooking(status));
  }
  expect(customerMayCancel({ userId: "u", status: "pending" }, "u")).toBe(true);
  expect(customerMayCancel({ userId: "u", status: "confirmed" }, "u")).toBe(false);
  // A completed booking used its place, so it still counts in its slot; a cancelled one gave it back.
  expect(holdsSlot("completed")).toBe(true);
  expect(holdsSlot("cancelled")).toBe(false);
});
