/**
 * Every booking template with hostile text in each field a customer typed (location, notes, phone,
 * contact address, name): the text stays the value of its own line, so it cannot start a paragraph,
 * a fake header or a link-only line that the HTML part would draw as a button; and a raw string
 * does not compile where a template quotes a customer.
 */
import { expect, test } from "bun:test";
import { textToHtmlBody } from "../html";
import type { MailMessage } from "../outbox.server";
import { visitorText } from "../visitor-text";
import { bookingMovedMail, bookingMovedNotification } from "./booking-reschedule";
import {
  bookingCancelledByBusinessMail,
  bookingCancelledByCustomerAlert,
  bookingCompletedMail,
  bookingConfirmationMail,
  bookingConfirmedMail,
  bookingNotificationMail,
  bookingReminderMail,
  quotedBooking,
} from "./bookings";

const forged = "Our office\r\n\r\nIMPORTANT: your payment did not go through... pay again at:\r\nhttps://evil.example/pay";
const headers = "Eve\r\nBcc: victim@evil.com\r\nX-Inj: 1";
const invisible = "Rundle\u202e Mall\u200b\u2028Reply now";

const raw = {
  id: "0123abcd-0000-4000-8000-000000000000",
  reference: "BK-7KQ4-M2XD",
  serviceName: "Partner Check",
  servicePrice: "148.00",
  originalPrice: "295.00",
  status: "pending" as const,
  appointmentDate: "2026-11-30",
  appointmentTime: "10:00",
  duration: 60,
  location: forged,
  notes: `${headers}\n\n${invisible}`,
  contactPhone: headers,
  contactEmail: "victim@evil.example\r\nBcc: more@evil.example",
};
const booking = quotedBooking(raw);
const common = {
  businessName: "Adelaide Discreet Investigations",
  businessEmail: "owner@example.com",
  businessPhone: "",
  origin: "https://pi.example",
  timeZone: "Australia/Adelaide",
  currency: "USD",
  ics: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
};
const created = {
  ...common,
  booking,
  customerEmail: "ann@example.com",
  manageUrl: "https://pi.example/dashboard",
  whenText: "Monday 30 November 2026, 10:00 am",
};
const status = { ...common, booking, to: "ann@example.com" };
const moved = {
  ...common,
  booking,
  from: { appointmentDate: "2026-11-28", appointmentTime: "14:00" },
  customerEmail: "ann@example.com",
  customerName: visitorText(headers),
};

const messages: Record<string, MailMessage | null> = {
  confirmation: bookingConfirmationMail(created),
  notification: bookingNotificationMail(created),
  confirmed: bookingConfirmedMail(status),
  completed: bookingCompletedMail(status),
  cancelledByBusiness: bookingCancelledByBusinessMail(status),
  cancelledByCustomer: bookingCancelledByCustomerAlert(booking, {
    businessEmail: "owner@example.com",
    origin: "https://pi.example",
    customerEmail: "ann@example.com",
  }),
  moved: bookingMovedMail(moved),
  movedNotification: bookingMovedNotification(moved),
  reminder: bookingReminderMail({
    ...common,
    booking,
    to: "ann@example.com",
    firstName: visitorText(headers),
    movableUntil: new Date("2026-11-29T00:00:00.000Z"),
    unsubscribeUrl: "https://pi.example/unsubscribe/booking-reminders?token=v1.abc",
  }),
};

/** How the HTML part draws a link-only line: a button. */
const buttonToForgedLink = /href="https:\/\/evil[^"]*" style="display:inline-block/;

/** A line that only the hostile text could have started. */
const forgedLine = (line: string) => /^\s*(IMPORTANT|https:\/\/evil|Bcc:|X-Inj:|Reply now)/i.test(line);

test("the check would see a forged link drawn as a button", () => {
  expect(textToHtmlBody(`Where: Our office\n\nhttps://evil.example/pay`)).toMatch(buttonToForgedLink);
});

test("no booking template lets what a customer typed start a line of its own", () => {
  for (const [name, message] of Object.entries(messages)) {
    if (!message) throw new Error(`${name} wrote no message`);
    expect({ name, lines: message.text.split("\n").filter(forgedLine) }).toEqual({ name, lines: [] });
    expect({ name, control: /[\r\u2028\u202e\u200b]/.test(message.text) }).toEqual({ name, control: false });
    // The HTML part draws a line holding only a link as a button: the forged address never is one.
    expect(textToHtmlBody(message.text)).not.toMatch(buttonToForgedLink);
  }
});

test("customer mail goes to the account's confirmed address; the typed contact address is only shown to the business", () => {
  for (const name of ["confirmation", "confirmed", "completed", "cancelledByBusiness", "moved", "reminder"]) expect(messages[name]?.to).toBe("ann@example.com");
  for (const name of ["notification", "cancelledByCustomer", "movedNotification"]) {
    expect(messages[name]?.to).toBe("owner@example.com");
    expect(messages[name]?.replyTo).toBe("ann@example.com");
  }
  expect(messages.notification?.text).toContain("E-mail typed on the form (not confirmed, not mailed): victim@evil.example Bcc: more@evil.example");
  // Without a confirmed address the customer's moved e-mail is not written at all.
  expect(bookingMovedMail({ ...moved, customerEmail: null })).toBeNull();
});

test("a template cannot be handed a customer's raw text", () => {
  // @ts-expect-error a raw string is not VisitorText: it must go through quotedBooking / visitorText
  bookingConfirmedMail({ ...status, booking: { ...booking, location: raw.location } });
  // @ts-expect-error the same for the name in the business's notice of a move
  bookingMovedNotification({ ...moved, customerName: headers });
  // @ts-expect-error and for the name a reminder greets
  bookingReminderMail({ ...common, booking, to: "ann@example.com", firstName: headers, movableUntil: null, unsubscribeUrl: "https://pi.example/u" });
});
