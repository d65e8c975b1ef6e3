/** Customer accounts: creation (with referral), profile and password changes, and deletion. */
import { eq, inArray, or, sql } from "drizzle-orm";
import { scrubMailFor } from "../mail/outbox.server";
import { cancelUpcomingBookings } from "./bookings.server";
import { immediate, type Db } from "./client.server";
import { referrerForCode } from "./referrals.server";
import { publicDataChanged } from "./public-data.server";
import { bookings, cartItems, orders, passwordResets, payments, reviews, reviewVotes, sessions, users, wishlistItems, type User } from "./schema";
import { getSettings } from "./settings.server";
import { deleteCaseNotesOfCustomer } from "./case-notes.server";
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
 * Deletes an account, all in one transaction. Personal data goes; bookings and orders the business
 * must keep stay, detached from the person and stripped of contact details. Upcoming bookings are
 * cancelled (their places freed, rewards voided), their e-mails leave the outbox, and payments
 * keep no e-mail address. The back office's case notes about the customer (on the account, its
 * bookings and orders, and enquiries from its addresses) are deleted.
 */
export function deleteAccount(db: Db, userId: string, now = new Date()) {
  // Its published reviews and helpful votes leave the product pages, so their cached copies go too.
  let reviewsShown = false;
  immediate(db, () => {
    const user = findUserById(db, userId);
    if (!user) return;
    cancelUpcomingBookings(db, userId, now, getSettings(db).timezone);
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
    db.delete(users).where(eq(users.id, userId)).run();
  });
  if (reviewsShown) publicDataChanged(db);
}
