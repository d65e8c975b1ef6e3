/**
 * One message of every template in src/mail/templates, written from realistic inputs: the HTML
 * test sends them all through SMTP, the instants test reads every subject and text. A template
 * added without a sample here fails src/mail/templates/instants.test.ts.
 */
import type { Contact } from "../../src/db/schema";
import type { InvoiceView } from "../../src/domain/invoice";
import type { ServiceOffer } from "../../src/domain/payment";
import type { MailMessage } from "../../src/mail/outbox.server";
import { accountDeletedAlert } from "../../src/mail/templates/account-deleted";
import { replicationLagAlert } from "../../src/mail/templates/replication";
import { emailVerificationMail, passwordResetMail, signUpAttemptMail } from "../../src/mail/templates/accounts";
import { identityCodeMail } from "../../src/mail/templates/identity-code";
import { bookingMovedMail, bookingMovedNotification } from "../../src/mail/templates/booking-reschedule";
import { planReminderMail } from "../../src/mail/templates/payment-plans";
import {
  bookingCancelledByBusinessMail,
  bookingCancelledByCustomerAlert,
  bookingCompletedMail,
  bookingConfirmationMail,
  bookingConfirmedMail,
  bookingNotificationMail,
  bookingReminderMail,
  type BookingMailInput,
  type BookingStatusMailInput,
  quotedBooking,
} from "../../src/mail/templates/bookings";
import { contactNotice, contactNotification } from "../../src/mail/templates/contact";
import { dailyDigestMail, digestGroups } from "../../src/mail/templates/digest";
import { withInvoiceAttached } from "../../src/mail/templates/invoice";
import {
  type OrderMailInput,
  orderCancelledByCustomerAlert,
  orderCancelledMail,
  orderNotificationMail,
  orderPaidMail,
  orderPlacedMail,
  orderRefundedMail,
  orderShippedMail,
} from "../../src/mail/templates/orders";
import {
  cashDepositRequestMail,
  closedBookingRefundFailedNotification,
  type PaymentMailInput,
  paymentForClosedBookingNotification,
  paymentFoundNotification,
  paymentInstructionsMail,
  paymentNotTakenNotification,
  paymentReceiptMail,
  paymentReceivedNotification,
  paymentRequestNotification,
  paymentReviewNotification,
} from "../../src/mail/templates/payments";
import { reviewEditedMail, reviewInvitationMail, reviewRejectedMail } from "../../src/mail/templates/review-mail";
import { backInStockMail } from "../../src/mail/templates/wishlist";
import { orderRefundOnItsWayMail, refundedThroughPayPalMail, refundOnItsWayMail, refundSentMail } from "../../src/mail/templates/refunds";
import { caseRoomClientAlert, caseRoomNewMail, caseRoomRetentionMail } from "../../src/mail/templates/case-room-notices";
import { visitorText } from "../../src/mail/visitor-text";
import type { OrderView } from "../../src/shared/orders";
import { defaultSettings } from "../../src/shared/settings";

