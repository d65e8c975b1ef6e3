/**
 * One name for a booking in the back office: its `BK-` reference in the list, the dialog's record
 * and the CSV, its record at /api/admin/bookings/{reference}, and a search of the bookings list by
 * reference, customer name, e-mail or phone through the trigram index bookings_search (migration
 * 0041), which follows every change of a booking or its customer and is walked in the list's order.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { customerWithBooking, customerWithRecords } from "../../../tests/factories";
import { readCsv } from "../../../tests/helpers/csv";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { queryPlan, statementsPreparedBy } from "../../../tests/helpers/query-plan";
import { listAdminBookings } from "../../db/admin-bookings.server";
import { bookings, users } from "../../db/schema";
import { bookingReferencePattern } from "../../domain/booking";
import { businessToday } from "../../domain/slots";
import { addDays } from "../../domain/timezone";
import type { AdminBookingList, AdminBookingRow } from "../../shared/admin-bookings";

const { t, admin } = adminAppPerTest();
const tz = "Australia/Adelaide";

/**
 * A customer `email` (first name `firstName`) with a booking `daysAhead` business days ahead; answers its id and reference.
 * Two counts of days can fall on one open day (a Sunday or a holiday moves to the next), so the bookings of a test take different times.
 */
function bookingOf(email: string, firstName: string, daysAhead = 5, time = "10:00") {
  const { userId, bookingId } = customerWithBooking(t.db, email, { daysAhead, time });
  t.db.update(users).set({ firstName, lastName: "Citizen" }).where(eq(users.id, userId)).run();
  const reference = t.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, bookingId)).get()?.reference ?? "";
  return { userId, id: bookingId, reference };
}

const list = async (query: string) => admin.read<AdminBookingList>(`/api/admin/bookings${query}`);
const found = async (search: string, rest = "&when=all") => (await list(`?search=${encodeURIComponent(search)}${rest}`)).bookings.map((b) => b.id);

test("the list and the record name a booking by its reference; the record is found by it in any case, and by its id as before", async () => {
  const ann = bookingOf("ann@example.com", "Ann");
  expect(ann.reference).toMatch(bookingReferencePattern);
  const row = (await list("")).bookings[0];
  expect(row).toMatchObject({ id: ann.id, reference: ann.reference });
  for (const key of [ann.reference, ann.reference.toLowerCase(), ann.id]) {
    const record = await admin.read<AdminBookingRow>(`/api/admin/bookings/${key}`);
    expect({ key, id: record.id, reference: record.reference }).toEqual({ key, id: ann.id, reference: ann.reference });
  }
  expect((await admin.get("/api/admin/bookings/BK-2222-2222")).status).toBe(404);
  for (const malformed of ["BK-W6QZ", "C727475C", "bk-w6qz-yysu"]) expect((await admin.get(`/api/admin/bookings/${malformed}`)).status).toBe(400);
});

test("the CSV starts each booking with its reference; a booking made before references has none and keeps its id's address", async () => {
  const ann = bookingOf("ann@example.com", "Ann");
  const { bookingId: old } = customerWithRecords(t.db, "nora@example.com");
  const rows = readCsv(await (await admin.get("/api/admin/bookings.csv")).text());
  expect(rows[0]?.[0]).toBe("Reference");
  expect(rows.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining([ann.reference, ""]));
  const record = await admin.read<AdminBookingRow>(`/api/admin/bookings/${old}`);
  expect(record).toMatchObject({ id: old, reference: null });
  expect(await found("nora@")).toEqual([old]);
});

test("a booking is found by its reference, whole or in part, its customer's name or e-mail, and its contact e-mail or phone however typed", async () => {
  const ann = bookingOf("ann.lee@example.com", "Annabel", 5);
  const bob = bookingOf("bob@example.org", "Robert", 6, "11:00");
  t.db.update(bookings).set({ contactEmail: "office@bobs.example", contactPhone: "0412 345 678" }).where(eq(bookings.id, bob.id)).run();
  expect(await found(ann.reference)).toEqual([ann.id]);
  expect(await found(ann.reference.toLowerCase())).toEqual([ann.id]);
  expect(await found(ann.reference.slice(3, 7))).toEqual([ann.id]);
  expect(await found("annabel")).toEqual([ann.id]);
  expect(await found("Robert Citizen")).toEqual([bob.id]);
  expect(await found("ann.lee@")).toEqual([ann.id]);
  expect(await found("bobs.example")).toEqual([bob.id]);
  for (const phone of ["0412 345 678", "0412345678", "0412-345-678", "(0412) 345.678", "345 678"])
    expect({ phone, found: await found(phone) }).toEqual({ phone, found: [bob.id] });
  expect(await found("citizen")).toEqual([ann.id, bob.id]);
  // One or two characters are shorter than a trigram: the same texts are read with LIKE.
  expect(await found("rt")).toEqual([bob.id]);
  expect(await found("@")).toEqual([ann.id, bob.id]);
  expect(await found("nobody")).toEqual([]);
  // The customer's own e-mail and the 0400 000 000 the booking form gave are found too.
  expect(await found("0400000000")).toEqual([ann.id]);
});

