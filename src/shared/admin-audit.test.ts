import { expect, test } from "bun:test";
import { auditRecordRef } from "./admin-audit";

const id = "3f2a9c1b-7d4e-4a1b-9c2d-0e1f2a3b4c5d";

test("a record with an address reads short and links there; a deleted one is not linked", () => {
  expect(auditRecordRef({ kind: "orders", action: "order.mark_paid", recordId: "PI-7KQ4-M2XD" })).toEqual({
    text: "PI-7KQ4-M2XD",
    full: "PI-7KQ4-M2XD",
    href: "/admin/orders/pi-7kq4-m2xd",
  });
  expect(auditRecordRef({ kind: "bookings", action: "booking.confirmed", recordId: id })).toEqual({
    text: "Booking 3f2a9c1b",
    full: id,
    href: `/admin/bookings/${id}`,
  });
  expect(auditRecordRef({ kind: "enquiries", action: "note.add", recordId: id })?.href).toBe(`/admin/contacts/${id}`);
  expect(auditRecordRef({ kind: "users", action: "user.suspend", recordId: id })).toMatchObject({ text: "Customer 3f2a9c1b", href: `/admin/users/${id}` });
  expect(auditRecordRef({ kind: "enquiries", action: "enquiry.delete", recordId: id })).toEqual({ text: "Enquiry 3f2a9c1b", full: id, href: null });
  expect(auditRecordRef({ kind: "products", action: "pricing.update", recordId: "12" })).toEqual({
    text: "Product #12",
    full: "12",
    href: "/admin/products/12/edit",
  });
  expect(auditRecordRef({ kind: "products", action: "product.delete", recordId: "12" })?.href).toBeNull();
});

test("anything else reads as written (a UUID shortened), without a link; no record, nothing", () => {
  expect(auditRecordRef({ kind: "settings", action: "setting.update", recordId: "newClientDiscountPercent" })).toEqual({
    text: "newClientDiscountPercent",
    full: "newClientDiscountPercent",
    href: null,
  });
  expect(auditRecordRef({ kind: "referrals", action: "referral.paid", recordId: id })).toEqual({ text: "3f2a9c1b", full: id, href: null });
  expect(auditRecordRef({ kind: "orders", action: "order.ship", recordId: "not an order" })?.href).toBeNull();
  expect(auditRecordRef({ kind: "orders", action: "order.ship", recordId: null })).toBeNull();
});