/** The origin every sample links to. */
export const origin = "https://pi.example";
/** A booking payment's refund (decision 084). */
const refundInput = {
  to: "client@example.com",
  subject: "booking BK-7KQ4-M2XD",
  url: `${origin}/bookings/BK-7KQ4-M2XD`,
  amount: "348.00",
  currency: "AUD",
  method: "instructions",
  businessName: "Adelaide Discreet Investigations",
  businessEmail: "owner@example.com",
};
/** The settings the samples were written with. */
export const settings = {
  ...defaultSettings,
  businessName: "Adelaide Discreet Investigations",
  bankAccountName: "ADI Pty Ltd",
  bankBsb: "000-000",
  bankAccountNumber: "00000000",
  btcAddress: "bc1-placeholder-address",
};
const address = { name: "Sam <Lee>", line1: "1 Example St", line2: "Unit 2", suburb: "Adelaide", state: "SA", postcode: "5000", phone: "0400 000 000" };
const order: OrderView = {
  orderNumber: "PI-20261125-0001",
  currency: "USD",
  invoiceNumber: null,
  invoiceTitle: null,
  status: "pending",
  paymentStatus: "pending",
  paymentMethod: "bank_transfer",
  items: [
    { productId: 1, name: "GPS Tracker & Case", slug: "gps", image: null, requiresVerification: false, quantity: 2, unitPrice: "100.00", totalPrice: "200.00" },
  ],
  shippingAddress: address,
  billingAddress: address,
  notes: "Leave at the back door",
  trackingNumber: "TRACK123",
  carrier: "auspost",
  trackingUrl: "https://tracking.example/TRACK123",
  createdAt: "2026-11-25T01:00:00.000Z",
  paidAt: null,
  shippedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  holdExpiresAt: null,
  canCancel: true,
  history: [],
  subtotal: "200.00",
  discountAmount: "0.00",
  shippingAmount: "0.00",
  taxAmount: "18.18",
  totalAmount: "200.00",
};
const orderInput: OrderMailInput = { order, customerEmail: "sam@example.com", settings, businessEmail: "owner@example.com", origin };
const booking = quotedBooking({
  id: "0123abcd-0000-4000-8000-000000000000",
  serviceName: "Discreet Check Up",
  servicePrice: "37.50",
  originalPrice: "75.00",
  appointmentDate: "2026-11-30",
  appointmentTime: "10:00",
  duration: 60,
  status: "pending" as const,
  location: "Rundle Mall",
  notes: "Ask for Sam",
  contactPhone: "0400 000 000",
  contactEmail: "sam@example.com",
});
const ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n";
const bookingInput: BookingMailInput = {
  booking,
  customerEmail: "sam@example.com",
  businessName: settings.businessName,
  businessEmail: "owner@example.com",
  businessPhone: settings.phone,
  manageUrl: `${origin}/dashboard`,
  origin,
  whenText: "Monday 30 November 2026, 10:00 am",
  timeZone: "Australia/Adelaide",
  currency: "USD",
  ics,
};
const statusInput: BookingStatusMailInput = {
  booking,
  to: "sam@example.com",
  businessName: settings.businessName,
  businessEmail: "owner@example.com",
  businessPhone: settings.phone,
  origin,
  timeZone: "Australia/Adelaide",
  currency: "USD",
  ics,
};
const movedInput = {
  booking: { ...booking, reference: "BK-7KQ4-M2XD", status: "pending" },
  from: { appointmentDate: "2026-11-28", appointmentTime: "14:00" },
  customerEmail: "sam@example.com",
  customerName: visitorText("Sam Lee"),
  businessName: settings.businessName,
  businessEmail: "owner@example.com",
  businessPhone: settings.phone,
  origin,
  timeZone: "Australia/Adelaide",
  currency: "USD",
  ics,
};
const offer: ServiceOffer = {
  id: "checkup",
  name: "Discreet Check Up",
  unit: "session",
  minimumUnits: 1,
  unitListPrice: 75,
  unitPrice: 38,
  percentOff: 50,
  amountDue: 38,
  listAmountDue: 75,
  cryptoAmount: 34,
  cryptoSaving: 4,
  volumePercent: 0,
  volumeSaving: 0,
  amountDueCents: 3800,
  cryptoAmountCents: 3400,
  currency: "USD",
};
const paymentInput: PaymentMailInput = {
  referenceCode: "PAY-AB12",
  email: "sam@example.com",
  offer,
  settings,
  paypalConfigured: true,
  businessEmail: "owner@example.com",
  origin,
};
const receipt = {
  referenceCode: "PAY-AB12",
  email: "sam@example.com",
  serviceName: "Discreet Check Up",
  amount: "38.00",
  currency: "USD",
  captureId: "CAPTURE-1",
  businessName: settings.businessName,
  businessEmail: "owner@example.com",
  businessPhone: settings.phone,
  responseTimeHours: settings.responseTimeHours,
};
const contact = {
  id: "c0ffee00-0000-4000-8000-000000000000",
  name: "Alex Doe",
  email: "alex@example.com",
  phone: null,
  service: "checkup",
  message: "Who visits the house on Tuesdays?\nPlease call after 5 pm.",
  urgency: "high",
  createdAt: new Date("2026-11-28T13:18:29.909Z"),
} as Contact;
const invoice: InvoiceView = {
  number: "INV-000042",
  title: "Tax invoice",
  businessName: settings.businessName,
  abn: "51 824 753 556",
  issuedAt: "2026-11-28T13:18:29.909Z",
  reference: `Order ${order.orderNumber}`,
  billTo: ["Sam Lee", "1 Example St", "Adelaide SA 5000"],
  lines: [{ description: "GPS Tracker & Case", quantity: 2, unitPrice: "100.00", total: "200.00" }],
  adjustments: [],
  totalAmount: "200.00",
  taxAmount: "18.18",
  currency: "USD",
  paymentMethod: "Bank transfer",
  refunded: false,
};

