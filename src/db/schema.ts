/**
 * The whole data model: customers and sessions, bookings and time slots, referrals, contacts, the
 * shop, admins and their tokens, settings, the outbox, payments, content sections and pricing.
 * Money is stored as decimal strings with two places ("695.00"), as the API shapes expect (docs/product.md#prices).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { adminRoles } from "../domain/admin-roles";
import { auditKinds } from "../domain/audit";
import { caseNoteLists } from "../shared/admin-notes";
import { caseFileStatuses, caseSides, caseStatuses } from "../shared/case-room";
import { bookingStatuses } from "../domain/booking";
import { orderActors, orderPaymentStatuses, orderStatuses } from "../domain/order";
import { outboxStatuses } from "../domain/outbox";
import { paymentStatuses } from "../domain/payment";
import { refundStatuses } from "../domain/refund";
import { referralStatuses } from "../domain/referral";
import { reviewNameChoices } from "../shared/reviews";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
const money = (name: string) => text(name);
const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull().unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    passwordHash: text("password_hash"),
    googleId: text("google_id").unique(),
    isNewCustomer: integer("is_new_customer", { mode: "boolean" }).notNull().default(true),
    referralCode: text("referral_code").unique(),
    referredBy: text("referred_by"),
    totalReferralEarnings: money("total_referral_earnings").notNull().default("0.00"),
    suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
    /** When the owner of `email` proved it (a link by e-mail, or Google); null until then. */
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    /** When they first signed in (the dashboard greets that session with "Welcome", later ones "Welcome back"). */
    firstSignedInAt: integer("first_signed_in_at", { mode: "timestamp_ms" }),
    /** "E-mail me to review what I bought": the customer's switch for review invitations (on until they turn it off). */
    reviewInvites: integer("review_invites", { mode: "boolean" }).notNull().default(true),
    /** "E-mail me a reminder before each appointment": the customer's switch for booking reminders (on until they turn it off). */
    bookingReminders: integer("booking_reminders", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The admin's user list is newest first.
  (t) => [index("users_created_idx").on(t.createdAt)],
);

/** Customer sessions: `sid` is the SHA-256 of the cookie token, never the token itself. */
export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    /**
     * `firstSignIn`: this session began the user's very first sign-in. `confirmedAt`: the holder last
     * showed it was still them, and `identityCode` the e-mailed code they may do it with (a download
     * on an old sign-in, decision 081).
     */
    sess: json<{
      userId: string;
      createdAt: number;
      firstSignIn?: boolean;
      confirmedAt?: number;
      identityCode?: { hash: string; expiresAt: number; triesLeft: number };
    }>("sess").notNull(),
    expire: integer("expire", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_expire_idx").on(t.expire)],
);

export const passwordResets = sqliteTable("password_resets", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  usedAt: integer("used_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

/** One-time e-mail verification links: only the token's hash is kept, with the address it proves. */
export const emailVerifications = sqliteTable(
  "email_verifications",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("email_verifications_user_idx").on(t.userId)],
);

export const bookings = sqliteTable(
  "bookings",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    serviceId: text("service_id"),
    serviceName: text("service_name").notNull(),
    servicePrice: money("service_price").notNull(),
    originalPrice: money("original_price"),
    /**
     * The currency the booking was priced in: the currency setting when it was booked. Everything
     * priced from the booking (payment requests, PayPal, plans, refunds) uses it, never today's setting.
     */
    currency: text("currency").notNull().default("USD"),
    discountApplied: integer("discount_applied", { mode: "boolean" }).notNull().default(false),
    appointmentDate: text("appointment_date").notNull(),
    appointmentTime: text("appointment_time").notNull(),
    duration: integer("duration").notNull().default(60),
    location: text("location"),
    notes: text("notes"),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),
    status: text("status", { enum: bookingStatuses }).notNull().default("pending"),
    timeSlotId: integer("time_slot_id").references(() => timeSlots.id),
    bookingDetails: json<Record<string, unknown>>("booking_details"),
    /** The calendar invitation's SEQUENCE (RFC 5545): raised by every change a new invitation is sent for, never lowered. */
    icsSequence: integer("ics_sequence").notNull().default(0),
    /** What the customer quotes (`BK-7KQ4-M2XD`) and the key of the booking's page; set on every booking (migration 0016 gave the older ones theirs). */
    reference: text("reference"),
    /** Who cancelled it and when (null while it is not cancelled): the dashboard lists customers' cancellations. */
    cancelledBy: text("cancelled_by", { enum: orderActors }),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    /**
     * The start the customer was last reminded of (the appointment's instant then), null until a
     * reminder goes: a booking moved to another start is reminded again, the same start never twice.
     */
    remindedFor: integer("reminded_for", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bookings_user_idx").on(t.userId, t.createdAt),
    index("bookings_cancelled_idx").on(t.cancelledBy, t.cancelledAt),
    // Covers the dashboard's month and the analytics (by creation time, status, service, price and its currency) without reading rows.
    index("bookings_created_idx").on(t.createdAt, t.status, t.serviceName, t.servicePrice, t.currency),
    // The analytics ask whether more than one currency was ever booked in (its first and last, two lookups).
    index("bookings_currency_idx").on(t.currency),
    // The admin list: by appointment, optionally one status.
    index("bookings_appointment_idx").on(t.appointmentDate, t.appointmentTime),
    index("bookings_status_idx").on(t.status, t.appointmentDate, t.appointmentTime),
    uniqueIndex("bookings_reference_idx").on(t.reference),
  ],
);

