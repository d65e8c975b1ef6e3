/**
 * The dashboard's to-do list (shared/admin-todo.ts). Each group is one declaration below: its
 * title, where its list is, and two indexed queries, how many there are and the first few. Adding
 * a group is adding one entry to `todoGroups`.
 *
 * Order within a group: what has waited longest first (enquiries: emergencies first), bookings by
 * appointment (soonest, and so a pending booking whose time has passed, first), out-of-stock
 * products by their last change (longest untouched first), low-stock products by stock, and
 * customers' cancellations newest first (news to take in, not work that ages).
 */
import { and, asc, count, desc, eq, gt, gte, inArray, sql } from "drizzle-orm";
import { formatAppointment, formatInstant, formatMoney } from "../domain/format";
import { adminListPath, adminRecordPath } from "../shared/admin-records";
import { adminReviewsList } from "../shared/admin-reviews";
import { type TodoGroup, type TodoItem, todoItemsPerGroup } from "../shared/admin-todo";
import { lastBackupRun } from "./backup-runs.server";
import type { Db } from "./client.server";
import { contactsSummary } from "./admin-contacts.server";
import { pendingReviewCount, reviewIsPending } from "./admin-reviews.server";
import { bookings, contacts, orders, products, reviews, users } from "./schema";

/** When the list is drawn, and the timezone its times are shown in. */
export type TodoContext = { now: Date; timeZone: string; limit: number };

type TodoGroupDefinition = Omit<TodoGroup, "count" | "items" | "note"> & {
  count: (db: Db, ctx: TodoContext) => number;
  items: (db: Db, ctx: TodoContext) => TodoItem[];
  note?: (db: Db, ctx: TodoContext) => string | undefined;
};

/** How far back a customer's cancellation is still news on the dashboard. */
export const cancellationNewsDays = 7;
const dayMs = 24 * 60 * 60 * 1000;

const handledExpr = sql`(${contacts.handledAt} is not null)`;
const routineExpr = sql`(${contacts.urgency} <> 'emergency')`;
const lowStockExpr = sql`(${products.stockQuantity} <= ${products.lowStockThreshold})`;

const toShip = and(eq(orders.paymentStatus, "paid"), inArray(orders.status, ["processing", "on_hold"]));
const outOfStock = and(eq(products.isActive, true), eq(products.stockQuantity, 0));
const lowStock = and(eq(products.isActive, true), sql`${lowStockExpr} = 1`, gt(products.stockQuantity, 0));
const cancelledBookingsSince = (since: Date) => and(eq(bookings.cancelledBy, "customer"), gte(bookings.cancelledAt, since));
const cancelledOrdersSince = (since: Date) => and(eq(orders.cancelledBy, "customer"), gte(orders.cancelledAt, since));
const newsSince = (ctx: TodoContext) => new Date(ctx.now.getTime() - cancellationNewsDays * dayMs);

const backupStepText = {
  backup: "Writing the copy failed",
  check: "The copy failed its integrity check",
  command: "The backup command failed",
} as const;

