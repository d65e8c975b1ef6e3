import { afterAll, beforeAll, expect, test } from "bun:test";
import { simpleParser, type ParsedMail } from "mailparser";
import { startSmtpServer } from "../../tests/helpers/smtp";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import type { Contact } from "../db/schema";
import type { ServiceOffer } from "../domain/payment";
import type { OrderView } from "../shared/orders";
import { defaultSettings } from "../shared/settings";
import { renderMailHtml, textToHtmlBody } from "./html";
import { enqueueMail, type MailMessage } from "./outbox.server";
import { emailVerificationMail, passwordResetMail, signUpAttemptMail } from "./templates/accounts";
import { bookingMovedMail, bookingMovedNotification } from "./templates/booking-reschedule";
import {
  bookingCancelledByBusinessMail,
  bookingCancelledByCustomerAlert,
  bookingCompletedMail,
  bookingConfirmationMail,
  bookingConfirmedMail,
  bookingNotificationMail,
  type BookingMailInput,
  type BookingStatusMailInput,
} from "./templates/bookings";
import { contactNotification } from "./templates/contact";
import { dailyDigestMail } from "./templates/digest";
import { reviewInvitationMail, reviewRejectedMail } from "./templates/review-mail";
import {
  type OrderMailInput,
  orderCancelledByCustomerAlert,
  orderCancelledMail,
  orderNotificationMail,
  orderPaidMail,
  orderPlacedMail,
  orderRefundedMail,
  orderShippedMail,
} from "./templates/orders";
import {
  cashDepositRequestMail,
  type PaymentMailInput,
  paymentFoundNotification,
  paymentInstructionsMail,
  paymentNotTakenNotification,
  paymentReceiptMail,
  paymentReceivedNotification,
  paymentRequestNotification,
  paymentReviewNotification,
} from "./templates/payments";
import { backInStockMail } from "./templates/wishlist";

const origin = "https://pi.example";
const settings = {
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
const booking = {
  id: "0123abcd-0000-4000-8000-000000000000",
  serviceName: "Discreet Check Up",
  servicePrice: "37.50",
  originalPrice: "75.00",
  appointmentDate: "2026-11-30",
  appointmentTime: "10:00",
  duration: 60,
  location: "Rundle Mall",
  notes: "Ask for Sam",
  contactPhone: "0400 000 000",
  contactEmail: "sam@example.com",
};
const ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n";
const bookingInput: BookingMailInput = {
  booking,
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
  customerName: "Sam Lee",
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
  currency: "USD",
};
const paymentInput: PaymentMailInput = { referenceCode: "PAY-AB12", email: "sam@example.com", offer, settings, businessEmail: "owner@example.com", origin };
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
  createdAt: new Date("2026-11-25T01:00:00Z"),
} as Contact;

