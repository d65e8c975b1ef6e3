/**
 * The admin portal's customers (`/api/admin/users`): the searchable list, a user's latest bookings
 * and orders, and suspending or reinstating an account. A deleted account (`deleteAccount`) has no
 * row left, so it is never listed. Suspending ends every session of the user in the same
 * transaction; sign-in, sessions, booking and password reset refuse a suspended user.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { SearchedTotal } from "../shared/admin-list";
import { deleteUserSessions } from "../server/auth/sessions.server";
import {
  type AdminUserBooking,
  type AdminUserList,
  type AdminUserOrder,
  type AdminUsersQuery,
  type AdminUserView,
  adminUserBookingLimit,
  adminUserOrderLimit,
  adminUsersPageSize,
} from "../shared/admin-users";
import { searchCountStatement, searchedTotal, searchTerms } from "./admin-search.server";
import { type AuditActor, recordAudit } from "./audit.server";
import { type Db, immediate } from "./client.server";
import { prepared } from "./prepared.server";
import { bookings, orderItems, orders, products, users } from "./schema";

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