const counted = (row: { n: number } | undefined) => row?.n ?? 0;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The groups of the to-do list, in the order the dashboard shows them. */
export const todoGroups: TodoGroupDefinition[] = [
  {
    key: "enquiries",
    title: "Enquiries waiting",
    listHref: adminListPath("contacts"),
    listLabel: "All waiting enquiries",
    // The kept counts (contact_counts), not a count over every waiting enquiry.
    count: (db) => contactsSummary(db).unhandled,
    note: (db) => {
      const n = contactsSummary(db).emergencies;
      return n > 0 ? `${plural(n, "emergency", "emergencies")}` : undefined;
    },
    items: (db, ctx) =>
      db
        .select({ id: contacts.id, name: contacts.name, urgency: contacts.urgency, createdAt: contacts.createdAt })
        .from(contacts)
        .where(sql`${handledExpr} = 0`)
        .orderBy(routineExpr, asc(contacts.createdAt))
        .limit(ctx.limit)
        .all()
        .map((c) => ({
          key: c.id,
          label: c.name,
          detail: `${c.urgency === "emergency" ? "Emergency, r" : "R"}eceived ${formatInstant(c.createdAt, ctx.timeZone)}`,
          href: adminRecordPath("contacts", c.id),
          urgent: c.urgency === "emergency",
        })),
  },
  {
    key: "bookings",
    title: "Bookings to confirm",
    listHref: `${adminListPath("bookings")}?status=pending`,
    listLabel: "All pending bookings",
    count: (db) => counted(db.select({ n: count() }).from(bookings).where(eq(bookings.status, "pending")).get()),
    items: (db, ctx) =>
      db
        .select({
          id: bookings.id,
          serviceName: bookings.serviceName,
          date: bookings.appointmentDate,
          time: bookings.appointmentTime,
          email: bookings.contactEmail,
        })
        .from(bookings)
        .where(eq(bookings.status, "pending"))
        .orderBy(asc(bookings.appointmentDate), asc(bookings.appointmentTime))
        .limit(ctx.limit)
        .all()
        .map((b) => ({
          key: b.id,
          label: b.serviceName,
          detail: [formatAppointment(b.date, b.time), b.email].filter(Boolean).join(" · "),
          href: adminRecordPath("bookings", b.id),
        })),
  },
  {
    key: "ship",
    title: "Paid orders to ship",
    listHref: `${adminListPath("orders")}?payment=paid`,
    listLabel: "All paid orders",
    count: (db) => counted(db.select({ n: count() }).from(orders).where(toShip).get()),
    note: (db) => {
      const n = counted(
        db
          .select({ n: count() })
          .from(orders)
          .where(and(toShip, eq(orders.status, "on_hold")))
          .get(),
      );
      return n > 0 ? `${plural(n, "needs", "need")} an ID check first` : undefined;
    },
    items: (db, ctx) =>
      db
        .select({
          orderNumber: orders.orderNumber,
          status: orders.status,
          total: orders.totalAmount,
          currency: orders.currency,
          paidAt: orders.paidAt,
          address: orders.shippingAddress,
        })
        .from(orders)
        .where(toShip)
        .orderBy(asc(orders.paidAt), asc(orders.id))
        .limit(ctx.limit)
        .all()
        .map((o) => ({
          key: o.orderNumber,
          label: `${o.orderNumber} · ${o.address.name}`,
          detail: [
            formatMoney(o.total, o.currency),
            o.paidAt ? `paid ${formatInstant(o.paidAt, ctx.timeZone)}` : "paid",
            ...(o.status === "on_hold" ? ["ID check first"] : []),
          ].join(" · "),
          href: adminRecordPath("orders", o.orderNumber),
        })),
  },
  {
    key: "reviews",
    title: "Reviews to moderate",
    listHref: adminReviewsList.pageUrl({ ...adminReviewsList.empty, status: "pending" }),
    listLabel: "All waiting reviews",
    count: (db) => pendingReviewCount(db),
    items: (db, ctx) =>
      db
        .select({
          id: reviews.id,
          rating: reviews.rating,
          title: reviews.title,
          createdAt: reviews.createdAt,
          product: products.name,
          productId: products.id,
          firstName: users.firstName,
        })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(reviewIsPending)
        .orderBy(asc(reviews.createdAt), asc(reviews.id))
        .limit(ctx.limit)
        .all()
        .map((r) => ({
          key: String(r.id),
          label: `${r.product}: ${plural(r.rating, "star", "stars")}`,
          detail: `${r.title ? `"${r.title}" ` : ""}by ${r.firstName ?? "a customer"}, written ${formatInstant(r.createdAt, ctx.timeZone)}`,
          href: adminReviewsList.pageUrl({ ...adminReviewsList.empty, status: "pending", product: r.productId }),
        })),
  },
  {
    key: "outOfStock",
    title: "Out of stock",
    listHref: "/admin/products",
    listLabel: "All products",
    count: (db) => counted(db.select({ n: count() }).from(products).where(outOfStock).get()),
    items: (db, ctx) =>
      db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(outOfStock)
        .orderBy(asc(products.updatedAt), asc(products.id))
        .limit(ctx.limit)
        .all()
        .map((p) => ({
          key: String(p.id),
          label: p.name,
          detail: "None left",
          href: `/admin/products/${p.id}/edit`,
          urgent: true,
        })),
  },
  {
    key: "lowStock",
    title: "Low stock",
    listHref: "/admin/products",
    listLabel: "All products",
    count: (db) => counted(db.select({ n: count() }).from(products).where(lowStock).get()),
    items: (db, ctx) =>
      db
        .select({ id: products.id, name: products.name, stock: products.stockQuantity, threshold: products.lowStockThreshold })
        .from(products)
        .where(lowStock)
        .orderBy(asc(products.stockQuantity), asc(products.id))
        .limit(ctx.limit)
        .all()
        .map((p) => ({ key: String(p.id), label: p.name, detail: `${p.stock} left (reorder at ${p.threshold})`, href: `/admin/products/${p.id}/edit` })),
  },
  {
    key: "cancellations",
    title: `Cancelled by customers (last ${cancellationNewsDays} days)`,
    listHref: `${adminListPath("bookings")}?status=cancelled`,
    listLabel: "All cancelled bookings",
    count: (db, ctx) => {
      const since = newsSince(ctx);
      return (
        counted(db.select({ n: count() }).from(bookings).where(cancelledBookingsSince(since)).get()) +
        counted(db.select({ n: count() }).from(orders).where(cancelledOrdersSince(since)).get())
      );
    },
    items: (db, ctx) => {
      const since = newsSince(ctx);
      const booked = db
        .select({
          id: bookings.id,
          serviceName: bookings.serviceName,
          date: bookings.appointmentDate,
          time: bookings.appointmentTime,
          at: bookings.cancelledAt,
        })
        .from(bookings)
        .where(cancelledBookingsSince(since))
        .orderBy(desc(bookings.cancelledAt))
        .limit(ctx.limit)
        .all()
        .map((b) => ({
          at: b.at?.getTime() ?? 0,
          item: {
            key: b.id,
            label: `Booking: ${b.serviceName}`,
            detail: `${formatAppointment(b.date, b.time)} · cancelled ${b.at ? formatInstant(b.at, ctx.timeZone) : ""}`,
            href: adminRecordPath("bookings", b.id),
          },
        }));
      const ordered = db
        .select({ orderNumber: orders.orderNumber, total: orders.totalAmount, currency: orders.currency, at: orders.cancelledAt })
        .from(orders)
        .where(cancelledOrdersSince(since))
        .orderBy(desc(orders.cancelledAt))
        .limit(ctx.limit)
        .all()
        .map((o) => ({
          at: o.at?.getTime() ?? 0,
          item: {
            key: o.orderNumber,
            label: `Order ${o.orderNumber}`,
            detail: `${formatMoney(o.total, o.currency)} · cancelled ${o.at ? formatInstant(o.at, ctx.timeZone) : ""}`,
            href: adminRecordPath("orders", o.orderNumber),
          },
        }));
      return [...booked, ...ordered]
        .sort((a, b) => b.at - a.at)
        .slice(0, ctx.limit)
        .map((x) => x.item);
    },
  },
  {
    key: "backup",
    title: "Backup failed",
    listHref: "/admin/settings#setting-backupEveryHours",
    listLabel: "Backup settings",
    count: (db) => (lastBackupRun(db)?.ok === false ? 1 : 0),
    items: (db, ctx) => {
      const run = lastBackupRun(db);
      if (!run || run.ok) return [];
      return [
        {
          key: String(run.id),
          label: `The backup of ${formatInstant(run.startedAt, ctx.timeZone)} failed`,
          detail: `${backupStepText[run.failedStep ?? "backup"]}: ${run.message ?? "no details"}. It is tried again within the hour; the server's log has the details.`,
          href: "/admin/settings#setting-backupEveryHours",
          urgent: true,
        },
      ];
    },
  },
];

/** Every group with its count, its first `limit` items and its note; a group with nothing to do answers a count of 0 and no items. */
export function adminTodoGroups(db: Db, timeZone: string, now = new Date(), limit = todoItemsPerGroup): TodoGroup[] {
  const ctx: TodoContext = { now, timeZone, limit };
  return todoGroups.map(({ count: countOf, items, note, ...group }) => {
    const n = countOf(db, ctx);
    return { ...group, count: n, items: n > 0 ? items(db, ctx) : [], ...(n > 0 && note ? { note: note(db, ctx) } : {}) };
  });
}