/** One message of every template the site sends. */
const everyTemplate: Record<string, MailMessage> = {
  passwordReset: passwordResetMail("sam@example.com", `${origin}/reset-password?token=abc`, settings.businessName),
  emailVerification: emailVerificationMail("sam@example.com", `${origin}/verify-email?token=abc`, settings.businessName),
  signUpAttempt: signUpAttemptMail("sam@example.com", origin, settings.businessName),
  bookingConfirmation: bookingConfirmationMail(bookingInput),
  bookingNotification: bookingNotificationMail(bookingInput),
  bookingConfirmed: bookingConfirmedMail(statusInput),
  bookingCompleted: bookingCompletedMail(statusInput),
  bookingCancelledByBusiness: bookingCancelledByBusinessMail(statusInput),
  contactNotification: contactNotification(contact, "Discreet Check Up ($75)", "owner@example.com", origin),
  orderPlaced: orderPlacedMail(orderInput),
  orderPlacedCrypto: orderPlacedMail({ ...orderInput, order: { ...order, paymentMethod: "crypto" } }),
  orderNotification: orderNotificationMail(orderInput),
  orderPaid: orderPaidMail(orderInput),
  orderShipped: orderShippedMail(orderInput),
  orderCancelled: orderCancelledMail(orderInput, "expired"),
  orderRefunded: orderRefundedMail(orderInput),
  paymentInstructions: paymentInstructionsMail(paymentInput),
  cashDepositRequest: cashDepositRequestMail(paymentInput),
  paymentRequestNotification: paymentRequestNotification(paymentInput, "instructions"),
  paymentReceipt: paymentReceiptMail(receipt),
  paymentReceivedNotification: paymentReceivedNotification(receipt),
  paymentReviewNotification: paymentReviewNotification({ ...receipt, expected: "38.00", reported: "3.80", orderId: "PAYPAL-1" }),
  paymentFoundNotification: paymentFoundNotification(receipt),
  paymentNotTakenNotification: paymentNotTakenNotification({ ...receipt, orderId: "PAYPAL-1" }),
  backInStock: backInStockMail({
    to: "sam@example.com",
    productName: "GPS Tracker & Case",
    productUrl: `${origin}/shop/product/gps`,
    unsubscribeUrl: `${origin}/wishlist/unsubscribe?token=1.abc.def`,
    businessName: settings.businessName,
  }),
  bookingCancelledByCustomerAlert: bookingCancelledByCustomerAlert(booking, { businessEmail: "owner@example.com", origin, timeZone: "Australia/Adelaide" }),
  orderCancelledByCustomerAlert: orderCancelledByCustomerAlert(orderInput),
  bookingMoved: bookingMovedMail(movedInput),
  bookingMovedNotification: bookingMovedNotification(movedInput),
  reviewRejected: reviewRejectedMail({
    to: "sam@example.com",
    firstName: "Sam",
    productName: "GPS Tracker & Case",
    productSlug: "gps",
    reason: "It names a person.\nPlease leave names out.",
    businessName: settings.businessName,
    origin,
  }),
  reviewInvitation: reviewInvitationMail({
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
  dailyDigest: dailyDigestMail({
    groups: [
      {
        key: "enquiries",
        title: "Enquiries waiting",
        count: 2,
        items: [{ key: "c1", label: "Alex Doe", detail: "Emergency, received today", href: "/admin/contacts/c1", urgent: true }],
        listHref: "/admin/contacts",
        listLabel: "All enquiries",
      },
    ],
    checklist: [{ key: "smtp", title: "Sending e-mail", detail: "SMTP_URL is not set" }],
    businessName: settings.businessName,
    businessEmail: "owner@example.com",
    origin,
    dayText: "Wednesday 25 November 2026",
  }),
};

/** The words a reader sees in an HTML document: tags gone, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  const body = html.replace(/<head>[\s\S]*?<\/head>/i, "");
  return body
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/?(a|strong|em|b|span)\b[^>]*>/gi, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
const squash = (s: string) => s.replace(/\s+/g, " ").trim();

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const parsed = new Map<string, ParsedMail>();

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = createTestApp({ SMTP_URL: smtp.url, BUSINESS_EMAIL: "owner@example.com", MAIL_FROM: "Site <site@example.com>" });
  t.db.$client.run("UPDATE settings SET value = ? WHERE key = 'businessName'", [JSON.stringify(settings.businessName)]);
  const names = Object.keys(everyTemplate);
  for (const name of names) enqueueMail(t.db, everyTemplate[name] as MailMessage);
  await t.deps.outbox.drain();
  const received = await smtp.waitFor(names.length, 20_000);
  for (const [i, mail] of received.entries()) parsed.set(names[i] as string, await simpleParser(mail.raw));
}, 30_000);

afterAll(async () => {
  t.close();
  await smtp.close();
});

test("every template arrives through SMTP with an HTML part and the same text part", () => {
  expect(parsed.size).toBe(Object.keys(everyTemplate).length);
  for (const [name, mail] of parsed) {
    const sent = everyTemplate[name] as MailMessage;
    expect({ name, subject: mail.subject }).toEqual({ name, subject: sent.subject });
    expect({ name, text: mail.text?.trimEnd() }).toEqual({ name, text: sent.text.trimEnd() });
    expect({ name, html: typeof mail.html }).toEqual({ name, html: "string" });
  }
});

test("the HTML of every template states every fact of its text", () => {
  for (const [name, mail] of parsed) {
    const seen = visibleText(mail.html || "");
    for (const line of (everyTemplate[name] as MailMessage).text.split("\n")) {
      const words = squash(line).replace(/:$/, "");
      if (words) expect({ name, line: words, found: seen.includes(words) }).toEqual({ name, line: words, found: true });
    }
  }
});

test("the HTML is an accessible document that loads nothing from anywhere", () => {
  for (const [name, mail] of parsed) {
    const html = mail.html || "";
    expect({ name, lang: /<html lang="en">/.test(html) }).toEqual({ name, lang: true });
    expect({ name, h1: html.match(/<h1\b/g)?.length }).toEqual({ name, h1: 1 });
    expect({ name, title: /<title>[^<]+<\/title>/.test(html) }).toEqual({ name, title: true });
    // Nothing that fetches: no images, stylesheets, scripts, frames or CSS urls; links are only <a href>.
    expect({ name, loads: html.match(/<(img|link|script|iframe|object|embed|video|audio|source)\b|url\(|@import|\bsrc=/gi) }).toEqual({ name, loads: null });
    for (const m of html.matchAll(/\bhttps?:\/\/[^\s"'<>]+/g)) {
      const before = html.slice(Math.max(0, (m.index ?? 0) - 6), m.index);
      // Every address is a link's target or its visible text, never a resource.
      expect({ name, url: m[0], ok: before.endsWith('href="') || before.endsWith(">") }).toEqual({ name, url: m[0], ok: true });
    }
  }
});

test("attachments still travel with the HTML and text", () => {
  const mail = parsed.get("bookingConfirmation");
  expect(mail?.attachments.map((a) => a.filename)).toEqual(["appointment.ics"]);
  expect(mail?.html).toContain("Discreet Check Up");
});

test("what a visitor typed is escaped in the HTML", () => {
  const html = renderMailHtml({ subject: "Hi <b>there</b>", text: `Name: <script>alert(1)</script>\n<img src=x onerror=alert(1)>`, businessName: "A & B" });
  expect(html).not.toContain("<script>");
  expect(html).not.toContain("<img");
  expect(html).toContain("&lt;script&gt;");
  expect(html).toContain("A &amp; B");
  expect(html).toContain("<title>Hi &lt;b&gt;there&lt;/b&gt;</title>");
});

test("the text's shapes become headings, fact tables, lists and links", () => {
  const body = textToHtmlBody(
    ["Thank you.", "", "Order number: PI-1", "Total: $10.00 USD", "", "Shipping to:", "  Sam Lee", "  1 Example St", "", "https://pi.example/orders/PI-1"].join(
      "\n",
    ),
  );
  expect(body).toContain('<th scope="row"');
  expect(body).toMatch(/<th[^>]*>Order number:<\/th><td[^>]*>PI-1<\/td>/);
  expect(body).toMatch(/<h2[^>]*>Shipping to<\/h2>/);
  expect(body).toMatch(/<ul[^>]*><li>Sam Lee<\/li><li>1 Example St<\/li><\/ul>/);
  expect(body).toContain('<a href="https://pi.example/orders/PI-1"');
});
