/**
 * Review invitations: some days after an order is delivered, one e-mail asks its customer to
 * review what was in it. An order is due when it is delivered, `days` or more days ago but not
 * more than `catchUpDays` beyond that (a site that was down catches up; switching the setting on
 * does not mail every order of the past), not yet invited, and its customer's address is verified,
 * their account not suspended and their switch on. Each order is claimed in one immediate
 * transaction that checks all that again, marks the order invited and queues its message, so no
 * order is invited twice however the job runs. The customer's switch is `users.reviewInvites`.
 */
import { and, asc, eq, gt, isNotNull, isNull, lte } from "drizzle-orm";
import { enqueueMail, type MailMessage } from "../mail/outbox.server";
import { immediate, type Db } from "./client.server";
import { orderItems, orders, products, reviews, users } from "./schema";

const dayMs = 24 * 60 * 60 * 1000;

/** Days after the due day that an order is still invited (the job was stopped, the setting turned on late). */
export const reviewInviteCatchUpDays = 14;

/** Orders claimed per run, so one run stays short. */
const batchSize = 50;

/** What an invitation is made from. */
export type ReviewInvitationFacts = {
  userId: string;
  to: string;
  firstName: string | null;
  orderNumber: string;
  products: { name: string; slug: string }[];
};

function dueConditions(days: number, now: Date) {
  const dueBy = new Date(now.getTime() - days * dayMs);
  const notBefore = new Date(dueBy.getTime() - reviewInviteCatchUpDays * dayMs);
  return and(
    eq(orders.status, "delivered"),
    isNull(orders.reviewInvitedAt),
    lte(orders.deliveredAt, dueBy),
    gt(orders.deliveredAt, notBefore),
    isNotNull(users.emailVerifiedAt),
    eq(users.reviewInvites, true),
    isNull(users.suspendedAt),
  );
}

/** The ids of up to `batchSize` orders due an invitation at `now`, longest delivered first. */
export function dueReviewInvitations(db: Db, days: number, now = new Date()): number[] {
  if (days <= 0) return [];
  return db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(dueConditions(days, now))
    .orderBy(asc(orders.deliveredAt), asc(orders.id))
    .limit(batchSize)
    .all()
    .map((r) => r.id);
}

/**
 * Claims the order `orderId` for its invitation if it is still due: marks it invited and queues
 * `mail(facts)`, all in one transaction. An order whose products are all gone from the shop or
 * already reviewed by the customer is marked without mail. Answers "queued", "nothing" (marked,
 * no mail) or "not_due" (changed since it was found: nothing done).
 */
export function claimReviewInvitation(
  db: Db,
  orderId: number,
  days: number,
  mail: (facts: ReviewInvitationFacts) => MailMessage,
  now = new Date(),
): "queued" | "nothing" | "not_due" {
  return immediate(db, () => {
    const due = db
      .select({ orderNumber: orders.orderNumber, userId: users.id, email: users.email, firstName: users.firstName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(eq(orders.id, orderId), dueConditions(days, now)))
      .get();
    if (!due) return "not_due";
    db.update(orders).set({ reviewInvitedAt: now }).where(eq(orders.id, orderId)).run();
    const reviewed = db.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.userId, due.userId)).all();
    const bought = db
      .selectDistinct({ id: products.id, name: products.name, slug: products.slug })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(and(eq(orderItems.orderId, orderId), eq(products.isActive, true)))
      .orderBy(asc(orderItems.id))
      .all();
    const reviewedIds = new Set(reviewed.map((r) => r.productId));
    const toReview = bought.filter((p) => !reviewedIds.has(p.id)).map(({ name, slug }) => ({ name, slug }));
    if (toReview.length === 0) return "nothing";
    enqueueMail(db, mail({ userId: due.userId, to: due.email, firstName: due.firstName, orderNumber: due.orderNumber, products: toReview }));
    return "queued";
  });
}

/** Turns the customer's review invitations on or off; false when there is no such customer. */
export function setReviewInvites(db: Db, userId: string, on: boolean): boolean {
  return db.update(users).set({ reviewInvites: on, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id }).all().length > 0;
}

/** Whether the customer wants review invitations (false for no such customer). */
export function wantsReviewInvites(db: Db, userId: string): boolean {
  return db.select({ on: users.reviewInvites }).from(users).where(eq(users.id, userId)).get()?.on ?? false;
}
