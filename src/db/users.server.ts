/** Customer accounts: creation (with referral), profile and password changes, and deletion. */
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { type DeletionPlan, deletionPlan } from "../domain/account-deletion";
import { slotHasPassed } from "../domain/slots";
import { scrubMailFor } from "../mail/outbox.server";
import type { BackInStockMailContext } from "./back-in-stock.server";
import { cancelUpcomingBookings } from "./bookings.server";
import { immediate, type Db } from "./client.server";
import { cancelOrder } from "./orders.server";
import { referrerForCode } from "./referrals.server";
import { publicDataChanged } from "./public-data.server";
import { bookings, cartItems, orders, passwordResets, payments, reviews, reviewVotes, sessions, users, wishlistItems, type User } from "./schema";
import { getSettings } from "./settings.server";
import { deleteCaseNotesOfCustomer } from "./case-notes.server";
import { deleteCaseRoomsOfCustomer } from "./case-retention.server";
import { deleteUserSessions } from "../server/auth/sessions.server";

export type { User };

export function findUserByEmail(db: Db, email: string): User | undefined {
  return db.select().from(users).where(eq(users.email, email.toLowerCase())).get();
}

/**
 * The account for a Google profile whose e-mail Google has verified: the one already linked to
 * it, else the one with that e-mail, which is then linked. An account whose address was never
 * verified may have been created by someone else with that address: before linking, its sessions
 * end and its password is cleared (Google-only until a reset), so that person is locked out.
 * Undefined when neither exists.
 */
export function findOrLinkGoogleUser(db: Db, googleId: string, email: string, now = Date.now()): User | undefined {
  return immediate(db, () => {
    const linked = db.select().from(users).where(eq(users.googleId, googleId)).get();
    if (linked) return linked;
    const byEmail = findUserByEmail(db, email);
    if (!byEmail || byEmail.googleId) return byEmail;
    if (!byEmail.emailVerifiedAt) {
      deleteUserSessions(db, byEmail.id);
      setPasswordHash(db, byEmail.id, null);
    }
    return db
      .update(users)
      .set({ googleId, emailVerifiedAt: byEmail.emailVerifiedAt ?? new Date(now) })
      .where(eq(users.id, byEmail.id))
      .returning()
      .get();
  });
}

export function findUserById(db: Db, id: string): User | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export type NewUser = {
  email: string;
  passwordHash?: string | null;
  googleId?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  /** A referral code remembered from a link; ignored when unknown. */
  referralCode?: string | null;
  /** Set when the address is already proven (Google said so). */
  emailVerifiedAt?: Date | null;
};

/**
 * Creates an account; null when the e-mail is taken. The referrer is set once, here. `created` runs
 * with the new account inside the same transaction (where sign-up queues the confirmation link).
 */
export function createUser(db: Db, input: NewUser, created: (user: User) => void = () => {}): User | null {
  return immediate(db, () => {
    if (findUserByEmail(db, input.email)) return null;
    const referredBy = input.referralCode ? referrerForCode(db, input.referralCode) : null;
    const user = db
      .insert(users)
      .values({
        email: input.email.toLowerCase(),
        passwordHash: input.passwordHash ?? null,
        googleId: input.googleId ?? null,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        profileImageUrl: input.profileImageUrl ?? null,
        emailVerifiedAt: input.emailVerifiedAt ?? null,
        referredBy,
      })
      .returning()
      .get();
    created(user);
    return user;
  });
}

/**
 * Updates name and e-mail; false when the new e-mail belongs to someone else. A new e-mail is
 * unverified, and `emailChanged` runs with the account inside the same transaction (where the
 * confirmation link to the new address is queued).
 */
export function updateProfile(
  db: Db,
  userId: string,
  p: { firstName: string; lastName: string; email: string },
  emailChanged: (user: User) => void = () => {},
): boolean {
  return immediate(db, () => {
    const email = p.email.toLowerCase();
    const other = findUserByEmail(db, email);
    if (other && other.id !== userId) return false;
    const changed = findUserById(db, userId)?.email !== email;
    const user = db
      .update(users)
      .set({ firstName: p.firstName || null, lastName: p.lastName || null, email, ...(changed ? { emailVerifiedAt: null } : {}) })
      .where(eq(users.id, userId))
      .returning()
      .get();
    if (changed && user) emailChanged(user);
    return true;
  });
}

/** The optional e-mails the customer wants (the account page's "E-mails" form): review invitations and booking reminders. */
export type EmailChoices = { reviewInvites: boolean; bookingReminders: boolean };

/** Saves the customer's e-mail choices in one statement; false when there is no such customer. */
export function setEmailChoices(db: Db, userId: string, choices: EmailChoices): boolean {
  return db.update(users).set(choices).where(eq(users.id, userId)).returning({ id: users.id }).all().length > 0;
}

/** Sets a new password (or none) and voids every outstanding reset link: an old link must not undo it. */
export function setPasswordHash(db: Db, userId: string, passwordHash: string | null) {
  immediate(db, () => {
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
    db.delete(passwordResets).where(eq(passwordResets.userId, userId)).run();
  });
}

/**
 * What deleting `userId`'s account would do to each of their bookings and orders now (decision
 * 066): read by the account page before the customer confirms, and again by the deletion inside
 * its transaction, so both follow the same rules on the same rows.
 */