test("a search keeps the list's filters and order: upcoming soonest first, past latest first, one status, a range of days", async () => {
  const today = businessToday(new Date(), tz);
  const soon = bookingOf("a@example.com", "Smith", 2, "09:00");
  const later = bookingOf("b@example.com", "Smith", 9, "11:00");
  const gone = bookingOf("c@example.com", "Smith", 3, "10:00");
  const other = bookingOf("d@example.com", "Jones", 4, "12:00");
  t.db
    .update(bookings)
    .set({ appointmentDate: addDays(today, -3) })
    .where(eq(bookings.id, gone.id))
    .run();
  t.db.update(bookings).set({ status: "confirmed" }).where(eq(bookings.id, later.id)).run();
  expect(await found("smith", "")).toEqual([soon.id, later.id]);
  expect(await found("smith", "&when=past")).toEqual([gone.id]);
  expect(await found("smith", "&when=all")).toEqual([gone.id, soon.id, later.id]);
  expect(await found("smith", "&status=confirmed")).toEqual([later.id]);
  const soonDay = t.db.select().from(bookings).where(eq(bookings.id, soon.id)).get()!.appointmentDate;
  expect(await found("smith", `&when=all&from=${soonDay}&to=${soonDay}`)).toEqual([soon.id]);
  expect(await found("smith", `&when=all&to=${today}`)).toEqual([gone.id]);
  expect(await found("jones")).toEqual([other.id]);
  const page = await list("?search=smith&when=all");
  expect(page).toMatchObject({ total: 3, totalCapped: false });
  const csv = readCsv(await (await admin.get("/api/admin/bookings.csv?search=smith")).text());
  expect(csv.slice(1).map((r) => r[0])).toEqual([gone.reference, soon.reference, later.reference]);
});

test("the index follows a moved booking, a renamed customer, a deleted account and a deleted booking", async () => {
  const ann = bookingOf("ann@example.com", "Ann", 5, "10:00");
  const second = bookingOf("ann2@example.com", "Ann", 6, "11:00");
  t.db.update(users).set({ firstName: "Annette", email: "annette@example.org" }).where(eq(users.id, ann.userId)).run();
  expect(await found("annette")).toEqual([ann.id]);
  expect(await found("annette@example.org")).toEqual([ann.id]);
  expect(await found("ann citizen")).toEqual([second.id]);
  // Moved past the other booking: the search's order follows.
  const secondDay = t.db.select().from(bookings).where(eq(bookings.id, second.id)).get()!.appointmentDate;
  t.db
    .update(bookings)
    .set({ appointmentDate: addDays(secondDay, 1) })
    .where(eq(bookings.id, ann.id))
    .run();
  expect(await found("citizen")).toEqual([second.id, ann.id]);
  t.db.delete(users).where(eq(users.id, ann.userId)).run();
  expect(await found("annette")).toEqual([]);
  expect(await found(ann.reference)).toEqual([ann.id]);
  t.db.delete(bookings).where(eq(bookings.id, ann.id)).run();
  expect(await found(ann.reference)).toEqual([]);
  expect(t.db.$client.query("SELECT count(*) AS n FROM bookings_search").get()).toEqual({ n: 1 });
});

test("a bookings search walks its index in the list's order: no statement sorts its matches", async () => {
  // "free": the first time still open from that day on (two of these days can be one open day after a Sunday or a holiday).
  for (let i = 0; i < 12; i++) bookingOf(`smith${i}@example.com`, "Sam", 2 + (i % 6), "free");
  const client = t.db.$client;
  const today = businessToday(new Date(), tz);
  const base = { search: "smith", status: null, from: "", to: "", when: "upcoming" as const, today };
  const statements = await statementsPreparedBy(client, () => {
    listAdminBookings(t.db, base, 1);
    listAdminBookings(t.db, { ...base, when: "past" }, 1);
    listAdminBookings(t.db, { ...base, status: "pending", from: today, to: addDays(today, 9) }, 1);
    listAdminBookings(t.db, { ...base, search: "sm" }, 1);
  });
  const searches = statements.filter((statement) => statement.includes("bookings_search"));
  expect(searches.length).toBeGreaterThanOrEqual(8);
  for (const statement of searches) {
    const plan = queryPlan(client, statement);
    expect({ statement, sorts: plan.some((step) => step.includes("TEMP B-TREE")) }).toEqual({ statement, sorts: false });
    expect({ statement, first: plan.find((step) => step.startsWith("SCAN") || step.startsWith("SEARCH")) }).toEqual({
      statement,
      first: expect.stringMatching(/^SCAN bookings_search VIRTUAL TABLE/),
    });
    // Each match's booking is read by its key, never by a scan.
    expect({ statement, scans: plan.filter((step) => /^SCAN (bookings|users)\b/.test(step)) }).toEqual({ statement, scans: [] });
  }
});
