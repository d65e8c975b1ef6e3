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
import { and, asc, count, countDistinct, desc, eq, gt, gte, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { formatAppointment, formatInstant, formatMoney, formatMoneyWithCode } from "../domain/format";
import { type OrderPaymentMethod, paymentMethodLabels } from "../shared/checkout";
import { adminListPath, adminRecordPath, bookingRecordKey } from "../shared/admin-records";
import { adminPaymentsList } from "../shared/admin-payments";
import { adminReviewsList } from "../shared/admin-reviews";
import { type TodoGroup, type TodoItem, todoItemsPerGroup } from "../shared/admin-todo";
import { lastBackupRun } from "./backup-runs.server";
import type { Db } from "./client.server";
import { contactsSummary } from "./admin-contacts.server";
import { pendingReviewCount, reviewIsPending } from "./admin-reviews.server";
import { caseRoomReferenceSql, caseRoomUnseenByBusiness } from "./case-rooms.server";
import { bookings, caseFiles, caseMessages, caseRooms, contacts, orders, payments, products, reviews, users } from "./schema";
import { holdsUnpaidStockSql } from "./stock-holds.server";
import { owedRefundCount, owedRefunds } from "./refunds.server";
import { overdueInstalmentCount, overdueInstalments } from "./payment-plans.server";
import { refundAmountText, refundMethodLabel, refundWhereText } from "../domain/refund";
import { businessToday } from "../domain/slots";

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

const hourMs = 60 * 60 * 1000;

/** How long `ms` is, in the largest whole unit that fits: "40 minutes", "5 hours", "3 days". */
function span(ms: number): string {
  if (ms < hourMs) return plural(Math.max(1, Math.floor(ms / 60_000)), "minute", "minutes");
  if (ms < 2 * dayMs) return plural(Math.floor(ms / hourMs), "hour", "hours");
  return plural(Math.floor(ms / dayMs), "day", "days");
}

/** How long something has waited at `now`: "waiting 3 days". */
export function waitingFor(since: Date, now: Date): string {
  return `waiting ${span(now.getTime() - since.getTime())}`;
}

/** What is left of an unpaid order's hold on its stock: "2 days left to pay", or that it runs out at the next check. */
export function holdLeft(expiresAt: Date | null, now: Date): string {
  if (!expiresAt) return "no time limit";
  const left = expiresAt.getTime() - now.getTime();
  return left <= 0 ? "the time to pay has run out" : `${span(left)} left to pay`;
}

/**
 * Orders waiting for money the owner confirms by hand: the manual methods (PayPal confirms itself
 * within minutes), placed, not paid and still holding their stock (decision 016). An order also
 * waiting for its ID check is in both groups: each is a different thing to do.
 */
const manualMethods: OrderPaymentMethod[] = ["bank_transfer", "cash_deposit", "crypto"];
const awaitingPayment = and(holdsUnpaidStockSql, inArray(orders.paymentMethod, manualMethods));
const idCheck = eq(orders.status, "on_hold");

/**
 * Booking payments to confirm: a payment request (bank transfer, cash deposit, crypto) the customer
 * was given, or a PayPal payment under review, for a booking that is neither cancelled nor paid by
 * another payment. Counted by booking: two requests for one booking are one thing to confirm.
 */
const bookingPaymentToConfirm = and(
  isNotNull(payments.bookingId),
  inArray(payments.status, ["requested", "review"]),
  ne(bookings.status, "cancelled"),
  sql`not exists (select 1 from "payments" "settled" where "settled"."booking_id" = ${payments.bookingId} and "settled"."status" = 'completed')`,
);
const methodLabel = (method: string | null) => paymentMethodLabels[method as OrderPaymentMethod] ?? method ?? "unknown method";
/** A booking payment's method as the owner looks for the money: a request gave the bank or crypto details, or the cash deposit details. */
const requestMethodText: Record<string, string> = { instructions: "by transfer", cash: "by cash deposit", paypal: "by PayPal" };

/**
 * Case rooms with something from the client (a message, or a file once it has all arrived) the
 * business has not opened since. The partial index `case_rooms_unseen_idx` holds just the rooms
 * active since the business last looked; the client's messages and files are checked on those alone.
 */
const businessSeen = sql`coalesce(${caseRooms.businessSeenAt}, 0)`;
const clientMessageSince = sql`(select min(${caseMessages.createdAt}) from ${caseMessages}
  where ${caseMessages.caseRoomId} = ${caseRooms.id} and ${caseMessages.side} = 'client' and ${caseMessages.createdAt} > ${businessSeen})`;
const clientFileSince = sql`(select min(${caseFiles.completedAt}) from ${caseFiles}
  where ${caseFiles.caseRoomId} = ${caseRooms.id} and ${caseFiles.side} = 'client' and ${caseFiles.status} = 'ready' and ${caseFiles.completedAt} > ${businessSeen})`;
/**
 * When the oldest thing the business has not seen arrived (null: nothing from the client).
 */
const clientNewsSince = sql<number | null>`min(coalesce(${clientMessageSince}, ${clientFileSince}), coalesce(${clientFileSince}, ${clientMessageSince}))`;
// Written exactly as the index's WHERE, so SQLite reads the partial index.
const activeSinceSeen = sql`last_activity_at > coalesce(business_seen_at, 0)`;
// Which rooms count is the list's own "new" mark (one predicate); the index narrows them first.
const caseNewsFromClient = and(activeSinceSeen, caseRoomUnseenByBusiness);
const caseCustomerName = sql<string>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.email})`;

/** The groups of the to-do list, in the order the dashboard shows them. */
export const todoGroups: TodoGroupDefinition[] = [
  {
    key: "enquiries",
    title: "Enquiries waiting",
    noun: "enquiries",
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
          detail: `${c.urgency === "emergency" ? "Emergency, r" : "R"}eceived ${formatInstant(c.createdAt, ctx.timeZone)} · ${waitingFor(c.createdAt, ctx.now)}`,
          href: adminRecordPath("contacts", c.id),
          urgent: c.urgency === "emergency",
        })),
  },
  {
    key: "bookings",
    title: "Bookings to confirm",
    noun: "bookings to confirm",
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
          createdAt: bookings.createdAt,
        })
        .from(bookings)
        .where(eq(bookings.status, "pending"))
        .orderBy(asc(bookings.appointmentDate), asc(bookings.appointmentTime))
        .limit(ctx.limit)
        .all()
        .map((b) => ({
          key: b.id,
          label: b.serviceName,
          detail: [formatAppointment(b.date, b.time), b.email, waitingFor(b.createdAt, ctx.now)].filter(Boolean).join(" · "),
          href: adminRecordPath("bookings", b.id),
        })),
  },
  {
    key: "caseRooms",
    title: "Case rooms with something new from the client",
    noun: "case rooms with something new from the client",
    listHref: adminListPath("cases"),
    listLabel: "All case rooms",
    count: (db) => counted(db.select({ n: count() }).from(caseRooms).where(caseNewsFromClient).get()),
    // What has waited longest first: the oldest message or file the business has not opened.
    items: (db, ctx) =>
      db
        .select({ id: caseRooms.id, reference: caseRoomReferenceSql, name: caseCustomerName, since: clientNewsSince })
        .from(caseRooms)
        .innerJoin(users, eq(users.id, caseRooms.userId))
        .where(caseNewsFromClient)
        .orderBy(clientNewsSince, asc(caseRooms.id))
        .limit(ctx.limit)
        .all()
        .map((r) => {
          const since = new Date(Number(r.since));
          return {
            key: String(r.id),
            label: `${r.reference ?? "Case room"} · ${r.name}`,
            detail: `New from the client ${formatInstant(since, ctx.timeZone)} · ${waitingFor(since, ctx.now)}`,
            href: r.reference ? adminRecordPath("cases", r.reference) : adminListPath("cases"),
          };
        }),
  },
  {
    key: "payment",
    title: "Orders awaiting payment",
    noun: "orders awaiting payment",
    listHref: `${adminListPath("orders")}?payment=pending`,
    listLabel: "All unpaid orders",
    count: (db) => counted(db.select({ n: count() }).from(orders).where(awaitingPayment).get()),
    // The hold running out soonest first: the order the owner must look for first.
    items: (db, ctx) =>
      db
        .select({
          orderNumber: orders.orderNumber,
          status: orders.status,
          total: orders.totalAmount,
          currency: orders.currency,
          method: orders.paymentMethod,
          createdAt: orders.createdAt,
          holdExpiresAt: orders.holdExpiresAt,
          address: orders.shippingAddress,
        })
        .from(orders)
        .where(awaitingPayment)
        .orderBy(asc(orders.holdExpiresAt), asc(orders.id))
        .limit(ctx.limit)
        .all()
        .map((o) => ({
          key: o.orderNumber,
          label: `${o.orderNumber} · ${o.address.name}`,
          detail: [
            `${formatMoney(o.total, o.currency)} by ${methodLabel(o.method).toLowerCase()}`,
            waitingFor(o.createdAt, ctx.now),
            holdLeft(o.holdExpiresAt, ctx.now),
            ...(o.status === "on_hold" ? ["ID check too"] : []),
          ].join(" · "),
          href: adminRecordPath("orders", o.orderNumber),
          urgent: o.holdExpiresAt !== null && o.holdExpiresAt.getTime() - ctx.now.getTime() < dayMs,
        })),
  },
  {
    key: "idCheck",
    title: "Orders waiting for an ID check",
    noun: "ID checks",
    listHref: `${adminListPath("orders")}?status=on_hold`,
    listLabel: "All orders on hold",
    count: (db) => counted(db.select({ n: count() }).from(orders).where(idCheck).get()),
    items: (db, ctx) =>
      db
        .select({
          orderNumber: orders.orderNumber,
          paymentStatus: orders.paymentStatus,
          createdAt: orders.createdAt,
          address: orders.shippingAddress,
        })
        .from(orders)
        .where(idCheck)
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(ctx.limit)
        .all()
        .map((o) => ({
          key: o.orderNumber,
          label: `${o.orderNumber} · ${o.address.name}`,
          detail: [
            o.paymentStatus === "paid" ? "paid" : "not paid yet",
            `placed ${formatInstant(o.createdAt, ctx.timeZone)}`,
            waitingFor(o.createdAt, ctx.now),
          ].join(" · "),
          href: adminRecordPath("orders", o.orderNumber),
        })),
  },
  {
    key: "bookingPayments",
    title: "Booking payments to confirm",
    noun: "booking payments to confirm",
    listHref: `${adminListPath("bookings")}?status=pending`,
    listLabel: "All pending bookings",
    count: (db) =>
      counted(
        db
          .select({ n: countDistinct(payments.bookingId) })
          .from(payments)
          .innerJoin(bookings, eq(bookings.id, payments.bookingId))
          .where(bookingPaymentToConfirm)
          .get(),
      ),
    // The longest-waiting request of each booking first.
    items: (db, ctx) =>
      db
        .select({
          id: bookings.id,
          reference: bookings.reference,
          serviceName: bookings.serviceName,
          date: bookings.appointmentDate,
          time: bookings.appointmentTime,
          amount: payments.amount,
          currency: payments.currency,
          method: payments.method,
          status: payments.status,
          requestedAt: sql<number>`min(${payments.createdAt})`,
        })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(bookingPaymentToConfirm)
        .groupBy(bookings.id)
        .orderBy(sql`min(${payments.createdAt})`, asc(bookings.id))
        .limit(ctx.limit)
        .all()
        .map((b) => ({
          key: b.id,
          label: `${b.reference ?? "Booking"} · ${b.serviceName}`,
          detail: [
            `${formatMoney(b.amount, b.currency)} ${requestMethodText[b.method] ?? `by ${b.method}`}${b.status === "review" ? ", under review" : ""}`,
            formatAppointment(b.date, b.time),
            waitingFor(new Date(Number(b.requestedAt)), ctx.now),
          ].join(" · "),
          href: adminRecordPath("bookings", bookingRecordKey(b)),
        })),
  },
  {
    // Instalments of payment plans past their due date and unpaid (decision 085): whom to chase, for what.
    key: "overdueInstalments",
    title: "Overdue instalments",
    noun: "overdue instalments",
    listHref: adminListPath("bookings"),
    listLabel: "All bookings",
    count: (db, ctx) => overdueInstalmentCount(db, businessToday(ctx.now, ctx.timeZone)),
    items: (db, ctx) =>
      overdueInstalments(db, businessToday(ctx.now, ctx.timeZone), ctx.limit).map((i) => ({
        key: `${i.bookingId}-${i.number}`,
        label: `${i.customer} · ${i.reference ?? "Booking"}`,
        detail: [`Instalment ${i.number} of ${i.of}`, formatMoneyWithCode(i.amount, i.currency), `${plural(i.daysOverdue, "day", "days")} overdue`].join(" · "),
        href: adminRecordPath("bookings", bookingRecordKey({ id: i.bookingId, reference: i.reference })),
        urgent: true,
      })),
  },
  {
    // Refunds the owner sends by hand (decision 084): who, how much, how, the reference their money
    // came with, and what the site knows of where to send it; each with its "Mark sent" form.
    key: "refunds",
    title: "Refunds to send",
    noun: "refunds to send",
    listHref: adminPaymentsList.pageUrl({ ...adminPaymentsList.empty, status: "refund_owed" }),
    listLabel: "All refunds owed",
    count: (db) => owedRefundCount(db),
    items: (db, ctx) => {
      const today = businessToday(ctx.now, ctx.timeZone);
      return owedRefunds(db, ctx.limit).map((r) => ({
        key: r.id,
        label: `${r.customerName ?? r.customerEmail ?? "A customer"} · ${refundAmountText(r.amount, r.currency)}`,
        detail: [
          refundMethodLabel(r.method),
          r.orderNumber ? `order ${r.orderNumber}` : `booking ${r.bookingReference ?? ""}, payment ${r.paymentReference}`,
          ...[r.customerEmail, r.customerPhone].filter((x): x is string => Boolean(x)),
          refundWhereText(r.method),
          waitingFor(r.createdAt, ctx.now),
        ].join(" · "),
        href: r.orderNumber
          ? adminRecordPath("orders", r.orderNumber)
          : adminRecordPath("bookings", bookingRecordKey({ id: r.bookingId ?? "", reference: r.bookingReference })),
        markRefundSent: { refundId: r.id, today },
      }));
    },
  },
  {
    key: "ship",
    title: "Paid orders to ship",
    noun: "orders to ship",
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
            ...(o.paidAt ? [`paid ${formatInstant(o.paidAt, ctx.timeZone)}`, waitingFor(o.paidAt, ctx.now)] : ["paid"]),
            ...(o.status === "on_hold" ? ["ID check first"] : []),
          ].join(" · "),
          href: adminRecordPath("orders", o.orderNumber),
        })),
  },
  {
    key: "reviews",
    title: "Reviews to moderate",
    noun: "reviews to moderate",
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
          detail: `${r.title ? `"${r.title}" ` : ""}by ${r.firstName ?? "a customer"}, written ${formatInstant(r.createdAt, ctx.timeZone)} · ${waitingFor(r.createdAt, ctx.now)}`,
          href: adminReviewsList.pageUrl({ ...adminReviewsList.empty, status: "pending", product: r.productId }),
        })),
  },
  {
    key: "outOfStock",
    title: "Out of stock",
    noun: "products out of stock",
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
    noun: "products low on stock",
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
    noun: `cancellations by customers in the last ${cancellationNewsDays} days`,
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
    noun: "failed backups",
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
