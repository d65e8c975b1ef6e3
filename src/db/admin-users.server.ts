/**
 * The admin portal's customers (`/api/admin/users`): the searchable list, a user's latest bookings
 * and orders, and suspending or reinstating an account. A deleted account (`deleteAccount`) has no
 * row left, so it is never listed. Suspending ends every session of the user in the same
 * transaction; sign-in, sessions, booking and password reset refuse a suspended user.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { SearchedTotal } from "../shared/admin-list";
import { deleteUserSessions } from "../server/auth/sessions.server";
import { bookingRecordKey } from "../shared/admin-records";
import {
  type AdminCustomerRecord,
  type AdminUserBooking,
  type AdminUserList,
  type AdminUserOrder,
  type AdminUsersQuery,
  type AdminUserView,
  adminUserBookingLimit,
  adminUserOrderLimit,
  adminUsersPageSize,
  adminUserName,
  type CustomerOfRecord,
  customerRecordLimit,
  customerRecordNoteLimit,
} from "../shared/admin-users";
import { contactServiceLabels } from "./admin-contacts.server";
import { searchCountStatement, searchedTotal, searchTerms } from "./admin-search.server";
import { type AuditActor, recordAudit } from "./audit.server";
import { type Db, immediate } from "./client.server";
import { prepared } from "./prepared.server";
import { bookings, caseNotes, contacts, orderItems, orders, payments, products, users } from "./schema";

const viewColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isNewCustomer: users.isNewCustomer,
  referralCode: users.referralCode,
  referralEarnings: users.totalReferralEarnings,
  createdAt: users.createdAt,
  suspendedAt: users.suspendedAt,
};
type ViewRow = Omit<AdminUserView, "createdAt" | "suspendedAt"> & { createdAt: Date; suspendedAt: Date | null };

function toView(row: ViewRow): AdminUserView {
  return { ...row, createdAt: row.createdAt.toISOString(), suspendedAt: row.suspendedAt?.toISOString() ?? null };
}

/**
 * Users whose e-mail, first name or last name contains the pattern, ignoring case (SQLite's LIKE
 * folds ASCII letters). A search with a space ("ann lee") is also looked for in "first last".
 */