export const timeSlots = sqliteTable(
  "time_slots",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    date: text("date").notNull(),
    time: text("time").notNull(),
    isAvailable: integer("is_available", { mode: "boolean" }).notNull().default(true),
    maxBookings: integer("max_bookings").notNull().default(1),
    currentBookings: integer("current_bookings").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("time_slots_date_time_idx").on(t.date, t.time),
    check("time_slots_capacity", sql`${t.currentBookings} >= 0 AND ${t.currentBookings} <= ${t.maxBookings}`),
  ],
);

/**
 * The slots a booking holds (decision 070): one row per slot whose place it took, so cancelling or
 * moving gives back exactly those places. A booking made before lengths existed holds its one slot.
 */
export const bookingSlots = sqliteTable(
  "booking_slots",
  {
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    slotId: integer("slot_id")
      .notNull()
      .references(() => timeSlots.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.slotId] }), index("booking_slots_slot_idx").on(t.slotId)],
);

/**
 * The owner's word on a whole day (decision 077): closed, with the reason, or open. A day with no
 * row is closed when it is a South Australian public holiday and open otherwise, so a reopened
 * holiday is a row with `closed` false. A closed day offers no time to customers; its slots and
 * the bookings already in them are kept.
 */
export const calendarDays = sqliteTable(
  "calendar_days",
  {
    date: text("date").primaryKey(),
    closed: integer("closed", { mode: "boolean" }).notNull(),
    reason: text("reason"),
    updatedAt: updatedAt(),
  },
  (t) => [check("calendar_days_date", sql`${t.date} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`)],
);

export const visitorCounter = sqliteTable(
  "visitor_counter",
  {
    id: integer("id").primaryKey(),
    count: integer("count").notNull().default(3333),
    updatedAt: updatedAt(),
  },
  (t) => [check("visitor_counter_non_negative", sql`${t.count} >= 0`)],
);

export const referralTransactions = sqliteTable(
  "referral_transactions",
  {
    id: id(),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referredUserId: text("referred_user_id").references(() => users.id, { onDelete: "set null" }),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    amount: money("amount").notNull(),
    type: text("type").notNull(),
    status: text("status", { enum: referralStatuses }).notNull().default("pending"),
    /** When the owner paid the reward out, or voided it and why. */
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    voidedAt: integer("voided_at", { mode: "timestamp_ms" }),
    voidReason: text("void_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    // Also covers the referrers' tallies (amount last), so the admin list never reads a reward row.
    index("referral_tx_referrer_idx").on(t.referrerId, t.status, t.createdAt, t.amount),
    index("referral_tx_booking_idx").on(t.bookingId),
    index("referral_tx_status_idx").on(t.status, t.createdAt),
  ],
);

export const contacts = sqliteTable(
  "contacts",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    service: text("service").notNull(),
    message: text("message").notNull(),
    urgency: text("urgency").notNull().default("normal"),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    /** When the owner marked the enquiry dealt with. */
    handledAt: integer("handled_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    // The inbox order: unhandled first, emergencies first among them, newest first.
    index("contacts_inbox_idx").on(sql`(${t.handledAt} is not null)`, sql`(${t.urgency} <> 'emergency')`, t.createdAt),
    index("contacts_created_idx").on(t.createdAt),
    // A customer's record lists the enquiries sent from their account's address (decision 076); accounts' addresses are lower case.
    index("contacts_email_idx").on(sql`lower(${t.email})`, t.createdAt),
  ],
);

/**
 * How many bookings there are per status and appointment date, kept by triggers on bookings in the
 * same transaction as every change (db/0038_booking_day_counts.sql), so the bookings list's total
 * sums a row per day instead of counting every booking that matches.
 */
export const bookingDayCounts = sqliteTable(
  "booking_day_counts",
  {
    status: text("status").notNull(),
    date: text("date").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.date] })],
);

/**
 * How many enquiries there are per handled state and urgency, kept by triggers on contacts in the
 * same transaction as every change (db/0037_contact_counts.sql), so the inbox's total and the
 * dashboard's count are read, not counted over every enquiry. `handled` is 1 once handled.
 */
export const contactCounts = sqliteTable(
  "contact_counts",
  {
    handled: integer("handled").notNull(),
    urgency: text("urgency").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.handled, t.urgency] })],
);

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
  description: text("description"),
  imageUrl: text("image_url"),
  parentId: integer("parent_id"),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    shortDescription: text("short_description"),
    price: money("price").notNull(),
    salePrice: money("sale_price"),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    sku: text("sku").unique(),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
    weight: text("weight"),
    dimensions: json<{ length?: number; width?: number; height?: number; unit?: string }>("dimensions"),
    images: json<string[]>("images").notNull().default([]),
    specifications: json<Record<string, string>>("specifications"),
    features: json<string[]>("features").notNull().default([]),
    tags: json<string[]>("tags").notNull().default([]),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    isFeatured: integer("is_featured", { mode: "boolean" }).notNull().default(false),
    requiresVerification: integer("requires_verification", { mode: "boolean" }).notNull().default(false),
    restrictedStates: json<string[]>("restricted_states").notNull().default([]),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId),
    // The dashboard's out-of-stock and low-stock products, without reading every product.
    index("products_stock_idx").on(t.isActive, t.stockQuantity),
    index("products_low_stock_idx").on(t.isActive, sql`(${t.stockQuantity} <= ${t.lowStockThreshold})`, t.stockQuantity),
    check("products_stock_non_negative", sql`${t.stockQuantity} >= 0`),
  ],
);

