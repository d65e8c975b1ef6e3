/**
 * Test data, written straight into a SQLite database through the project's own db modules, so
 * rows, hashes and stock holds are exactly what the site itself would write. One module for
 * every kind of test: route tests call these with their test app's `db`; the e2e specs call them
 * on the binary's database file through tests/e2e/seed.ts (Playwright runs under Node, which has
 * no bun:sqlite); the benchmarks seed with them too.
 *
 * Every factory takes the database first and JSON-able arguments after it, and answers JSON-able
 * data, so any of them can be run by name from the seed command.
 */
import type { AdminRole } from "../src/domain/admin-roles";
import { and, eq } from "drizzle-orm";
import { createAdmin, createAdminToken, findAdminByUsername } from "../src/db/admins.server";
import { recordBackupRun } from "../src/db/backup-runs.server";
import { markBookingPaid } from "../src/db/booking-payments.server";
import { createBooking, setBookingStatus } from "../src/db/bookings.server";
import { addCaseNote } from "../src/db/case-notes.server";
import { addCaseMessage, addCaseUpdate, caseRoomTargetForBusiness, ensureCaseRoom } from "../src/db/case-rooms.server";
import { recordContactEnquiry } from "../src/db/contacts.server";
import type { Db } from "../src/db/client.server";
import { changeOrder, placeOrder } from "../src/db/orders.server";
import { updateSetting } from "../src/db/settings.server";
import { ensureReferralCode } from "../src/db/referrals.server";
import { createReview } from "../src/db/reviews.server";
import { type Address, bookings, cartItems, contacts, orderItems, orders, payments, products, reviews, users, visitLog } from "../src/db/schema";
import type { PaymentStatus } from "../src/domain/payment";
import { freeSlots, generateSlots } from "../src/db/timeslots.server";
import { createUser } from "../src/db/users.server";
import { addToWishlist } from "../src/db/wishlist.server";
import type { BookingStatus } from "../src/domain/booking";
import { newOrderNumber, type OrderStatus } from "../src/domain/order";
import { publicHoliday } from "../src/domain/holidays";
import { businessToday } from "../src/domain/slots";
import { addDays, dayOfWeek } from "../src/domain/timezone";
import { createSession } from "../src/server/auth/sessions.server";
import type { BookingInput } from "../src/shared/booking";
import type { CaseNoteList } from "../src/shared/admin-notes";
import { defaultSettings } from "../src/shared/settings";
import { bookingForm } from "./helpers/booking-form";
import { productIdOf, testAddress } from "./helpers/shop";

/** The session cookie's name on plain http, as tests and the e2e binary run. */
export const sessionCookie = "pi_session";

/** A password hash nobody can sign in with: tests that need the password sign in through the API. */
const unusableHash = "$argon2id$v=19$m=19456,t=2,p=1$bm90LWEtcmVhbC1zYWx0$bm90LWEtcmVhbC1oYXNoLWF0LWFsbC1ub3Q";

/** An address as orders store it (billing and shipping), in Adelaide. */
const storedAddress: Address = { name: "Ann Lee", line1: "1 King William St", city: "Adelaide", state: "SA", postcode: "5000", country: "AU" };

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/**
 * A customer with a live session (no sign-up form, no argon2 hash); `cookie` is the Cookie header
 * route tests send, `token` what the e2e fixture puts into the browser. Their e-mail address is
 * confirmed, as a shopper's must be, unless `verified` is false.
 */
export function customerWithSession(
  db: Db,
  email: string,
  opts: { returning?: boolean; referralCode?: string | null; firstName?: string; verified?: boolean } = {},
) {
  const user = createUser(db, {
    email,
    firstName: opts.firstName ?? email.split("@")[0],
    referralCode: opts.referralCode ?? null,
    emailVerifiedAt: opts.verified === false ? null : new Date(),
  });
  if (!user) throw new Error(`could not create ${email}`);
  if (opts.returning) db.update(users).set({ isNewCustomer: false }).where(eq(users.id, user.id)).run();
  const session = createSession(db, user.id);
  return { userId: user.id, token: session.token, cookie: `${sessionCookie}=${session.token}` };
}