/** One message of every template the site sends, keyed by the template's name (and a variant after a space). */
export const everyTemplate: Record<string, MailMessage> = {
  passwordResetMail: passwordResetMail("sam@example.com", `${origin}/reset-password?token=abc`, settings.businessName),
  emailVerificationMail: emailVerificationMail("sam@example.com", `${origin}/verify-email?token=abc`, settings.businessName),
  signUpAttemptMail: signUpAttemptMail("sam@example.com", origin, settings.businessName),
  identityCodeMail: identityCodeMail("sam@example.com", "482913", settings.businessName),
  bookingConfirmationMail: bookingConfirmationMail(bookingInput),
  bookingNotificationMail: bookingNotificationMail(bookingInput),
  bookingConfirmedMail: bookingConfirmedMail(statusInput),
  bookingCompletedMail: bookingCompletedMail(statusInput),
  bookingCancelledByBusinessMail: bookingCancelledByBusinessMail(statusInput),
  contactNotification: contactNotification(contactNotice(contact), {
    serviceLabel: "Discreet Check Up ($75)",
    businessEmail: "owner@example.com",
    origin,
    timeZone: "Australia/Adelaide",
  }),
  orderPlacedMail: orderPlacedMail(orderInput),
  "orderPlacedMail crypto": orderPlacedMail({ ...orderInput, order: { ...order, paymentMethod: "crypto" } }),
  orderNotificationMail: orderNotificationMail(orderInput),
  orderPaidMail: orderPaidMail(orderInput),
  withInvoiceAttached: withInvoiceAttached(orderPaidMail(orderInput), invoice, "Australia/Adelaide"),
  orderShippedMail: orderShippedMail(orderInput),
  orderCancelledMail: orderCancelledMail(orderInput, "expired"),
  orderRefundedMail: orderRefundedMail(orderInput),
  orderRefundOnItsWayMail: orderRefundOnItsWayMail(orderInput),
  refundedThroughPayPalMail: refundedThroughPayPalMail(refundInput),
  refundOnItsWayMail: refundOnItsWayMail(refundInput),
  "refundOnItsWayMail cash": refundOnItsWayMail({ ...refundInput, method: "cash" }),
  refundSentMail: refundSentMail(refundInput, "2026-11-27"),
  paymentInstructionsMail: paymentInstructionsMail(paymentInput),
  cashDepositRequestMail: cashDepositRequestMail(paymentInput),
  paymentRequestNotification: paymentRequestNotification(paymentInput, "instructions"),
  paymentReceiptMail: paymentReceiptMail(receipt),
  paymentReceivedNotification: paymentReceivedNotification(receipt),
  paymentReviewNotification: paymentReviewNotification({ ...receipt, expected: "38.00", reported: "3.80", orderId: "PAYPAL-1" }),
  paymentFoundNotification: paymentFoundNotification(receipt),
  paymentNotTakenNotification: paymentNotTakenNotification({ ...receipt, orderId: "PAYPAL-1" }),
  "cashDepositRequestMail replacing": cashDepositRequestMail({ ...paymentInput, replaces: ["PAY-K7QX-M4PD"] }),
  paymentForClosedBookingNotification: paymentForClosedBookingNotification({ ...receipt, why: "cancelled" }),
  closedBookingRefundFailedNotification: closedBookingRefundFailedNotification({
    ...receipt,
    why: "paid",
    failure: "PayPal did not refund this payment (REFUND_FAILED_INSUFFICIENT_FUNDS). Nothing was changed; try again or refund it in PayPal.",
  }),
  backInStockMail: backInStockMail({
    to: "sam@example.com",
    productName: "GPS Tracker & Case",
    productUrl: `${origin}/shop/product/gps`,
    unsubscribeUrl: `${origin}/wishlist/unsubscribe?token=1.abc.def`,
    businessName: settings.businessName,
  }),
  bookingCancelledByCustomerAlert: bookingCancelledByCustomerAlert(booking, { businessEmail: "owner@example.com", origin, timeZone: "Australia/Adelaide" }),
  orderCancelledByCustomerAlert: orderCancelledByCustomerAlert(orderInput),
  replicationLagAlert: replicationLagAlert({
    businessEmail: "owner@example.com",
    origin,
    timeZone: "Australia/Adelaide",
    replica: "s3://pi-site-copy/db",
    behind: "3 minutes",
    copiedAt: new Date("2026-12-01T07:29:00Z"),
    problem: "cannot fetch generations: RequestError: send request failed",
  }),
  accountDeletedAlert: accountDeletedAlert({
    plan: {
      bookings: [
        {
          id: "b0ffee00-0000-4000-8000-000000000000",
          reference: "BK-7KQ4-M2XD",
          serviceName: "Partner Check",
          status: "pending",
          appointmentDate: "2026-12-01",
          appointmentTime: "10:00",
          fate: "cancelled",
          why: "",
          paymentAwaited: true,
        },
      ],
      orders: [{ orderNumber: "PI-7KQ4-M2XD", status: "delivered", paymentStatus: "paid", fate: "kept", why: "" }],
    },
    businessEmail: "owner@example.com",
    origin,
    timeZone: "Australia/Adelaide",
  }),
  bookingMovedMail: bookingMovedMail(movedInput)!,
  bookingMovedNotification: bookingMovedNotification(movedInput),
  planReminderMail: planReminderMail({
    kind: "before",
    to: "sam@example.com",
    firstName: visitorText("Sam"),
    reference: "BK-7KQ4-M2XD",
    number: 2,
    of: 3,
    amount: "116.00",
    currency: "AUD",
    dueOn: "2026-12-13",
    pageUrl: `${origin}/bookings/bk-7kq4-m2xd`,
    businessName: settings.businessName,
    businessEmail: "owner@example.com",
    businessPhone: "",
  }),
  "planReminderMail due": planReminderMail({
    kind: "due",
    to: "sam@example.com",
    firstName: null,
    reference: "BK-7KQ4-M2XD",
    number: 3,
    of: 3,
    amount: "115.99",
    currency: "AUD",
    dueOn: "2026-12-27",
    pageUrl: `${origin}/bookings/bk-7kq4-m2xd`,
    businessName: settings.businessName,
    businessEmail: "owner@example.com",
    businessPhone: "+61 8 7000 1234",
  }),
  bookingReminderMail: bookingReminderMail({
    booking: { ...booking, reference: "BK-7KQ4-M2XD" },
    to: "sam@example.com",
    firstName: visitorText("Sam <Lee>"),
    businessName: settings.businessName,
    businessEmail: "owner@example.com",
    businessPhone: settings.phone,
    origin,
    timeZone: "Australia/Adelaide",
    movableUntil: new Date("2026-11-28T23:30:00.000Z"),
    unsubscribeUrl: `${origin}/unsubscribe/booking-reminders?token=v1.abc.def.ghi`,
    ics,
  }),
  "bookingReminderMail too late to move": bookingReminderMail({
    booking,
    to: "sam@example.com",
    firstName: null,
    businessName: settings.businessName,
    businessEmail: "owner@example.com",
    businessPhone: "",
    origin,
    timeZone: "Australia/Adelaide",
    movableUntil: null,
    unsubscribeUrl: `${origin}/unsubscribe/booking-reminders?token=v1.abc.def.ghi`,
    ics,
  }),
  reviewRejectedMail: reviewRejectedMail({
    to: "sam@example.com",
    firstName: "Sam",
    productName: "GPS Tracker & Case",
    productSlug: "gps",
    reason: "It names a person.\nPlease leave names out.",
    businessName: settings.businessName,
    origin,
  }),
  reviewEditedMail: reviewEditedMail({
    to: "sam@example.com",
    firstName: "Sam",
    productName: "GPS Tracker & Case",
    productSlug: "gps",
    title: "Works well",
    comment: "Found the car in a day.\nCall me on [phone removed].",
    reason: "We took out your phone number, so that no one reading it can call you.",
    businessName: settings.businessName,
    origin,
  }),
  reviewInvitationMail: reviewInvitationMail({
    to: "sam@example.com",
    firstName: "Sam <Lee>",
    orderNumber: "PI-1",
    products: [
      { name: "GPS Tracker & Case", slug: "gps" },
      { name: "Voice Recorder", slug: "voice-recorder" },
    ],
    businessName: settings.businessName,
    origin,
    unsubscribeUrl: `${origin}/unsubscribe/review-invitations?token=v1.abc.def.ghi`,
  }),
  caseRoomNewMail: caseRoomNewMail({ to: "sam@example.com", roomUrl: `${origin}/cases/bk-7kq4-m2xd` }),
  caseRoomClientAlert: caseRoomClientAlert({ to: "owner@example.com", roomUrl: `${origin}/admin/cases/bk-7kq4-m2xd` }),
  caseRoomRetentionMail: caseRoomRetentionMail({
    to: "sam@example.com",
    roomUrl: `${origin}/cases/bk-7kq4-m2xd`,
    deleteOn: new Date("2027-03-01T13:30:00Z"),
    timeZone: "Australia/Adelaide",
  }),
  dailyDigestMail: dailyDigestMail({
    groups: digestGroups([
      {
        key: "enquiries",
        title: "Enquiries waiting",
        noun: "enquiries",
        count: 2,
        items: [{ key: "c1", label: "Alex Doe", detail: "Emergency, received today", href: "/admin/contacts/c1", urgent: true }],
        listHref: "/admin/contacts",
        listLabel: "All enquiries",
      },
    ]),
    checklist: [{ key: "smtp", title: "Sending e-mail", detail: "SMTP_URL is not set" }],
    businessName: settings.businessName,
    businessEmail: "owner@example.com",
    origin,
    dayText: "Wednesday 25 November 2026",
    sendsAt: "8:00 am Adelaide time",
  }),
};