export const cartItems = sqliteTable(
  "cart_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(1),
    addedAt: integer("added_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("cart_items_user_product_idx").on(t.userId, t.productId), check("cart_items_quantity_positive", sql`${t.quantity} >= 1`)],
);

export type Address = {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone?: string;
};

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    orderNumber: text("order_number").notNull().unique(),
    status: text("status", { enum: orderStatuses }).notNull().default("pending"),
    totalAmount: money("total_amount").notNull(),
    subtotal: money("subtotal").notNull(),
    taxAmount: money("tax_amount").notNull().default("0.00"),
    shippingAmount: money("shipping_amount").notNull().default("0.00"),
    discountAmount: money("discount_amount").notNull().default("0.00"),
    /** The currency the order was priced in (the currency setting when it was placed). */
    currency: text("currency").notNull().default("USD"),
    paymentStatus: text("payment_status", { enum: orderPaymentStatuses }).notNull().default("pending"),
    paymentMethod: text("payment_method"),
    paymentIntentId: text("payment_intent_id"),
    shippingAddress: json<Address>("shipping_address").notNull(),
    billingAddress: json<Address>("billing_address").notNull(),
    trackingNumber: text("tracking_number"),
    /** Who carries the parcel (`shared/orders.ts` carriers); null on orders shipped before carriers were recorded (Australia Post then). */
    carrier: text("carrier"),
    shippedAt: integer("shipped_at", { mode: "timestamp_ms" }),
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
    notes: text("notes"),
    /** Until when an unpaid order holds its stock; then the site cancels it. */
    holdExpiresAt: integer("hold_expires_at", { mode: "timestamp_ms" }),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    verifiedAt: integer("verified_at", { mode: "timestamp_ms" }),
    /** The ID document the owner sighted for the check (`shared/orders.ts` idDocuments), and the admin who saw it (their username, kept if they leave). */
    verifiedDocument: text("verified_document"),
    verifiedBy: text("verified_by"),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    /** Who cancelled it (null while it is not cancelled): the dashboard lists customers' cancellations. */
    cancelledBy: text("cancelled_by", { enum: orderActors }),
    /** When the order's stock went back to the shelf: set once, so it is never given back twice. */
    stockReleasedAt: integer("stock_released_at", { mode: "timestamp_ms" }),
    /** When the invitation to review the order's products was queued (or the order was passed over): set once, so it is never sent twice. */
    reviewInvitedAt: integer("review_invited_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_hold_idx").on(t.status, t.holdExpiresAt),
    index("orders_cancelled_idx").on(t.cancelledBy, t.cancelledAt),
    // The review invitations' job: delivered orders not yet invited, by when they arrived.
    index("orders_review_invite_idx").on(t.status, t.reviewInvitedAt, t.deliveredAt),
    // Covers the admin dashboard's order figures, so they read this narrow index, not every order's addresses.
    index("orders_stats_idx").on(t.paymentStatus, t.status, t.totalAmount),
    // Covers the analytics' money by the day it arrived, by method and by currency, without reading rows.
    index("orders_money_idx").on(t.paymentStatus, t.status, t.paidAt, t.createdAt, t.paymentMethod, t.totalAmount, t.currency),
    // The analytics ask whether more than one currency was ever ordered in (its first and last, two lookups).
    index("orders_currency_idx").on(t.currency),
  ],
);

/** Every change of an order's status or payment status: when, to what, and who made it. */
export const orderEvents = sqliteTable(
  "order_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: orderStatuses }).notNull(),
    paymentStatus: text("payment_status", { enum: orderPaymentStatuses }).notNull(),
    actor: text("actor", { enum: orderActors }).notNull(),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.id)],
);

export const orderItems = sqliteTable(
  "order_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    quantity: integer("quantity").notNull(),
    unitPrice: money("unit_price").notNull(),
    totalPrice: money("total_price").notNull(),
    productSnapshot: json<Record<string, unknown>>("product_snapshot").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_items_order_idx").on(t.orderId), index("order_items_product_idx").on(t.productId)],
);