/** `count` customers `<prefix>NN@example.com` without sessions, created a minute apart (the last one newest); answers their e-mails. */
export function customers(db: Db, count: number, prefix: string): string[] {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(2, "0")}@example.com`);
  emails.forEach((email, i) => {
    db.insert(users)
      .values({ email, firstName: "Pat", lastName: `${prefix} ${String(i).padStart(2, "0")}`, createdAt: minutesAgo(count - i) })
      .run();
  });
  return emails;
}

/** An admin `username` with a live bearer token; `authorization` is the header to send. */
export function adminWithToken(db: Db, username: string, passwordHash: string | null = unusableHash, role: AdminRole = "owner") {
  const admin = createAdmin(db, username, passwordHash ?? unusableHash, role);
  if (!admin) throw new Error(`could not create the admin ${username}`);
  const token = createAdminToken(db, admin.id);
  return { adminId: admin.id, token, authorization: `Bearer ${token}` };
}

/**
 * A new bearer token for the existing admin `username`, signed in `signedInMinutesAgo` minutes
 * ago (past 10, sensitive changes ask for the password again); `authorization` is the header.
 */
export function adminTokenFor(db: Db, username: string, signedInMinutesAgo = 0) {
  const admin = findAdminByUsername(db, username);
  if (!admin) throw new Error(`there is no admin ${username}`);
  const token = createAdminToken(db, admin.id, Date.now() - signedInMinutesAgo * 60_000);
  return { adminId: admin.id, token, authorization: `Bearer ${token}` };
}

type PlacedOrdersOptions = { count?: number; slug?: string; quantity?: number; paymentMethod?: "bank_transfer" | "paypal"; firstName?: string };

/**
 * A new customer `email` (with a session) placing `count` orders of `quantity` of the product
 * `slug`, each through placeOrder as checkout does, so each holds its stock; answers the orders,
 * oldest first.
 */
export function placedOrders(db: Db, email: string, opts: PlacedOrdersOptions = {}) {
  const { count = 1, slug = "covert-dash-cam-4k", quantity = 1, paymentMethod = "bank_transfer" } = opts;
  const productId = productIdOf(db, slug);
  const { userId } = customerWithSession(db, email, { firstName: opts.firstName, verified: true });
  return Array.from({ length: count }, () => {
    db.insert(cartItems).values({ userId, productId, quantity }).run();
    const placed = placeOrder(db, userId, { shippingAddress: testAddress, paymentMethod });
    if (!placed.ok) throw new Error(`the order was not placed: ${placed.reason}`);
    return { orderId: placed.order.id, orderNumber: placed.order.orderNumber, productId, userId };
  });
}

/** An order of one `slug` for the existing customer `userId`, placed through placeOrder as checkout does; answers its number. */
export function orderFor(db: Db, userId: string, opts: { slug?: string; address?: typeof testAddress } = {}) {
  db.insert(cartItems)
    .values({ userId, productId: productIdOf(db, opts.slug ?? "covert-dash-cam-4k"), quantity: 1 })
    .run();
  const placed = placeOrder(db, userId, { shippingAddress: opts.address ?? testAddress, paymentMethod: "bank_transfer" });
  if (!placed.ok) throw new Error(`the order was not placed: ${placed.reason}`);
  return { orderNumber: placed.order.orderNumber };
}

/** Puts the product `slug` on the wishlist of `userId`. */
export function wishlistLine(db: Db, userId: string, slug: string) {
  const added = addToWishlist(db, userId, productIdOf(db, slug));
  if (!added.ok) throw new Error(`${slug} was not added to the wishlist: ${added.reason}`);
  return { ok: true };
}

/** Puts `quantity` of the product `slug` into the cart of `userId`. */
export function cartLine(db: Db, userId: string, slug: string, quantity = 1) {
  db.insert(cartItems)
    .values({ userId, productId: productIdOf(db, slug), quantity })
    .run();
  return { ok: true };
}

/** Puts the order `orderNumber` straight into `status` with `paymentStatus` (a page's wording, not the rules of moving there, is under test). */
export function orderInState(db: Db, orderNumber: string, status: OrderStatus, paymentStatus: "pending" | "paid" | "refunded") {
  const changed = db.update(orders).set({ status, paymentStatus }).where(eq(orders.orderNumber, orderNumber)).returning({ id: orders.id }).all();
  if (changed.length !== 1) throw new Error(`no order ${orderNumber}`);
  return { orderId: changed[0]!.id };
}

/**
 * A customer `email` (with a session) whose order of two products the owner marked paid, so it has
 * its invoice; with `abn`, the business's ABN is set first. Answers the order and the session.
 */
export function paidOrder(db: Db, email: string, opts: { abn?: string } = {}) {
  // An empty ABN is a choice too: the business without one (decision 068).
  if (opts.abn !== undefined) updateSetting(db, "abn", opts.abn);
  const productId = productIdOf(db, "covert-dash-cam-4k");
  const { userId, token } = customerWithSession(db, email, { firstName: "Ann", verified: true });
  db.insert(cartItems).values({ userId, productId, quantity: 2 }).run();
  db.insert(cartItems)
    .values({ userId, productId: productIdOf(db, "covert-body-worn-camera-4k"), quantity: 1 })
    .run();
  const placed = placeOrder(db, userId, { shippingAddress: testAddress, paymentMethod: "bank_transfer" });
  if (!placed.ok) throw new Error(`the order was not placed: ${placed.reason}`);
  const paid = changeOrder(db, placed.order.id, { kind: "mark_paid" }, { actor: "admin" });
  if (!paid.ok) throw new Error("the order was not marked paid");
  return {
    orderNumber: placed.order.orderNumber,
    invoiceNumber: paid.order.invoiceNumber,
    totalAmount: paid.order.totalAmount,
    taxAmount: paid.order.taxAmount,
    userId,
    token,
  };
}

/** The order `orderNumber`'s hold on its stock ran out a minute ago. */
export function expiredHold(db: Db, orderNumber: string) {
  const expired = db
    .update(orders)
    .set({ holdExpiresAt: minutesAgo(1) })
    .where(eq(orders.orderNumber, orderNumber))
    .returning({ id: orders.id })
    .all();
  if (expired.length !== 1) throw new Error(`no order ${orderNumber}`);
  return { orderId: expired[0]!.id };
}

/**
 * A history for the customer `userId`: 4 bookings and 6 orders (with items, in every order
 * status), one minute apart, oldest first; answers their service names and order numbers, newest first.
 */
export function customerHistory(db: Db, userId: string) {
  const bookingStatuses: BookingStatus[] = ["completed", "cancelled", "confirmed", "pending"];
  const services = ["Discreet Check Up", "Partner Check", "Infidelity Investigation", "Full Cheating Investigation"];
  services.forEach((serviceName, i) => {
    db.insert(bookings)
      .values({
        userId,
        serviceName,
        servicePrice: ["75.00", "295.00", "695.00", "1295.00"][i] ?? "75.00",
        appointmentDate: `2026-0${i + 3}-1${i}`,
        appointmentTime: "10:00",
        status: bookingStatuses[i] ?? "pending",
        createdAt: minutesAgo(100 - i),
      })
      .run();
  });
  const orderStatuses: OrderStatus[] = ["delivered", "shipped", "processing", "pending", "on_hold", "cancelled"];
  const numbers = orderStatuses.map((status, i) => {
    const orderNumber = `PI-E2E${i}-${userId.slice(0, 4).toUpperCase()}`;
    const amount = `${(i + 1) * 50}.00`;
    const order = db
      .insert(orders)
      .values({
        userId,
        orderNumber,
        status,
        totalAmount: amount,
        subtotal: amount,
        shippingAddress: storedAddress,
        billingAddress: storedAddress,
        createdAt: minutesAgo(50 - i),
      })
      .returning({ id: orders.id })
      .get();
    db.insert(orderItems)
      .values({ orderId: order.id, quantity: i + 1, unitPrice: "50.00", totalPrice: amount, productSnapshot: { name: `Gadget ${i}` } })
      .run();
    return orderNumber;
  });
  return { services: [...services].reverse(), orders: numbers.reverse() };
}

/**
 * A referrer (with a session and a referral code) and a friend who signed up with that code (with
 * a session), and a business day a few days ahead in the business's timezone for the friend to book.
 */
export function referrerAndFriend(db: Db, referrerEmail: string, friendEmail: string) {
  const referrer = customerWithSession(db, referrerEmail, { firstName: "Rita" });
  const code = ensureReferralCode(db, referrer.userId);
  const friend = customerWithSession(db, friendEmail, { firstName: "Fred", referralCode: code });
  const bookableDate = businessDayAhead();
  return { referrer: { userId: referrer.userId, token: referrer.token, code }, friend: { userId: friend.userId, token: friend.token }, bookableDate };
}

/**
 * The first day the business is open at least `ahead` days after `from` (the business's today by
 * default): Sundays and public holidays are closed (decision 077), so a test that books a few days
 * out gets a day it can book whatever date it runs on, December included.
 */
export function businessDayAhead(ahead = 3, from = businessToday(new Date(), defaultSettings.timezone)) {
  let date = addDays(from, ahead);
  while (dayOfWeek(date) === 0 || publicHoliday(date)) date = addDays(date, 1);
  return date;
}

/**
 * A little history within the last week for the analytics: visits on the last three days, four
 * bookings (one cancelled), two paid bank-transfer orders of the dash cam ($150.00 in all) and
 * one completed PayPal service payment of $295.00. Answers the dash cam's name.
 */
export function analyticsWeek(db: Db) {
  const hoursAgo = (h: number) => minutesAgo(h * 60);
  const utcDay = (daysAgo: number) =>
    hoursAgo(daysAgo * 24)
      .toISOString()
      .slice(0, 10);
  for (const [daysAgo, visits] of [
    [0, 12],
    [1, 30],
    [2, 7],
  ] as const) {
    db.insert(visitLog)
      .values({ day: utcDay(daysAgo), visits })
      .onConflictDoUpdate({ target: visitLog.day, set: { visits } })
      .run();
  }

  const booking = (serviceName: string, servicePrice: string, createdAt: Date, status: BookingStatus) =>
    db.insert(bookings).values({ serviceName, servicePrice, appointmentDate: "2027-01-20", appointmentTime: "10:00", status, createdAt }).run();
  booking("Partner Check", "295.00", hoursAgo(2), "confirmed");
  booking("Partner Check", "295.00", hoursAgo(30), "pending");
  booking("Background Check", "150.00", hoursAgo(50), "pending");
  booking("Surveillance Day", "900.00", hoursAgo(3), "cancelled");

  const product = db.select({ id: products.id, name: products.name, slug: products.slug }).from(products).where(eq(products.slug, "covert-dash-cam-4k")).get();
  if (!product) throw new Error("the seeded dash cam is missing");
  const address = { ...storedAddress, name: "Orla Finch", line1: "5 Rundle Mall" };
  for (const [i, amount] of ["100.00", "50.00"].entries()) {
    const paidAt = hoursAgo(4 + i * 24);
    const order = db
      .insert(orders)
      .values({
        orderNumber: `ORD-ANALYTICS-${i + 1}`,
        status: "processing",
        paymentStatus: "paid",
        paymentMethod: "bank_transfer",
        totalAmount: amount,
        subtotal: amount,
        shippingAddress: address,
        billingAddress: address,
        paidAt,
        createdAt: paidAt,
      })
      .returning({ id: orders.id })
      .get();
    db.insert(orderItems)
      .values({
        orderId: order.id,
        productId: product.id,
        quantity: 1,
        unitPrice: amount,
        totalPrice: amount,
        productSnapshot: { name: product.name, slug: product.slug, image: "", requiresVerification: false },
      })
      .run();
  }
  db.insert(payments)
    .values({ serviceName: "Partner Check", method: "paypal", amount: "295.00", referenceCode: "PAY-ANLY-TCS2", status: "completed", paidAt: hoursAgo(5) })
    .run();
  return { product: product.name };
}

/** Bookable times on the days `from` to `to` (YYYY-MM-DD), by the default business hours; answers how many were made. */
export function openSlots(db: Db, from: string, to: string) {
  return generateSlots(db, from, to, defaultSettings.businessHours, defaultSettings.timezone);
}

/**
 * Another customer books `times` of `date` (Discreet Check Up, one hour each), through the site's own booking
 * transaction, so those times are gone for everyone else; answers how many were booked.
 */
export function bookedByOthers(db: Db, date: string, times: string[]) {
  const other = customerWithSession(db, `other-${date}-${Date.now()}@example.com`);
  let booked = 0;
  for (const time of times) {
    const form = { ...bookingForm(date, time, { contactEmail: "other@example.com" }), confirmDuplicate: true } as BookingInput;
    const outcome = createBooking(
      db,
      { userId: other.userId, form, now: new Date(), timeZone: defaultSettings.timezone, newClientDiscountPercent: 50, maxPendingBookings: 1000 },
      () => [],
    );
    if (outcome.ok) booked++;
  }
  return booked;
}

const hoursAgo = (n: number) => minutesAgo(n * 60);

/**
 * Something in every group of the dashboard's to-do list, beside what the seed already holds (its
 * out-of-stock and low-stock products), and rows that must not count: a handled enquiry, a
 * confirmed booking, an unpaid order, a shipped one, an admin's cancellation and a customer's of
 * 8 days ago. `tag` keeps names unique. Answers each group's new keys in the order the dashboard
 * lists them (enquiries by name, bookings by id, orders and cancellations by order number or id).
 */
export function dashboardToDo(db: Db, tag = "todo") {
  const email = `${tag}-client@example.com`;
  const { userId } = customerWithSession(db, email, { firstName: "Casey" });
  const today = businessToday(new Date(), defaultSettings.timezone);

  const enquiry = (name: string, urgency: string, hours: number, handled = false) =>
    db
      .insert(contacts)
      .values({
        name: `${name} ${tag}`,
        email,
        service: "partner",
        message: "Please call me back about my partner.",
        urgency,
        createdAt: hoursAgo(hours),
        handledAt: handled ? new Date() : null,
      })
      .returning({ name: contacts.name })
      .get().name;
  const routineOld = enquiry("Olive Oldest", "normal", 30);
  const routineNew = enquiry("Nina Newer", "low", 3);
  const emergency = enquiry("Emma Emergency", "emergency", 1);
  enquiry("Hank Handled", "normal", 50, true);

  const booking = (daysAhead: number, status: BookingStatus, cancelled?: { by: "customer" | "admin"; hours: number }) =>
    db
      .insert(bookings)
      .values({
        userId,
        serviceName: "Partner Check",
        servicePrice: "295.00",
        appointmentDate: addDays(today, daysAhead),
        appointmentTime: "10:00",
        status,
        contactEmail: email,
        contactPhone: "0412 345 678",
        cancelledBy: cancelled?.by ?? null,
        cancelledAt: cancelled ? hoursAgo(cancelled.hours) : null,
        createdAt: hoursAgo(48 - daysAhead),
      })
      .returning({ id: bookings.id })
      .get().id;
  const pendingLater = booking(9, "pending");
  const pendingSoon = booking(2, "pending");
  const pendingMiddle = booking(5, "pending");
  booking(3, "confirmed");
  const cancelledBooking = booking(4, "cancelled", { by: "customer", hours: 20 });
  booking(6, "cancelled", { by: "admin", hours: 2 });
  booking(7, "cancelled", { by: "customer", hours: 8 * 24 });

  const order = (
    status: OrderStatus,
    paid: boolean,
    hours: number,
    cancelled?: { by: "customer" | "admin"; hours: number },
    paymentMethod = "bank_transfer",
  ) => {
    const orderNumber = newOrderNumber();
    const row = db
      .insert(orders)
      .values({
        userId,
        orderNumber,
        status,
        paymentStatus: paid ? "paid" : "pending",
        paymentMethod,
        totalAmount: "120.00",
        subtotal: "120.00",
        shippingAddress: { ...storedAddress, name: "Casey Client" },
        billingAddress: storedAddress,
        paidAt: paid ? hoursAgo(hours) : null,
        // Unpaid, it holds its stock for 3 days from when it was placed (decision 016).
        holdExpiresAt: paid ? null : hoursAgo(hours + 1 - 72),
        cancelledBy: cancelled?.by ?? null,
        cancelledAt: cancelled ? hoursAgo(cancelled.hours) : null,
        createdAt: hoursAgo(hours + 1),
      })
      .returning({ id: orders.id })
      .get();
    db.insert(orderItems)
      .values({ orderId: row.id, quantity: 1, unitPrice: "120.00", totalPrice: "120.00", productSnapshot: { name: "Gadget" } })
      .run();
    return orderNumber;
  };
  const paidNewer = order("processing", true, 5);
  const paidOldest = order("processing", true, 40);
  const paidOnHold = order("on_hold", true, 10);
  const awaitingNewer = order("pending", false, 2);
  const awaitingOlder = order("pending", false, 50);
  const unpaidOnHold = order("on_hold", false, 20);
  order("pending", false, 1, undefined, "paypal");
  order("shipped", true, 60);
  const cancelledOrder = order("cancelled", false, 30, { by: "customer", hours: 2 });
  order("cancelled", false, 30, { by: "admin", hours: 1 });

  // A transfer's details sent for one pending booking (asked twice) and for a cancelled one.
  const paymentRequest = (bookingId: string, hours: number) =>
    db
      .insert(payments)
      .values({
        serviceName: "Partner Check",
        method: "instructions",
        amount: "295.00",
        currency: "AUD",
        email,
        referenceCode: `REQ-${tag}-${bookingId.slice(0, 8)}-${hours}`.toUpperCase(),
        bookingId,
        userId,
        status: "requested",
        createdAt: hoursAgo(hours),
      })
      .run();
  paymentRequest(pendingMiddle, 30);
  paymentRequest(pendingMiddle, 6);
  paymentRequest(cancelledBooking, 26);

  return {
    enquiries: [emergency, routineOld, routineNew],
    bookings: [pendingSoon, pendingMiddle, pendingLater],
    ship: [paidOldest, paidOnHold, paidNewer],
    // The hold that runs out first first; the PayPal order is not the owner's to confirm.
    payment: [awaitingOlder, unpaidOnHold, awaitingNewer],
    idCheck: [unpaidOnHold, paidOnHold],
    bookingPayments: [pendingMiddle],
    cancellations: [cancelledOrder, cancelledBooking],
  };
}

/** Business settings saved as the owner would save them (each checked by its schema); throws on a refused value. */
export function businessDetails(db: Db, values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) {
    const saved = updateSetting(db, key, value);
    if (!saved.ok) throw new Error(`the setting ${key} was refused: ${JSON.stringify(saved)}`);
  }
  return Object.keys(values);
}

/** The owner's real bank account and a Bitcoin address, as a site taking transfers and crypto has them (decision 067: a shipped placeholder offers neither). */
export const realPaymentDetails = {
  bankAccountName: "ADI Pty Ltd",
  bankBsb: "065-000",
  bankAccountNumber: "12345678",
  btcAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
} as const;

/** Enters `realPaymentDetails`, so bank transfer and cryptocurrency are on offer. */
export function paymentDetails(db: Db) {
  return businessDetails(db, realPaymentDetails);
}

/** The customer `userId` orders one `slug` by bank transfer, through placeOrder as checkout does; answers the order number. */
export function bankTransferOrder(db: Db, userId: string, slug = "covert-dash-cam-4k") {
  db.insert(cartItems)
    .values({ userId, productId: productIdOf(db, slug), quantity: 1 })
    .run();
  const placed = placeOrder(db, userId, { shippingAddress: testAddress, paymentMethod: "bank_transfer" });
  if (!placed.ok) throw new Error(`the order was not placed: ${placed.reason}`);
  return placed.order.orderNumber;
}

/**
 * A customer (with a session) and a booking of theirs made the way the site makes one, `daysAhead`
 * business days ahead (Monday to Saturday) at `time`, with that day's slots open; `paid` has the
 * owner mark it paid (its invoice issued), then `status` moves it on (confirmed or cancelled).
 * Answers the customer, the booking's id, reference and day.
 */
export function customerWithBooking(
  db: Db,
  email: string,
  opts: { daysAhead?: number; time?: string; status?: BookingStatus; serviceName?: string; returning?: boolean; paid?: boolean } = {},
) {
  const customer = customerWithSession(db, email, { returning: opts.returning });
  const booked = bookingOf(db, customer.userId, email, opts);
  if (opts.paid) {
    const owner = findAdminByUsername(db, "owner") ?? { id: adminWithToken(db, "owner").adminId, username: "owner" };
    const marked = markBookingPaid(db, booked.booking.id, { id: owner.id, username: "owner" });
    if (!marked.ok) throw new Error(`the booking was not marked paid: ${marked.reason}`);
  }
  if (opts.status && opts.status !== "pending") setBookingStatus(db, booked.booking.id, opts.status);
  return {
    ...customer,
    bookingId: booked.booking.id,
    reference: booked.booking.reference ?? "",
    date: booked.date,
    time: booked.time,
    price: booked.booking.servicePrice,
  };
}

/**
 * The customer `userId` books as the site does, `daysAhead` business days ahead, with that day's
 * slots open: at `time` (10:00 by default), or with `time: "free"` at the first time from that day
 * on that still holds the package's whole length, so several specs can seed on one site without
 * taking each other's place (a package that holds a whole day moves on to the next open day).
 */
function bookingOf(db: Db, userId: string, email: string, opts: { daysAhead?: number; time?: string; serviceName?: string }) {
  const book = (date: string, time: string) =>
    createBooking(
      db,
      {
        userId,
        form: {
          // A one-hour package by default: any free time of the day takes it (Partner Check holds a whole day, decision 070).
          serviceName: opts.serviceName ?? "Discreet Check Up",
          servicePrice: 0,
          appointmentDate: date,
          appointmentTime: time,
          contactPhone: "0400 000 000",
          contactEmail: email,
        },
        now: new Date(),
        timeZone: defaultSettings.timezone,
        newClientDiscountPercent: defaultSettings.newClientDiscountPercent,
        maxPendingBookings: 100,
      },
      () => [],
    );
  // The next open days too (a test may move the booking there), however many holidays come first.
  const open = (date: string) => openSlots(db, date, businessDayAhead(3, date));
  let date = businessDayAhead(opts.daysAhead ?? 5);
  if (opts.time !== "free") {
    const time = opts.time ?? "10:00";
    open(date);
    const outcome = book(date, time);
    if (!outcome.ok) throw new Error(`could not book ${date} ${time}: ${outcome.reason}`);
    return { booking: outcome.booking, date, time };
  }
  for (let day = 0; day < 30; day++, date = businessDayAhead(1, date)) {
    open(date);
    for (const { time } of freeSlots(db, date, new Date(), defaultSettings.timezone)) {
      const outcome = book(date, time);
      if (outcome.ok) return { booking: outcome.booking, date, time };
    }
  }
  throw new Error(
    `could not book ${opts.serviceName ?? "Discreet Check Up"} at any free time in the 30 open days from ${businessDayAhead(opts.daysAhead ?? 5)}`,
  );
}

/**
 * A customer with something on every customer page: a booking awaiting confirmation (its page, its
 * move page, Pay now on the dashboard), another the owner marked paid (its payment's invoice), an
 * order awaiting payment, a paid order (its invoice) and an item in the cart. Answers the session
 * and the keys of those pages.
 */
export function customerWithEverything(db: Db, email: string) {
  const { userId, token } = customerWithSession(db, email, { firstName: "Ann" });
  const waiting = bookingOf(db, userId, email, { daysAhead: 5, time: "free" });
  const paidBooking = bookingOf(db, userId, email, { daysAhead: 8, time: "free", serviceName: "Infidelity Investigation" });
  const owner = findAdminByUsername(db, "owner") ?? { id: adminWithToken(db, "owner").adminId, username: "owner" };
  const marked = markBookingPaid(db, paidBooking.booking.id, { id: owner.id, username: "owner" });
  if (!marked.ok) throw new Error(`the booking was not marked paid: ${marked.reason}`);
  // Products no spec counts the stock of: these orders hold units on a site other specs share.
  const { orderNumber } = orderFor(db, userId, { slug: "transcription-headphones" });
  const paid = orderFor(db, userId, { slug: "digital-two-way-radio-pair" });
  const paidId = db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, paid.orderNumber)).get()?.id ?? 0;
  if (!changeOrder(db, paidId, { kind: "mark_paid" }, { actor: "admin" }).ok) throw new Error("the order was not marked paid");
  cartLine(db, userId, "transcription-headphones", 1);
  wishlistLine(db, userId, "transcription-headphones");
  wishlistLine(db, userId, "cellular-trail-camera");
  return {
    token,
    orderNumber,
    paidOrderNumber: paid.orderNumber,
    bookingId: waiting.booking.id,
    bookingReference: waiting.booking.reference ?? "",
    paymentReference: marked.payment.referenceCode,
  };
}

/**
 * A customer `email` with a booking, an order and an enquiry from the same address, for case
 * notes; answers the keys of the four records.
 */
export function customerWithRecords(db: Db, email: string, firstName = "Nora") {
  const [order] = placedOrders(db, email, { firstName });
  if (!order) throw new Error("no order was placed");
  const { userId } = order;
  const token = createSession(db, userId).token;
  const booking = db
    .insert(bookings)
    .values({
      userId,
      serviceName: "Partner Check",
      servicePrice: "295.00",
      appointmentDate: "2026-03-10",
      appointmentTime: "10:00",
      status: "pending",
      contactEmail: email,
    })
    .returning({ id: bookings.id })
    .get();
  const enquiry = recordContactEnquiry(db, {
    name: firstName,
    email,
    phone: "",
    service: "partner",
    message: `Hello, this is ${firstName}.`,
    urgency: "normal",
  });
  return { userId, token, bookingId: booking.id, orderNumber: order.orderNumber, enquiryId: enquiry.id };
}

/** A case note by the admin `username` (created if missing) on a record; answers the note. */
export function caseNote(db: Db, list: CaseNoteList, key: string, body: string, username = "owner") {
  const id = findAdminByUsername(db, username)?.id ?? adminWithToken(db, username).adminId;
  const note = addCaseNote(db, list, key, body, { id, username });
  if (!note) throw new Error(`no ${list} record ${key}`);
  return note;
}

/**
 * A customer with something in every part of their record (decision 076): `customerWithEverything`'s
 * bookings, orders and payment, two enquiries from their address (one typed in capitals), one from
 * someone else, and a note on an order, a booking and an enquiry. Answers the keys of each.
 */
export function customerWithFullRecord(db: Db, email: string) {
  const everything = customerWithEverything(db, email);
  const userId = db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id ?? "";
  const enquiry = (from: string, message: string) =>
    recordContactEnquiry(db, { name: "Ann", email: from, phone: "", service: "partner", message, urgency: "normal" }).id;
  const enquiryIds = [enquiry(email, "First question."), enquiry(email.toUpperCase(), "Second question, typed in capitals.")];
  const strangerEnquiryId = enquiry(`someone-else-${email}`, "Not Ann.");
  caseNote(db, "orders", everything.orderNumber, "Asked for discreet packaging.");
  caseNote(db, "bookings", everything.bookingId, "Prefers a morning call.");
  caseNote(db, "contacts", enquiryIds[0] ?? "", "Called back on Monday.");
  return { ...everything, userId, enquiryIds, strangerEnquiryId };
}

/**
 * Reviews waiting, approved and rejected, by customers `<tag>-…@example.com` on three products,
 * written a few hours apart (the first oldest); answers the reviews' ids and titles, and the ids
 * of the products, as `{ pending, approved, rejected, productIds }`.
 */
export function reviewsToModerate(db: Db, tag = "moderate") {
  const slugs = ["covert-dash-cam-4k", "digital-voice-recorder-pro", "parabolic-microphone"];
  const productIds = slugs.map((slug) => productIdOf(db, slug));
  let hour = 30;
  const review = (who: string, product: number, rating: number, title: string, state: "pending" | "approved" | "rejected" = "pending") => {
    const email = `${tag}-${who.toLowerCase()}@example.com`;
    const userId =
      db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id ??
      createUser(db, { email, firstName: who, lastName: "Reviewer", emailVerifiedAt: new Date() })?.id;
    if (!userId) throw new Error(`could not create ${email}`);
    hour -= 2;
    const row = db
      .insert(reviews)
      .values({
        productId: productIds[product] ?? 0,
        userId,
        rating,
        title,
        comment: `${title}. Written by ${who} after a few weeks of use.`,
        isVerifiedPurchase: rating >= 4,
        isApproved: state === "approved",
        rejectedAt: state === "rejected" ? hoursAgo(hour - 1) : null,
        rejectionReason: state === "rejected" ? "It names a person." : null,
        createdAt: hoursAgo(hour),
        updatedAt: hoursAgo(hour),
      })
      .returning({ id: reviews.id, title: reviews.title })
      .get();
    return { id: row.id, title: row.title ?? "" };
  };
  const approved = [review("Ava", 0, 5, "Clear footage at night", "approved"), review("Ben", 1, 4, "Small and easy to hide", "approved")];
  const rejected = [review("Cal", 2, 1, "My neighbour John Smith", "rejected")];
  const pending = [
    review("Dee", 0, 2, "Battery runs out quickly"),
    review("Eli", 1, 5, "<script>alert('x')</script> works well"),
    review("Fay", 2, 3, "Good range, some hiss"),
  ];
  return { pending, approved, rejected, productIds };
}

/**
 * A customer `email` (verified unless `verified` is false; review invitations on unless `optedOut`)
 * with an order of `slugs` delivered `daysAgo` days ago (`status` other than delivered to leave it
 * on its way); answers the user's id and the order's id and number.
 */
export function deliveredOrder(
  db: Db,
  email: string,
  opts: { daysAgo?: number; slugs?: string[]; verified?: boolean; optedOut?: boolean; status?: OrderStatus; firstName?: string } = {},
) {
  const { daysAgo = 6, slugs = ["covert-dash-cam-4k", "parabolic-microphone"], status = "delivered" } = opts;
  const user = createUser(db, { email, firstName: opts.firstName ?? "Robin", emailVerifiedAt: opts.verified === false ? null : new Date() });
  if (!user) throw new Error(`could not create ${email}`);
  if (opts.optedOut) db.update(users).set({ reviewInvites: false }).where(eq(users.id, user.id)).run();
  const deliveredAt = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
  const order = db
    .insert(orders)
    .values({
      userId: user.id,
      orderNumber: newOrderNumber(),
      status,
      paymentStatus: "paid",
      paymentMethod: "bank_transfer",
      totalAmount: "100.00",
      subtotal: "100.00",
      shippingAddress: storedAddress,
      billingAddress: storedAddress,
      paidAt: new Date(deliveredAt.getTime() - 3 * 24 * 60 * 60 * 1000),
      shippedAt: new Date(deliveredAt.getTime() - 2 * 24 * 60 * 60 * 1000),
      deliveredAt: status === "delivered" ? deliveredAt : null,
      createdAt: new Date(deliveredAt.getTime() - 4 * 24 * 60 * 60 * 1000),
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber })
    .get();
  for (const slug of slugs) {
    db.insert(orderItems)
      .values({ orderId: order.id, productId: productIdOf(db, slug), quantity: 1, unitPrice: "50.00", totalPrice: "50.00", productSnapshot: { name: slug } })
      .run();
  }
  return { userId: user.id, orderId: order.id, orderNumber: order.orderNumber };
}

/** The last scheduled backup (newer than the one the site took at start-up) failed `minutesAgo` minutes ago at `step`, saying `message` (the dashboard's "Backup failed"). */
export function failedBackup(db: Db, step: "backup" | "check" | "command", message: string, minutesAgo = 0) {
  const startedAt = new Date(Date.now() - minutesAgo * 60_000);
  recordBackupRun(db, { startedAt, finishedAt: startedAt, fileName: null, ok: false, failedStep: step, message });
  return { startedAt: startedAt.toISOString() };
}

/**
 * A customer `email` (with a session) whose order of the product `slug` was delivered, so a review
 * they write is a verified purchase; answers the session and the order.
 */
export function deliveredOrderOf(db: Db, email: string, slug = "covert-dash-cam-4k") {
  const [placed] = placedOrders(db, email, { slug, firstName: "Dana" });
  if (!placed) throw new Error("the order was not placed");
  db.update(users).set({ lastName: "Reviewer" }).where(eq(users.id, placed.userId)).run();
  orderInState(db, placed.orderNumber, "delivered", "paid");
  const token = createSession(db, placed.userId).token;
  return {
    userId: placed.userId,
    token,
    cookie: `${sessionCookie}=${token}`,
    orderId: placed.orderId,
    orderNumber: placed.orderNumber,
    productId: placed.productId,
  };
}

/** Approves the review the customer `email` wrote of the product `slug` (what the back office does), straight in the database. */
export function approveReviewOf(db: Db, email: string, slug: string) {
  const user = db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).get();
  if (!user) throw new Error(`no customer ${email}`);
  const approved = db
    .update(reviews)
    .set({ isApproved: true, rejectedAt: null, rejectionReason: null })
    .where(and(eq(reviews.userId, user.id), eq(reviews.productId, productIdOf(db, slug))))
    .returning({ id: reviews.id })
    .all();
  if (approved.length !== 1) throw new Error(`${email} has no review of ${slug}`);
  return { reviewId: approved[0]!.id };
}

/**
 * `count` approved reviews of the product `slug` by new customers `<prefix>NN@example.com`, written
 * through createReview a minute apart (the last newest), ratings cycling 5, 4, 5, 3, 4 …; answers their ids.
 */
export function approvedReviews(db: Db, slug: string, count: number, prefix = "reviewer") {
  const productId = productIdOf(db, slug);
  const ratings = [5, 4, 5, 3, 4, 5, 2, 5];
  return Array.from({ length: count }, (_, i) => {
    const { userId } = customerWithSession(db, `${prefix}${String(i).padStart(2, "0")}@example.com`, { firstName: `Pat${i}` });
    const written = createReview(
      db,
      userId,
      productId,
      {
        rating: ratings[i % ratings.length]!,
        title: `Review number ${i + 1}`,
        comment: `Used it for a few weeks on surveillance work. Setup took ten minutes and the battery lasted as promised. Review ${i + 1}.`,
      },
      minutesAgo(count - i),
    );
    if (!written.ok) throw new Error(`the review was not written: ${written.reason}`);
    db.update(reviews).set({ isApproved: true }).where(eq(reviews.id, written.review.id)).run();
    return written.review.id;
  });
}

/**
 * The product `slug` with 12 approved reviews by other customers (one a verified purchase with the
 * business's reply) and the review `email` (an existing customer) wrote and is waiting for
 * approval: everything the product page shows of reviews, for the page checkers.
 */
export function reviewedProduct(db: Db, email: string, slug: string) {
  const ids = approvedReviews(db, slug, 12, `${email.split("@")[0]}-r`);
  const newest = ids.at(-1)!;
  db.update(reviews)
    .set({ isVerifiedPurchase: true, reply: "Thank you. The spare battery pack suits long jobs too.", repliedAt: new Date() })
    .where(eq(reviews.id, newest))
    .run();
  const user = db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).get();
  if (!user) throw new Error(`no customer ${email}`);
  const own = createReview(db, user.id, productIdOf(db, slug), { rating: 4, title: "Does what it says", comment: "Picked up voices clearly across the yard." });
  if (!own.ok) throw new Error(`the review was not written: ${own.reason}`);
  return { reviewIds: ids, ownReviewId: own.review.id };
}

/**
 * `days` pass for the case room of the booking `reference`, as far as retention sees: its closing
 * and its retention warning move that far into the past (the binary has no clock to move; the e2e
 * spec restarts it after this, and the retention job runs at start). Answers the room's id.
 */
export function caseClockMovedOn(db: Db, reference: string, days: number) {
  const room = db.$client
    .query("SELECT case_room_id AS id FROM case_room_bookings WHERE booking_id = (SELECT id FROM bookings WHERE reference = ?)")
    .get(reference) as { id: number } | null;
  if (!room) throw new Error(`no case room for ${reference}`);
  const ms = days * 24 * 60 * 60 * 1000;
  db.$client.query("UPDATE case_rooms SET closed_at = closed_at - ?1, retention_warned_at = retention_warned_at - ?1 WHERE id = ?2").run(ms, room.id);
  return room.id;
}

/** The owner as the actor of the case room's factories (made if the test has none). */
function caseOwner(db: Db) {
  const owner = findAdminByUsername(db, "owner") ?? { id: adminWithToken(db, "owner").adminId };
  return { id: owner.id, username: "owner" };
}

/**
 * The case room of the booking `reference`, made as its first write makes it; with `status`, the
 * business's update to that status (no note, no notice) `daysAgo` days ago, so a "closed" room's
 * files are `daysAgo` days into their keeping. Answers the room's id.
 */
export function caseRoomOf(db: Db, reference: string, opts: { status?: import("../src/shared/case-room").CaseStatus; daysAgo?: number } = {}) {
  const at = new Date(Date.now() - (opts.daysAgo ?? 0) * 24 * 60 * 60 * 1000);
  if (opts.status && opts.status !== "scheduled") return caseUpdateOf(db, reference, opts.status, null, { at: at.toISOString() }).caseRoomId;
  const target = caseRoomTargetForBusiness(db, reference);
  if (!target) throw new Error(`no booking with a customer has the reference ${reference}`);
  return ensureCaseRoom(db, target, at);
}

/** A message in the room of `reference` (made if need be) from `side`, written as the site writes it but without a notice; answers its id and the room's. */
export function caseMessageOf(db: Db, reference: string, side: import("../src/shared/case-room").CaseSide, body: string, opts: { at?: string } = {}) {
  const at = opts.at ? new Date(opts.at) : new Date();
  const target = caseRoomTargetForBusiness(db, reference);
  if (!target) throw new Error(`no booking with a customer has the reference ${reference}`);
  const author = side === "client" ? ({ side, userId: target.userId } as const) : ({ side, actor: caseOwner(db) } as const);
  const written = addCaseMessage(db, reference, author, body, () => {}, at);
  if (!written.ok) throw new Error(`the message was refused: ${written.reason}`);
  return written.value;
}

/** The owner's update of the room of `reference` to `status` with `note`, without a notice; answers its id and the room's. */
export function caseUpdateOf(
  db: Db,
  reference: string,
  status: import("../src/shared/case-room").CaseStatus,
  note: string | null = null,
  opts: { at?: string } = {},
) {
  const at = opts.at ? new Date(opts.at) : new Date();
  const written = addCaseUpdate(db, reference, { status, note, notify: false }, caseOwner(db), () => {}, at);
  if (!written.ok) throw new Error(`the update was refused: ${written.reason}`);
  return written.value;
}

/** Another booking of the customer `userId` (`daysAhead` business days ahead, at its first free time), as a case room may gather: answers its reference. */
export function anotherBookingOf(db: Db, userId: string, email: string, daysAhead = 8) {
  return bookingOf(db, userId, email, { daysAhead, time: "free" }).booking.reference ?? "";
}

/** Every session of the customer `userId` began `minutes` ago, unconfirmed since: a download then asks who it is (decision 081). */
export function sessionsSignedInMinutesAgo(db: Db, userId: string, minutes: number) {
  db.$client
    .query("UPDATE sessions SET sess = json_remove(json_set(sess, '$.createdAt', ?), '$.confirmedAt') WHERE json_extract(sess, '$.userId') = ?")
    .run(Date.now() - minutes * 60_000, userId);
}

/**
 * A payment row of a booking in `status`, as older data or a provider may leave it (two open
 * requests were once possible; a PayPal payment started and not captured is `created`).
 */
export function bookingPaymentRow(db: Db, booking: { bookingId: string; userId: string }, status: PaymentStatus, method = "instructions") {
  return db
    .insert(payments)
    .values({
      userId: booking.userId,
      bookingId: booking.bookingId,
      serviceName: "Discreet Check Up",
      method,
      amount: "37.50",
      referenceCode: `PAY-${crypto.randomUUID().slice(0, 4).toUpperCase()}-${crypto.randomUUID().slice(0, 4).toUpperCase()}`,
      status,
    })
    .returning()
    .get();
}