function matchesPattern(pattern: Placeholder, withFullName: boolean): SQL {
  const parts = [users.email, users.firstName, users.lastName].map((column) => sql`${column} like ${pattern} escape '\\'`);
  if (withFullName) parts.push(sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) like ${pattern} escape '\\'`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** Everyone, newest first: users_created_idx gives the order, so only the page's rows are read. */
function newestUsers(db: Db, offset: number): { rows: ViewRow[] } & SearchedTotal {
  const rows = prepared(db, "admin-users-newest", (d) =>
    d.select(viewColumns).from(users).orderBy(desc(users.createdAt), sql`rowid desc`).limit(adminUsersPageSize).offset(sql.placeholder("offset")).prepare(),
  ).all({ offset });
  const total = prepared(db, "admin-users-count", (d) => d.select({ n: count() }).from(users).prepare()).get()?.n ?? 0;
  return { rows, total, totalCapped: false };
}

/**
 * The customers' trigram index (migration 0039): each customer's e-mail and "first last" name under
 * a rowid that sorts like the list (signup time, then insertion), with their id beside it. A virtual
 * table the migrations keep, so it is declared here rather than in schema.ts.
 */
const usersSearch = sqliteTable("users_search", { rowid: integer("rowid").notNull(), userId: text("user_id").notNull() });

/**
 * The ids of the customers whose e-mail or "first last" name contains `search`, or null when the
 * search is too short for the index (the caller then scans with LIKE).
 */
export function customerIdsMatching(db: Db, search: string): string[] | null {
  const terms = searchTerms(search);
  if (!terms.indexed) return null;
  return prepared(db, "admin-customer-ids-search", (d) =>
    d
      .select({ id: usersSearch.userId })
      .from(usersSearch)
      .where(sql`${usersSearch} match ${sql.placeholder("phrase")}`)
      .prepare(),
  )
    .all({ phrase: terms.phrase })
    .map((r) => r.id);
}

/**
 * A search's page and count, each prepared once per connection. Through the index (`indexed`) the
 * matches are walked newest first straight from it, so the page reads its own rows only and the
 * count stops at its limit; a search of one or two characters (shorter than a trigram) walks
 * users_created_idx with LIKE instead, with the same answers.
 */
function searchStatements(db: Db, indexed: boolean, withFullName: boolean) {
  return prepared(db, `admin-users-search${indexed ? "-indexed" : withFullName ? "-full-name" : ""}`, (d) => {
    if (indexed) {
      const match = sql`${usersSearch} match ${sql.placeholder("phrase")}`;
      return {
        page: d
          .select(viewColumns)
          .from(usersSearch)
          .innerJoin(users, eq(users.id, usersSearch.userId))
          .where(match)
          .orderBy(desc(usersSearch.rowid))
          .limit(adminUsersPageSize)
          .offset(sql.placeholder("offset"))
          .prepare(),
        count: searchCountStatement(d, (rows) => rows.from(usersSearch).where(match)),
      };
    }
    const match = matchesPattern(sql.placeholder("pattern"), withFullName);
    return {
      page: d
        .select(viewColumns)
        .from(users)
        .where(match)
        .orderBy(desc(users.createdAt), sql`rowid desc`)
        .limit(adminUsersPageSize)
        .offset(sql.placeholder("offset"))
        .prepare(),
      count: searchCountStatement(d, (rows) => rows.from(users).where(match)),
    };
  });
}

/** The users matching a search, newest first (ties: the later inserted first), and how many (decision 053). */
function searchUsers(db: Db, search: string, offset: number): { rows: ViewRow[] } & SearchedTotal {
  const { indexed, phrase, pattern, text: cleaned } = searchTerms(search);
  const statements = searchStatements(db, indexed, cleaned.includes(" "));
  const text = indexed ? { phrase } : { pattern };
  const rows = statements.page.all({ ...text, offset });
  return { rows, ...searchedTotal(offset, (limit) => statements.count.get({ ...text, limit })?.n ?? 0) };
}

/**
 * One page of users, newest first (ties: the later inserted first), and how many match in all.
 * The reads share one transaction, so the page and the total agree.
 */
export function listAdminUsers(db: Db, query: AdminUsersQuery): AdminUserList {
  const { page } = query;
  const offset = (page - 1) * adminUsersPageSize;
  const { rows, ...total } = db.$client.transaction(() => (query.search ? searchUsers(db, query.search, offset) : newestUsers(db, offset)))();
  return { users: rows.map(toView), ...total, page, pageSize: adminUsersPageSize };
}

/** One user as the admin sees them, or null for an unknown user. */
export function adminUserView(db: Db, userId: string): AdminUserView | null {
  const row = db.select(viewColumns).from(users).where(eq(users.id, userId)).get();
  return row ? toView(row) : null;
}

function userExists(db: Db, userId: string): boolean {
  return db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get() !== undefined;
}

/** The user's most recent bookings (by when they were made), or null for an unknown user. */
export function recentUserBookings(db: Db, userId: string): AdminUserBooking[] | null {
  if (!userExists(db, userId)) return null;
  return db
    .select({
      id: bookings.id,
      serviceName: bookings.serviceName,
      servicePrice: bookings.servicePrice,
      currency: bookings.currency,
      appointmentDate: bookings.appointmentDate,
      appointmentTime: bookings.appointmentTime,
      status: bookings.status,
    })
    .from(bookings)
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(adminUserBookingLimit)
    .all();
}

/**
 * The user's most recent orders with their items, or null for an unknown user. An item is named
 * as it was sold (the order's product snapshot), else by the product's current name.
 */
export function recentUserOrders(db: Db, userId: string): AdminUserOrder[] | null {
  if (!userExists(db, userId)) return null;
  const rows = db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      totalAmount: orders.totalAmount,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(adminUserOrderLimit)
    .all();
  if (rows.length === 0) return [];
  const items = db
    .select({
      orderId: orderItems.orderId,
      name: sql<string>`coalesce(json_extract(${orderItems.productSnapshot}, '$.name'), ${products.name}, 'Product no longer listed')`,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(orderItems.id)
    .all();
  return rows.map((order) => ({
    ...order,
    createdAt: order.createdAt.toISOString(),
    items: items.filter((i) => i.orderId === order.id).map(({ name, quantity }) => ({ name: String(name), quantity })),
  }));
}

/** An enquiry is the customer's when it was sent from their account's address (accounts' addresses are stored lower case). */
const enquiryFrom = (email: string) => sql`lower(${contacts.email}) = ${email}`;

/**
 * Everything the business holds about customer `userId` (decision 076), or null for an unknown
 * user: the newest of their orders, bookings, enquiries and payments with how many there are, and
 * the notes on those records. The reads share one transaction, so the parts agree.
 */
export function customerRecord(db: Db, userId: string): AdminCustomerRecord | null {
  const user = db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  if (!user) return null;
  const limit = customerRecordLimit;
  return db.$client.transaction((): AdminCustomerRecord => {
    const ownOrders = eq(orders.userId, userId);
    const ownBookings = eq(bookings.userId, userId);
    const ownEnquiries = enquiryFrom(user.email);
    const orderIds = db.select({ id: orders.id }).from(orders).where(ownOrders);
    const bookingIds = db.select({ id: bookings.id }).from(bookings).where(ownBookings);
    const ownPayments = or(eq(payments.userId, userId), inArray(payments.shopOrderId, orderIds), inArray(payments.bookingId, bookingIds));
    const labels = contactServiceLabels(db);

    const orderRows = db
      .select({
        orderNumber: orders.orderNumber,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        totalAmount: orders.totalAmount,
        currency: orders.currency,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(ownOrders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .all();
    const bookingRows = db
      .select({
        id: bookings.id,
        reference: bookings.reference,
        serviceName: bookings.serviceName,
        appointmentDate: bookings.appointmentDate,
        appointmentTime: bookings.appointmentTime,
        status: bookings.status,
      })
      .from(bookings)
      .where(ownBookings)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(limit)
      .all();
    const enquiryRows = db
      .select({
        id: contacts.id,
        name: contacts.name,
        service: contacts.service,
        urgency: contacts.urgency,
        createdAt: contacts.createdAt,
        handledAt: contacts.handledAt,
      })
      .from(contacts)
      .where(ownEnquiries)
      .orderBy(desc(contacts.createdAt))
      .limit(limit)
      .all();
    const paymentRows = db
      .select({
        id: payments.id,
        referenceCode: payments.referenceCode,
        serviceName: payments.serviceName,
        amount: payments.amount,
        currency: payments.currency,
        method: payments.method,
        status: payments.status,
        createdAt: payments.createdAt,
        orderNumber: orders.orderNumber,
        bookingId: bookings.id,
        bookingReference: bookings.reference,
      })
      .from(payments)
      .leftJoin(orders, eq(orders.id, payments.shopOrderId))
      .leftJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(ownPayments)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit)
      .all();
    const totalOf = (table: typeof orders | typeof bookings | typeof contacts | typeof payments, where: SQL | undefined) =>
      db.select({ n: count() }).from(table).where(where).get()?.n ?? 0;

    // The notes on their records; a booking's note is kept under its id, its record opens by its reference.
    const bookingKeys = new Map(
      db
        .select({ id: bookings.id, reference: bookings.reference })
        .from(bookings)
        .where(ownBookings)
        .all()
        .map((b) => [b.id, bookingRecordKey(b)]),
    );
    const noteRows = db
      .select()
      .from(caseNotes)
      .where(
        or(
          and(eq(caseNotes.recordList, "orders"), inArray(caseNotes.recordKey, db.select({ n: orders.orderNumber }).from(orders).where(ownOrders))),
          and(eq(caseNotes.recordList, "bookings"), inArray(caseNotes.recordKey, bookingIds)),
          and(eq(caseNotes.recordList, "contacts"), inArray(caseNotes.recordKey, db.select({ id: contacts.id }).from(contacts).where(ownEnquiries))),
        ),
      )
      .orderBy(desc(caseNotes.createdAt), desc(caseNotes.id))
      .limit(customerRecordNoteLimit)
      .all();

    return {
      orders: { items: orderRows.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })), total: totalOf(orders, ownOrders) },
      bookings: {
        items: bookingRows.map(({ id, ...b }) => ({ key: bookingRecordKey({ id, reference: b.reference }), ...b })),
        total: totalOf(bookings, ownBookings),
      },
      enquiries: {
        items: enquiryRows.map(({ service, ...e }) => ({
          ...e,
          serviceLabel: labels.get(service) ?? service,
          createdAt: e.createdAt.toISOString(),
          handledAt: e.handledAt?.toISOString() ?? null,
        })),
        total: totalOf(contacts, ownEnquiries),
      },
      payments: {
        items: paymentRows.map(({ bookingId, bookingReference, ...p }) => ({
          ...p,
          createdAt: p.createdAt.toISOString(),
          bookingKey: bookingId ? bookingRecordKey({ id: bookingId, reference: bookingReference }) : null,
        })),
        total: totalOf(payments, ownPayments),
      },
      notes: noteRows
        .filter((n) => n.recordList !== "users")
        .map((n) => ({
          id: n.id,
          list: n.recordList as "orders" | "bookings" | "contacts",
          recordKey: n.recordList === "bookings" ? (bookingKeys.get(n.recordKey) ?? n.recordKey) : n.recordKey,
          adminUsername: n.adminUsername,
          body: n.body,
          createdAt: n.createdAt.toISOString(),
        })),
    };
  })();
}

/**
 * The customer an order (by number), a booking (by reference or id) or an enquiry (by id) belongs
 * to: the order's or booking's account, the account of the address an enquiry was sent from.
 * `customer` is null for a guest or a deleted account; the answer is null for an unknown record.
 */
export function customerOfRecord(db: Db, list: "orders" | "bookings" | "contacts", key: string): CustomerOfRecord | null {
  const account = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };
  let found: { record: true; user: { id: string; email: string; firstName: string | null; lastName: string | null } | null } | null;
  if (list === "orders") {
    const row = db.select({ user: account }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(eq(orders.orderNumber, key)).get();
    found = row ? { record: true, user: row.user } : null;
  } else if (list === "bookings") {
    const row = db
      .select({ user: account })
      .from(bookings)
      .leftJoin(users, eq(users.id, bookings.userId))
      .where(or(eq(bookings.reference, key), eq(bookings.id, key)))
      .get();
    found = row ? { record: true, user: row.user } : null;
  } else {
    const row = db
      .select({ user: account })
      .from(contacts)
      .leftJoin(users, eq(users.email, sql`lower(${contacts.email})`))
      .where(eq(contacts.id, key))
      .get();
    found = row ? { record: true, user: row.user } : null;
  }
  if (!found) return null;
  const u = found.user;
  return { customer: u ? { id: u.id, email: u.email, name: adminUserName(u) } : null };
}

/** The audit entry of a suspension or reinstatement: whether the account was suspended before and after. */
function auditSuspension(db: Db, actor: AuditActor, row: ViewRow, action: "user.suspend" | "user.reinstate", summary: string): void {
  const suspended = action === "user.suspend";
  recordAudit(db, actor, { kind: "users", action, recordId: row.id, summary, before: { suspended: !suspended }, after: { suspended } });
}

export type SuspensionChange = { ok: true; user: AdminUserView } | { ok: false; reason: "not_found" | "already_suspended" | "not_suspended" };

/**
 * Suspends an active user and ends every session they hold, in one immediate transaction: their
 * next request is signed out. Refused (nothing changed) for an unknown or already suspended user.
 */
export function suspendUser(db: Db, userId: string, now = new Date(), actor?: AuditActor): SuspensionChange {
  return immediate(db, () => {
    const user = db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)).get();
    if (!user) return { ok: false, reason: "not_found" };
    if (user.suspendedAt) return { ok: false, reason: "already_suspended" };
    const row = db
      .update(users)
      .set({ suspendedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
      .returning(viewColumns)
      .get();
    deleteUserSessions(db, userId);
    if (!row) throw new Error(`user ${userId} vanished inside the transaction`);
    if (actor) auditSuspension(db, actor, row, "user.suspend", `Suspended ${row.email}`);
    return { ok: true, user: toView(row) };
  });
}

/** Lifts a suspension: the user may sign in (and then book) again. Refused for an unknown or active user. */
export function reinstateUser(db: Db, userId: string, now = new Date(), actor?: AuditActor): SuspensionChange {
  return immediate(db, () => {
    const user = db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)).get();
    if (!user) return { ok: false, reason: "not_found" };
    if (!user.suspendedAt) return { ok: false, reason: "not_suspended" };
    const row = db
      .update(users)
      .set({ suspendedAt: null, updatedAt: now })
      .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
      .returning(viewColumns)
      .get();
    if (!row) throw new Error(`user ${userId} vanished inside the transaction`);
    if (actor) auditSuspension(db, actor, row, "user.reinstate", `Reinstated ${row.email}`);
    return { ok: true, user: toView(row) };
  });
}
