import { expect, test } from "bun:test";
import { adminWithToken, customerWithFullRecord, customerWithRecords, customerWithSession, orderFor } from "../../../tests/factories";
import { queryPlan, statementsPreparedBy } from "../../../tests/helpers/query-plan";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { recordContactEnquiry } from "../../db/contacts.server";
import { deleteAccount } from "../../db/users.server";
import { adminRecordKey } from "../../shared/admin-records";
import type { AdminCustomerRecord, CustomerOfRecord } from "../../shared/admin-users";

const { t, admin } = adminAppPerTest();

const recordOf = (userId: string) => admin.read<AdminCustomerRecord>(`/api/admin/users/${userId}/record`);
const customerOf = (list: string, key: string) => admin.read<CustomerOfRecord>(`/api/admin/users/customer-of/${list}/${encodeURIComponent(key.toLowerCase())}`);

test("the customer's record lists their orders, bookings, enquiries (from their address, in any case), payments and the notes on them, each by its own record's key", async () => {
  const ann = customerWithFullRecord(t.db, "ann@example.com");
  // Another customer with records of every kind, none of which is Ann's.
  customerWithRecords(t.db, "bea@example.com", "Bea");
  const record = await recordOf(ann.userId);

  expect(record.orders.total).toBe(2);
  expect(record.orders.items.map((o) => o.orderNumber).sort()).toEqual([ann.orderNumber, ann.paidOrderNumber].sort());
  expect(record.bookings.total).toBe(2);
  expect(record.bookings.items.map((b) => b.key)).toContain(ann.bookingReference);
  // Every booking key opens its record: its reference.
  for (const b of record.bookings.items) expect(adminRecordKey("bookings", b.key.toLowerCase())).toBe(b.key);

  expect(record.enquiries.total).toBe(2);
  expect(record.enquiries.items.map((e) => e.id).sort()).toEqual([...ann.enquiryIds].sort());
  expect(record.enquiries.items.map((e) => e.id)).not.toContain(ann.strangerEnquiryId);
  expect(record.enquiries.items[0]?.serviceLabel).toBeTruthy();

  expect(record.payments.total).toBeGreaterThanOrEqual(1);
  const bookingPayment = record.payments.items.find((p) => p.referenceCode === ann.paymentReference);
  expect(bookingPayment?.bookingKey).toMatch(/^BK-/);

  expect(record.notes.map((n) => [n.list, n.body])).toEqual(
    expect.arrayContaining([
      ["orders", "Asked for discreet packaging."],
      ["bookings", "Prefers a morning call."],
      ["contacts", "Called back on Monday."],
    ]),
  );
  expect(record.notes).toHaveLength(3);
  expect(record.notes.find((n) => n.list === "bookings")?.recordKey).toBe(ann.bookingReference);
  expect(record.notes.find((n) => n.list === "orders")?.recordKey).toBe(ann.orderNumber);

  expect((await admin.get("/api/admin/users/0b6f2f5e-3c1d-4e8a-9f7b-2a4c6e8d0f12/record")).status).toBe(404);
});

test("an order, a booking and an enquiry each name their customer's account; an enquiry from a registered address in other capitals links to it", async () => {
  const ann = customerWithFullRecord(t.db, "ann@example.com");
  const expected = { customer: { id: ann.userId, email: "ann@example.com", name: "Ann" } };
  expect(await customerOf("orders", ann.orderNumber)).toEqual(expected);
  expect(await customerOf("bookings", ann.bookingReference)).toEqual(expected);
  expect(await customerOf("bookings", ann.bookingId)).toEqual(expected);
  for (const id of ann.enquiryIds) expect(await customerOf("contacts", id)).toEqual(expected);
  // A stranger's address links to no one.
  expect(await customerOf("contacts", ann.strangerEnquiryId)).toEqual({ customer: null });
  // An enquiry sent before the account existed links once it does: the address is what is kept.
  const early = recordContactEnquiry(t.db, { name: "Cy", email: "Cy@Example.com", phone: "", service: "partner", message: "Hi", urgency: "normal" });
  expect(await customerOf("contacts", early.id)).toEqual({ customer: null });
  const cy = customerWithSession(t.db, "cy@example.com");
  expect((await customerOf("contacts", early.id)).customer?.id).toBe(cy.userId);

  for (const path of ["orders/pi-0000-0000", "contacts/not-an-id", "users/anything", "bookings/bk-w6qz-yysw"]) {
    expect({ path, status: (await admin.get(`/api/admin/users/customer-of/${path}`)).status }).toEqual({ path, status: 404 });
  }
});

test("a deleted account's order and enquiry link to no one", async () => {
  const { userId } = customerWithSession(t.db, "gone@example.com");
  const { orderNumber } = orderFor(t.db, userId);
  const enquiry = recordContactEnquiry(t.db, { name: "Gone", email: "gone@example.com", phone: "", service: "partner", message: "Hi", urgency: "normal" });
  expect((await customerOf("orders", orderNumber)).customer?.id).toBe(userId);
  // The unpaid order is cancelled and kept, without its account.
  expect(deleteAccount(t.db, userId).ok).toBe(true);
  expect(await customerOf("orders", orderNumber)).toEqual({ customer: null });
  expect(await customerOf("contacts", enquiry.id)).toEqual({ customer: null });
});

test("customers' records are the owners': staff get 403 from both", async () => {
  const ann = customerWithFullRecord(t.db, "ann@example.com");
  const staff = adminWithToken(t.db, "staff-1", null, "staff");
  for (const path of [`/api/admin/users/${ann.userId}/record`, `/api/admin/users/customer-of/orders/${ann.orderNumber.toLowerCase()}`]) {
    const res = await t.request(path, { headers: { Authorization: staff.authorization } });
    expect({ path, status: res.status }).toEqual({ path, status: 403 });
  }
});

test("the enquiries of an address are read through their index, not by reading every enquiry", async () => {
  const ann = customerWithFullRecord(t.db, "ann@example.com");
  const statements = await statementsPreparedBy(t.db.$client, () => recordOf(ann.userId));
  const enquiries = statements.filter((s) => s.includes('from "contacts"') && s.includes("lower("));
  expect(enquiries.length).toBeGreaterThan(0);
  for (const s of enquiries) expect(queryPlan(t.db.$client, s).join("\n")).toContain("contacts_email_idx");
});