/**
 * One review per customer and product. Others see it only once approved; a rejected review keeps
 * the reason its author was told. Editing sends it back to waiting (approved and rejected cleared).
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The delivered order that makes it a verified purchase. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    title: text("title"),
    comment: text("comment"),
    isVerifiedPurchase: integer("is_verified_purchase", { mode: "boolean" }).notNull().default(false),
    isApproved: integer("is_approved", { mode: "boolean" }).notNull().default(false),
    helpfulVotes: integer("helpful_votes").notNull().default(0),
    rejectedAt: integer("rejected_at", { mode: "timestamp_ms" }),
    rejectionReason: text("rejection_reason"),
    /** How its author chose their name to show with it (decision 069); reviews from before the choice show initials. */
    nameShown: text("name_shown", { enum: reviewNameChoices }).notNull().default("initials"),
    /** The business's public answer, shown under the review. */
    reply: text("reply"),
    repliedAt: integer("replied_at", { mode: "timestamp_ms" }),
    /**
     * When the business last changed its words before publishing (decision 076), and the reason the
     * customer was told; null while the words are the customer's own. The public page marks it.
     */
    editedByBusinessAt: integer("edited_by_business_at", { mode: "timestamp_ms" }),
    editReason: text("edit_reason"),
    /** The customer's own title and comment before the business's first edit: kept for the audit, never shown publicly. */
    originalTitle: text("original_title"),
    originalComment: text("original_comment"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} BETWEEN 1 AND 5`),
    uniqueIndex("reviews_user_product_idx").on(t.userId, t.productId),
    index("reviews_product_approved_idx").on(t.productId, t.isApproved, t.createdAt),
    // The back office's waiting reviews (its list's first group and the dashboard's count).
    index("reviews_moderation_idx").on(t.isApproved, t.rejectedAt, t.createdAt),
  ],
);

/** "Was this helpful?": one vote per customer and review. */
export const reviewVotes = sqliteTable(
  "review_votes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("review_votes_review_user_idx").on(t.reviewId, t.userId), index("review_votes_user_idx").on(t.userId, t.createdAt)],
);

export const wishlistItems = sqliteTable(
  "wishlist_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    addedAt: integer("added_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
    /** False once the customer asked (from a back-in-stock e-mail) not to hear about this product again. */
    backInStockMail: integer("back_in_stock_mail", { mode: "boolean" }).notNull().default(true),
    /** When the last back-in-stock e-mail about it was queued, if ever. */
    notifiedAt: integer("notified_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("wishlist_user_product_idx").on(t.userId, t.productId), index("wishlist_product_idx").on(t.productId)],
);

/** Customers who asked for no back-in-stock e-mails at all (from any such e-mail's link). */
export const backInStockOptOuts = sqliteTable("back_in_stock_opt_outs", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const admins = sqliteTable("admins", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  /** The TOTP key (hex) once two-factor sign-in is confirmed; null while it is off. */
  totpKey: text("totp_key"),
  /** A key offered by set-up and not yet confirmed with a first code. */
  totpPendingKey: text("totp_pending_key"),
  totpEnabledAt: integer("totp_enabled_at", { mode: "timestamp_ms" }),
  /** The last 30-second step whose code was accepted: a code is never accepted twice. */
  totpLastStep: integer("totp_last_step"),
  /** What the admin may open: an owner everything, staff the day-to-day work (decision 040). */
  role: text("role", { enum: adminRoles }).notNull().default("owner"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One-time recovery codes of an admin with two-factor sign-in (decision 039): ten given at set-up,
 * stored as the SHA-256 of the code (60 random bits each), each accepted once (`usedAt`).
 */
export const adminRecoveryCodes = sqliteTable(
  "admin_recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("admin_recovery_codes_hash_idx").on(t.adminId, t.codeHash)],
);

/**
 * The append-only record of every change made through the admin portal: who (the admin's id and,
 * kept for when the admin is removed, their username), when, what (`action` within a `kind`), on
 * which record, and for prices and settings the values before and after. Triggers (migration
 * 0006) refuse every UPDATE and DELETE, so nothing in the site can rewrite it.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: integer("admin_id"),
    adminUsername: text("admin_username").notNull(),
    kind: text("kind", { enum: auditKinds }).notNull(),
    action: text("action").notNull(),
    recordId: text("record_id"),
    /** A line a person reads: "Marked order PI-7KQ4-M2XD paid". */
    summary: text("summary").notNull(),
    before: json<unknown>("before"),
    after: json<unknown>("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_admin_idx").on(t.adminId, t.createdAt),
    index("audit_log_kind_idx").on(t.kind, t.createdAt),
  ],
);

/**
 * The back office's private notes on a record (an enquiry, booking, order or customer), keyed like
 * the record's address. Never read by a customer page, e-mail or CSV; deleted with the record or
 * with the customer's account (decision 041). The author is kept by name, as in the audit log.
 */
export const caseNotes = sqliteTable(
  "case_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recordList: text("record_list", { enum: caseNoteLists }).notNull(),
    /** The order number, or the booking's, enquiry's or customer's id. */
    recordKey: text("record_key").notNull(),
    adminId: integer("admin_id"),
    adminUsername: text("admin_username").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("case_notes_record_idx").on(t.recordList, t.recordKey, t.createdAt)],
);

/** Admin bearer tokens: only the SHA-256 of the token is stored. */
export const adminTokens = sqliteTable(
  "admin_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** When the admin last gave the password (and code) on this token: sign-in, or a re-check before a sensitive change. */
    reauthenticatedAt: integer("reauthenticated_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("admin_tokens_expires_idx").on(t.expiresAt)],
);

/** Business details the owner edits without a deploy; values are JSON-encoded. */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Lines of the "Before you go live" checklist an owner set aside (decision 074): a thing the business
 * does not use ("not_used": PayPal, crypto) or a shipped value it keeps ("kept": the currency), with
 * the owner's reason. Deleting the row (undo) puts the line back; both are audited.
 */
export const goLiveMarks = sqliteTable("go_live_marks", {
  item: text("item").primaryKey(),
  mark: text("mark", { enum: ["not_used", "kept"] }).notNull(),
  reason: text("reason").notNull(),
  adminId: integer("admin_id"),
  adminUsername: text("admin_username").notNull(),
  createdAt: createdAt(),
});

/** Texts of the public pages; `content` is JSON validated by the section's schema in shared/content.ts. */
export const contentSections = sqliteTable("content_sections", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  type: text("type").notNull(),
  content: text("content").notNull(),
  updatedAt: updatedAt(),
});

/** The one service-pricing table every page reads its prices from. */
export const servicePricing = sqliteTable("service_pricing", {
  id: text("id").primaryKey(),
  kind: text("kind").notNull(),
  name: text("name").notNull(),
  price: money("price").notNull(),
  unit: text("unit").notNull(),
  minimumUnits: integer("minimum_units").notNull().default(1),
  duration: text("duration"),
  durationMinutes: integer("duration_minutes").notNull().default(60),
  /**
   * How long a booking of this package holds the investigator (decision 070): `hours` holds
   * `lengthCount` hours from the start within the day's opening hours (for an hourly package the
   * customer chooses the hours, `minimumUnits` at least); `days` holds every slot of `lengthCount`
   * days from the chosen day's opening.
   */
  lengthUnit: text("length_unit", { enum: ["hours", "days"] })
    .notNull()
    .default("hours"),
  lengthCount: integer("length_count").notNull().default(1),
  description: text("description").notNull().default(""),
  features: json<string[]>("features").notNull().default([]),
  isPopular: integer("is_popular", { mode: "boolean" }).notNull().default(false),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: updatedAt(),
});

/** Every e-mail is written here first, then delivered and retried by the outbox worker. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    replyTo: text("reply_to"),
    attachments: json<{ filename: string; content: string; contentType: string }[]>("attachments"),
    status: text("status", { enum: outboxStatuses }).notNull().default("pending"),
    /** Customer mail counts towards the per-recipient hourly limit; business notifications do not. */
    recipientLimited: integer("recipient_limited", { mode: "boolean" }).notNull().default(false),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_pending_idx").on(t.status, t.nextAttemptAt),
    index("outbox_created_idx").on(t.createdAt),
    // The per-recipient hourly limit counts one address's last hour of mail (mailQueuedTo).
    index("outbox_recipient_idx").on(sql`lower(${t.to})`, t.createdAt),
  ],
);

/**
 * One row per scheduled backup (server/scheduled-backup.server.ts): when it ran, its file, and how
 * it ended. The newest row tells the dashboard whether the last backup failed, and at which step.
 */
export const backupRuns = sqliteTable(
  "backup_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }).notNull(),
    /** The backup's file name inside `<DATA_DIR>/backups/` (null when none was written). */
    fileName: text("file_name"),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    /** Where a failed run stopped: writing the copy, checking it, or the owner's command. */
    failedStep: text("failed_step", { enum: ["backup", "check", "command"] }),
    /** What went wrong, or what the owner's command printed last. */
    message: text("message"),
  },
  (t) => [index("backup_runs_started_idx").on(t.startedAt)],
);

/** One row per business day the daily digest was done for: the claim that keeps it to once a day. */
export const dailyDigests = sqliteTable("daily_digests", {
  /** The business day (YYYY-MM-DD in the business timezone). */
  day: text("day").primaryKey(),
  doneAt: integer("done_at", { mode: "timestamp_ms" }).notNull(),
  /** The outbox message queued for the day; null when there was nothing to do and nothing was sent. */
  outboxId: integer("outbox_id"),
});

/** Payment requests (instructions, cash deposit) and provider payments, recorded by the server. */
export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    serviceId: text("service_id"),
    serviceName: text("service_name").notNull(),
    method: text("method").notNull(),
    amount: money("amount").notNull(),
    currency: text("currency").notNull().default("USD"),
    email: text("email"),
    referenceCode: text("reference_code").notNull().unique(),
    providerOrderId: text("provider_order_id").unique(),
    providerCaptureId: text("provider_capture_id"),
    /** The shop order this payment pays, when it pays one rather than a service. */
    shopOrderId: integer("shop_order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The booking this payment pays, when it pays one (at the booking's own price). */
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    status: text("status", { enum: paymentStatuses }).notNull().default("requested"),
    /** When the money arrived: a capture recorded, or a payment request marked paid by the owner. */
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    /** The admin who marked it paid by hand (the money arrived outside the site); null when a capture recorded it. */
    markedPaidBy: text("marked_paid_by"),
    /** Which instalment of its booking's payment plan this payment pays (decision 085); null for a booking paid in full. */
    instalmentNumber: integer("instalment_number"),
    /**
     * When a capture of this payment was last sent to PayPal, until its answer is recorded (null
     * otherwise). Every worker process sees it, so the order expiry and the payment check leave the
     * payment alone meanwhile (decision 093); a mark older than `captureMarkGoodForMs` is from a
     * process that stopped mid-capture and is ignored.
     */
    captureStartedAt: integer("capture_started_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_user_idx").on(t.userId),
    index("payments_booking_idx").on(t.bookingId, t.createdAt),
    index("payments_shop_order_idx").on(t.shopOrderId),
    index("payments_created_idx").on(t.createdAt),
    // Covers the money received for services (dashboard and analytics, by currency) without reading rows.
    index("payments_money_idx").on(t.status, t.shopOrderId, t.paidAt, t.createdAt, t.method, t.amount, t.currency),
    // The analytics ask whether more than one currency was ever paid in (its first and last, two lookups).
    index("payments_currency_idx").on(t.currency),
  ],
);

/**
 * How many payments there are per status and method, kept by triggers on payments in the same
 * transaction as every change (db/0040_payment_counts.sql), so the payments list's total is read,
 * not counted over every payment.
 */
export const paymentCounts = sqliteTable(
  "payment_counts",
  {
    status: text("status").notNull(),
    method: text("method").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.method] })],
);

/**
 * Tax invoices: one per paid shop order or paid service payment. `number` is assigned in the
 * transaction that records the payment, one more than the highest ever issued, and a row is never
 * deleted (its order or payment may be, so the references are kept as plain values), so no number
 * is used twice. The seller's name and ABN and the money are kept as they were on the day it was issued.
 */
export const invoices = sqliteTable(
  "invoices",
  {
    number: integer("number").primaryKey(),
    orderId: integer("order_id").unique(),
    paymentId: text("payment_id").unique(),
    businessName: text("business_name").notNull(),
    abn: text("abn").notNull(),
    /** The amount invoiced and the GST it includes, as recorded when it was paid (an order's stored totals). */
    totalAmount: money("total_amount").notNull(),
    taxAmount: money("tax_amount").notNull(),
    currency: text("currency").notNull(),
    issuedAt: integer("issued_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [check("invoices_one_subject", sql`(${t.orderId} IS NULL) <> (${t.paymentId} IS NULL)`)],
);

/**
 * Images uploaded in the portal. The bytes live in the data directory's `uploads/` folder under
 * this random name (served at /uploads/{name}); the row records what the bytes were checked to be.
 */
export const uploads = sqliteTable("uploads", {
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: integer("bytes").notNull(),
  createdAt: createdAt(),
});

/** Seed versions applied to this database: each is applied once, so the owner's deletions stay deleted. */
export const seedVersions = sqliteTable("seed_versions", {
  version: integer("version").primaryKey(),
  appliedAt: integer("applied_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date()),
});

/** One row per site visit counted, for the analytics charts. */
export const visitLog = sqliteTable("visit_log", {
  day: text("day").primaryKey(),
  visits: integer("visits").notNull().default(0),
});

/**
 * Kept per-day totals (decision 047): what the dashboard and analytics show, kept by triggers in the
 * same transaction as every write that changes them (db/0029_kept_totals_triggers.sql) and rebuilt
 * by `rebuildTotals` (kept-totals.server.ts). `day` is the local date in the business timezone.
 * Kinds: `booking` (key: service name; bookings created that day, not cancelled, and their value),
 * `order` (key: order status; orders placed that day), `revenue` (key: payment method; money
 * received that day: paid orders not refunded, completed service payments), `product` (key:
 * `id:<product>`, `name:<name sold under>` or `none:`; units and value of paid orders' items).
 */
export const dailyTotals = sqliteTable(
  "daily_totals",
  {
    kind: text("kind").notNull(),
    day: text("day").notNull(),
    key: text("key").notNull(),
    n: integer("n").notNull().default(0),
    cents: integer("cents").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day, t.key] })],
);

/**
 * The kept per-day totals summed per month (`month` is `YYYY-MM`), kept from `daily_totals` by its
 * own triggers (db/0034_monthly_totals.sql), so the 12-month report reads a dozen rows per key
 * instead of a year of days.
 */
export const monthlyTotals = sqliteTable(
  "monthly_totals",
  {
    kind: text("kind").notNull(),
    month: text("month").notNull(),
    key: text("key").notNull(),
    n: integer("n").notNull().default(0),
    cents: integer("cents").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.month, t.key] })],
);

/**
 * Each referrer's kept tallies (decision 047): customers referred, and rewards by status; with the
 * referrer's sign-up time, so the admin list's order (most pending, then paid, then newest) is an index.
 */
export const referrerTotals = sqliteTable(
  "referrer_totals",
  {
    userId: text("user_id").primaryKey(),
    userCreatedAt: integer("user_created_at").notNull().default(0),
    referredCount: integer("referred_count").notNull().default(0),
    pendingCents: integer("pending_cents").notNull().default(0),
    pendingCount: integer("pending_count").notNull().default(0),
    paidCents: integer("paid_cents").notNull().default(0),
    paidCount: integer("paid_count").notNull().default(0),
    voidCents: integer("void_cents").notNull().default(0),
    voidCount: integer("void_count").notNull().default(0),
  },
  (t) => [index("referrer_totals_list_idx").on(sql`${t.pendingCents} desc`, sql`${t.paidCents} desc`, sql`${t.userCreatedAt} desc`, t.userId)],
);

/**
 * The business timezone's offsets from UTC, from each change on (decision 047): the triggers turn
 * an instant into its local date with it. Written by `rebuildTotals` for the timezone setting.
 */
export const tzOffsets = sqliteTable("tz_offsets", {
  fromMs: integer("from_ms").primaryKey(),
  offsetMs: integer("offset_ms").notNull(),
});

/** What the kept totals were last rebuilt for: `timezone` (and `version`, the triggers' generation). */
export const keptTotalsState = sqliteTable("kept_totals_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * Who runs the background jobs (decision 050): one row per lease, held by one running instance
 * until `expires_at`, renewed while it lives, released when it stops and taken over once expired.
 */
export const jobLeases = sqliteTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Case rooms (decision 079): where the business delivers a booking's reports, photos and videos to
 * its client, with a status timeline and a message thread. A room is made by its first write (an
 * update, a message or a file) for one booking; the business may gather more of the same customer's
 * bookings into it (`case_room_bookings`). Deleting the customer's account deletes their rooms.
 */
export const caseRooms = sqliteTable(
  "case_rooms",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: caseStatuses }).notNull().default("scheduled"),
    /** When it was last closed (null while open): its files are deleted `caseFileRetentionDays` after. */
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    /** When the client was warned that the files will be deleted (once per closing). */
    retentionWarnedAt: integer("retention_warned_at", { mode: "timestamp_ms" }),
    /** When retention deleted the files. */
    filesDeletedAt: integer("files_deleted_at", { mode: "timestamp_ms" }),
    /** Last time each side opened the room, and last time each side was told of something new: one notice until seen. */
    clientSeenAt: integer("client_seen_at", { mode: "timestamp_ms" }),
    businessSeenAt: integer("business_seen_at", { mode: "timestamp_ms" }),
    clientNotifiedAt: integer("client_notified_at", { mode: "timestamp_ms" }),
    businessNotifiedAt: integer("business_notified_at", { mode: "timestamp_ms" }),
    /** The last update, message or file: the portal's list is newest first. */
    lastActivityAt: integer("last_activity_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("case_rooms_user_idx").on(t.userId),
    index("case_rooms_activity_idx").on(t.lastActivityAt),
    index("case_rooms_closed_idx").on(t.closedAt),
    // Only the rooms with activity the business has not opened: the dashboard's to-do group reads these alone.
    index("case_rooms_unseen_idx").on(t.lastActivityAt).where(sql`last_activity_at > coalesce(business_seen_at, 0)`),
  ],
);

/** Which room each booking is in: one room per booking, a room may gather several of one customer's bookings. */
export const caseRoomBookings = sqliteTable(
  "case_room_bookings",
  {
    bookingId: text("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    caseRoomId: integer("case_room_id")
      .notNull()
      .references(() => caseRooms.id, { onDelete: "cascade" }),
  },
  (t) => [index("case_room_bookings_room_idx").on(t.caseRoomId)],
);

/** The business's status updates on a room's timeline, each with the words the client reads. */
export const caseUpdates = sqliteTable(
  "case_updates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    caseRoomId: integer("case_room_id")
      .notNull()
      .references(() => caseRooms.id, { onDelete: "cascade" }),
    status: text("status", { enum: caseStatuses }).notNull(),
    note: text("note"),
    adminId: integer("admin_id"),
    adminUsername: text("admin_username").notNull(),
    /** Whether the client was told (a content-free e-mail). */
    notified: integer("notified", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("case_updates_room_idx").on(t.caseRoomId, t.createdAt)],
);

/** A room's message thread, both ways. */
export const caseMessages = sqliteTable(
  "case_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    caseRoomId: integer("case_room_id")
      .notNull()
      .references(() => caseRooms.id, { onDelete: "cascade" }),
    side: text("side", { enum: caseSides }).notNull(),
    /** The admin who wrote a business message (the client sees the business's name, never this). */
    adminId: integer("admin_id"),
    adminUsername: text("admin_username"),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("case_messages_room_idx").on(t.caseRoomId, t.createdAt)],
);

/**
 * An upload still under way, written once for the partial index that holds just those and for the
 * sweep that reads it: SQLite uses a partial index only for a query that writes its very WHERE.
 */
export const caseFileUploading = sql`status = 'uploading'`;

/**
 * A room's files, from either side. The bytes live encrypted in `<DATA_DIR>/case-files/<storage_name>`
 * under a key of their own, sealed by the data directory's secret (`sealed_key`); `sha256` is the
 * original bytes' digest, shown so the evidence can be checked unchanged.
 */
export const caseFiles = sqliteTable(
  "case_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    caseRoomId: integer("case_room_id")
      .notNull()
      .references(() => caseRooms.id, { onDelete: "cascade" }),
    /** The message it came with, if any. */
    messageId: integer("message_id").references(() => caseMessages.id, { onDelete: "set null" }),
    side: text("side", { enum: caseSides }).notNull(),
    userId: text("user_id"),
    adminId: integer("admin_id"),
    adminUsername: text("admin_username"),
    /** The file's name as shown and downloaded: made safe when the upload starts. */
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    /** The size announced when the upload started; the upload is complete when `received_bytes` reaches it. */
    size: integer("size").notNull(),
    receivedBytes: integer("received_bytes").notNull().default(0),
    sha256: text("sha256"),
    storageName: text("storage_name").notNull().unique(),
    sealedKey: text("sealed_key").notNull(),
    status: text("status", { enum: caseFileStatuses }).notNull().default("uploading"),
    createdAt: createdAt(),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    /** When the off-site command was handed the encrypted file (with the backups). */
    offsiteAt: integer("offsite_at", { mode: "timestamp_ms" }),
    /**
     * A chunk is being received until then (ms), by whichever worker process claimed it: another
     * request for the upload meanwhile is refused (409). Renewed while the bytes arrive, so a
     * process that stopped mid-chunk holds the upload for at most the lease (decision 093).
     */
    chunkClaimedUntil: integer("chunk_claimed_until"),
    /** The last chunk received: an upload left unfinished for a day is removed. */
    updatedAt: updatedAt(),
  },
  (t) => [
    index("case_files_room_idx").on(t.caseRoomId, t.createdAt),
    // Only the uploads under way, for the sweep of abandoned ones. No index on the status of every
    // file: it would be SQLite's pick for "this room's ready files" over the room's index, and read
    // every room's (decision 094).
    index("case_files_uploading_idx").on(t.updatedAt).where(caseFileUploading),
  ],
);

/**
 * Who downloaded what (the owner reads it): one row per viewer, file and sitting (requests within
 * ten minutes, as a video's scrubbing makes, are counted on one row). `file_id` null: the zip of all.
 */
export const caseDownloads = sqliteTable(
  "case_downloads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    caseRoomId: integer("case_room_id")
      .notNull()
      .references(() => caseRooms.id, { onDelete: "cascade" }),
    fileId: integer("file_id"),
    /** The file's name when downloaded, so the log still reads after retention deletes the file. */
    fileName: text("file_name").notNull(),
    side: text("side", { enum: caseSides }).notNull(),
    userId: text("user_id"),
    adminId: integer("admin_id"),
    viewerName: text("viewer_name").notNull(),
    ip: text("ip").notNull(),
    requests: integer("requests").notNull().default(1),
    firstAt: integer("first_at", { mode: "timestamp_ms" }).notNull(),
    lastAt: integer("last_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("case_downloads_room_idx").on(t.caseRoomId, t.lastAt)],
);

/**
 * Money going back to a customer: a booking's payment (`payment_id`) or a shop order (`order_id`),
 * one refund each (decision 084). Through PayPal it is `completed` at once, with PayPal's refund id;
 * paid any other way it is `owed` (the owner's to-do list) until the owner says it was `sent`, on
 * which date (`sent_on`, the business's own date) and who said so. `created_by` is the admin who
 * refunded it, null when the site did (a capture that arrived after its booking was cancelled).
 * The payment and order ids are kept as plain values, like an invoice's.
 */
export const refunds = sqliteTable(
  "refunds",
  {
    id: id(),
    paymentId: text("payment_id").unique(),
    orderId: integer("order_id").unique(),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    method: text("method").notNull(),
    status: text("status", { enum: refundStatuses }).notNull(),
    providerRefundId: text("provider_refund_id"),
    reason: text("reason"),
    createdAt: createdAt(),
    createdBy: text("created_by"),
    sentOn: text("sent_on"),
    sentBy: text("sent_by"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    check("refunds_one_subject", sql`(${t.paymentId} IS NULL) <> (${t.orderId} IS NULL)`),
    // The to-do list's "Refunds to send": the owed ones, oldest first.
    index("refunds_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * A booking paid in instalments (decision 085): made by the customer's first choice of 2 to 4
 * payments, at the booking's price and currency then, with the interval of the setting then.
 * `cancelled_at` is set when its booking is cancelled.
 */
export const paymentPlans = sqliteTable(
  "payment_plans",
  {
    bookingId: text("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    instalmentCount: integer("instalment_count").notNull(),
    intervalDays: integer("interval_days").notNull(),
    total: money("total").notNull(),
    currency: text("currency").notNull(),
    createdAt: createdAt(),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
  },
  (t) => [check("payment_plans_count", sql`${t.instalmentCount} BETWEEN 2 AND 4`)],
);

/**
 * One instalment of a plan: its amount and due date (YYYY-MM-DD in the business's time zone). Its
 * payments are the booking's payment rows with its `instalment_number`. `reminded_before_at` and
 * `reminded_due_at` are set in the transaction that queues each reminder, so each goes once.
 */
export const planInstalments = sqliteTable(
  "plan_instalments",
  {
    bookingId: text("booking_id")
      .notNull()
      .references(() => paymentPlans.bookingId, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    amount: money("amount").notNull(),
    dueOn: text("due_on").notNull(),
    remindedBeforeAt: integer("reminded_before_at", { mode: "timestamp_ms" }),
    remindedDueAt: integer("reminded_due_at", { mode: "timestamp_ms" }),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.number] }),
    check("plan_instalments_number", sql`${t.number} BETWEEN 1 AND 4`),
    // The reminders and the to-do list's overdue instalments: the open ones by due date.
    index("plan_instalments_due_idx").on(t.cancelledAt, t.dueOn),
  ],
);

export type User = typeof users.$inferSelect;
export type Product = typeof products.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type ServicePrice = typeof servicePricing.$inferSelect;
export type ContentSection = typeof contentSections.$inferSelect;
export type Contact = typeof contacts.$inferSelect;