export function accountDeletionPlan(db: Db, userId: string, now = new Date()): DeletionPlan {
  const timeZone = getSettings(db).timezone;
  const own = db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      serviceName: bookings.serviceName,
      appointmentDate: bookings.appointmentDate,
      appointmentTime: bookings.appointmentTime,
      status: bookings.status,
    })
    .from(bookings)
    .where(eq(bookings.userId, userId))
    .orderBy(asc(bookings.appointmentDate), asc(bookings.appointmentTime))
    .all();
  const paid =
    own.length === 0
      ? []
      : db
          .select({ bookingId: payments.bookingId, status: payments.status })
          .from(payments)
          .where(
            inArray(
              payments.bookingId,
              own.map((b) => b.id),
            ),
          )
          .all();
  const ownOrders = db
    .select({ orderNumber: orders.orderNumber, status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt))
    .all();
  return deletionPlan(
    own.map((b) => ({
      ...b,
      upcoming: !slotHasPassed(b.appointmentDate, b.appointmentTime, now, timeZone),
      paymentStatuses: paid.filter((p) => p.bookingId === b.id).map((p) => p.status),
    })),
    ownOrders,
  );
}

/**
 * A deletion refused because a booking or order must be settled with the business first; the plan says which.
 * Done, `caseFiles` names the case rooms' files for the caller to destroy once the deletion has committed.
 */
export type DeleteAccountResult =
  | { ok: true; plan: DeletionPlan; caseFiles: string[] }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "blocked"; plan: DeletionPlan };

/**
 * Deletes an account, all in one transaction, as `accountDeletionPlan` says (decision 066): nothing
 * is deleted while a booking or order must first be settled with the business (a confirmed or paid
 * booking still to come, an order paid and not yet sent). Otherwise personal data goes; bookings and
 * orders the business must keep stay, detached from the person and stripped of contact details.
 * Upcoming unconfirmed, unpaid bookings are cancelled (their places freed, rewards voided) and
 * unpaid orders cancelled (their stock put back), their e-mails leave the outbox, and payments keep
 * no e-mail address. The back office's case notes about the customer (on the account, its bookings
 * and orders, and enquiries from its addresses) are deleted. `deleted` runs last, inside the
 * transaction, with the plan carried out (where the business's notice is queued).
 */
export function deleteAccount(
  db: Db,
  userId: string,
  now = new Date(),
  effects: { backInStock?: BackInStockMailContext; deleted?: (plan: DeletionPlan) => void } = {},
): DeleteAccountResult {
  // Its published reviews and helpful votes leave the product pages, so their cached copies go too.
  let reviewsShown = false;
  const result = immediate(db, (): DeleteAccountResult => {
    const user = findUserById(db, userId);
    if (!user) return { ok: false, reason: "not_found" };
    const plan = accountDeletionPlan(db, userId, now);
    if (plan.blocked) return { ok: false, reason: "blocked", plan };
    // With nothing blocking, the upcoming active bookings are exactly the plan's cancelled ones.
    cancelUpcomingBookings(db, userId, now, getSettings(db).timezone);
    const ownOrderIds = db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders).where(eq(orders.userId, userId)).all();
    for (const o of plan.orders.filter((x) => x.fate === "cancelled")) {
      const id = ownOrderIds.find((r) => r.orderNumber === o.orderNumber)?.id;
      if (id !== undefined)
        cancelOrder(db, id, { actor: "customer", userId, note: "Cancelled when the customer deleted their account" }, now, {
          backInStock: effects.backInStock,
        });
    }
    const contactEmails = db.selectDistinct({ email: bookings.contactEmail }).from(bookings).where(eq(bookings.userId, userId)).all();
    const addresses = [user.email, ...contactEmails.flatMap((b) => (b.email ? [b.email] : []))].map((a) => a.toLowerCase());
    scrubMailFor(db, addresses);
    deleteCaseNotesOfCustomer(db, userId, addresses);
    db.update(payments)
      .set({ email: null, userId: null })
      .where(or(eq(payments.userId, userId), inArray(sql`lower(${payments.email})`, addresses)))
      .run();
    db.delete(sessions).where(sql`json_extract(${sessions.sess}, '$.userId') = ${userId}`).run();
    db.delete(passwordResets).where(eq(passwordResets.userId, userId)).run();
    db.delete(cartItems).where(eq(cartItems.userId, userId)).run();
    db.delete(wishlistItems).where(eq(wishlistItems.userId, userId)).run();
    const deletedReviews = db.delete(reviews).where(eq(reviews.userId, userId)).returning({ isApproved: reviews.isApproved }).all();
    reviewsShown =
      deletedReviews.some((r) => r.isApproved) || db.select({ id: reviewVotes.id }).from(reviewVotes).where(eq(reviewVotes.userId, userId)).get() !== undefined;
    db.update(bookings)
      .set({ userId: null, contactEmail: null, contactPhone: null, location: null, notes: null, bookingDetails: null })
      .where(eq(bookings.userId, userId))
      .run();
    const anonymous = { name: "Deleted customer", line1: "", city: "", state: "", postcode: "", country: "" };
    db.update(orders).set({ userId: null, shippingAddress: anonymous, billingAddress: anonymous, notes: null }).where(eq(orders.userId, userId)).run();
    db.update(users).set({ referredBy: null }).where(eq(users.referredBy, userId)).run();
    // Their case rooms go with everything in them (decision 082); the files leave the disk after the commit.
    const caseFiles = deleteCaseRoomsOfCustomer(db, userId);
    db.delete(users).where(eq(users.id, userId)).run();
    effects.deleted?.(plan);
    return { ok: true, plan, caseFiles };
  });
  if (reviewsShown) publicDataChanged(db);
  return result;
}
