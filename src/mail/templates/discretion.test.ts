import { expect, test } from "bun:test";
import { everyTemplate, settings } from "../../../tests/helpers/mail-samples";
import { renderMailHtml } from "../html";

// A subject and a preview show on a lock screen and in a shared inbox: what a customer is sent
// names neither the service, nor what they bought, nor the business's trade (decision 069). The
// sender's name is the business's and stays; the owner's own alerts may name the service.

/** The samples' service, products and business, and words that say what the business does. */
const telling = /discreet|check up|gps|tracker|recorder|investigat|surveillance|detective|private eye/i;

const customerMail = Object.entries(everyTemplate).filter(([, message]) => message.to !== "owner@example.com");

test("the samples hold every customer template (the test below reads them all)", () => {
  expect(customerMail.length).toBeGreaterThanOrEqual(20);
  expect(customerMail.map(([name]) => name)).toContain("bookingConfirmationMail");
  expect(customerMail.map(([name]) => name)).toContain("backInStockMail");
});

test("no subject of a customer's e-mail names the service, the product or the trade", () => {
  for (const [name, message] of customerMail) {
    expect({ name, subject: telling.exec(message.subject)?.[0] ?? null }).toEqual({ name, subject: null });
    expect({ name, business: message.subject.includes(settings.businessName) }).toEqual({ name, business: false });
  }
  // A booking's e-mails name it by its reference instead.
  expect(everyTemplate.bookingReminderMail?.subject).toBe("Reminder: appointment BK-7KQ4-M2XD on Monday 30 November 2026 at 10:00 am");
  expect(everyTemplate.bookingMovedMail?.subject).toStartWith("Booking moved: appointment BK-7KQ4-M2XD now on ");
});

test("the preview a mail app shows is the subject, before the business's name and the message's words", () => {
  for (const [name, message] of customerMail) {
    const html = renderMailHtml({ subject: message.subject, text: message.text, businessName: settings.businessName });
    const body = html.slice(html.indexOf("<body"));
    // The first text of the body, as a mail app reads it for the preview.
    const firstText = body
      .replace(/<body[^>]*>/, "")
      .replace(/<[^>]+>/g, "\n")
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line !== "");
    expect({ name, preview: firstText?.replace(/(&#847;&zwnj;&nbsp;)+$/, "") }).toEqual({
      name,
      preview: message.subject.replace(/&/g, "&amp;").replace(/'/g, "&#39;"),
    });
  }
});
