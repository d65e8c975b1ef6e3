import { afterEach, expect, test } from "bun:test";
import { businessDetails, cartLine, paymentDetails } from "../../tests/factories";
import { browser } from "../../tests/helpers/browser";
import { testAddress } from "../../tests/helpers/shop";
import { startSmtpServer } from "../../tests/helpers/smtp";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";

let t: TestApp | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
afterEach(async () => {
  await t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

/** One header of a received message, its folded lines joined. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
  return head.split(/\r?\n/).find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`));
}

const enquiry = { name: "Alex Doe", email: "alex@example.net", phone: "", service: "checkup", message: "Who visits on Tuesdays?", urgency: "normal" };

test("a business name and e-mail saved in Settings send the next message, without a restart", async () => {
  smtp = await startSmtpServer();
  t = createTestApp({ SMTP_URL: smtp.url });
  const visitor = browser(t);
  // A name a header could be broken by: a comma, quotes and a line break.
  businessDetails(t.db, { businessName: 'Lee, Hart & "Sons"\nInvestigations', email: "office@leehart.com.au", phone: "+61 8 8123 4567" });

  expect((await visitor.postJson("/api/payment-requests", { serviceId: "checkup", method: "instructions", email: "jo@example.net" })).status).toBe(201);
  await t.deps.outbox.drain();
  const toClient = smtp.received.find((m) => m.to.includes("jo@example.net"));
  expect(toClient?.from).toBe("office@leehart.com.au");
  expect(header(toClient!.raw, "From")).toBe('From: "Lee, Hart & \\"Sons\\" Investigations" <office@leehart.com.au>');
  expect(header(toClient!.raw, "Reply-To")).toBe("Reply-To: office@leehart.com.au");
  expect(header(toClient!.raw, "Bcc")).toBeUndefined();
  // The HTML part's contact line (quoted-printable) names what a customer may see.
  expect(toClient!.raw.replace(/=\r?\n/g, "")).toContain("+61 8 8123 4567 =C2=B7 office@leehart.com.au</p>");

  // Saved again: the very next message says so.
  businessDetails(t.db, { businessName: "Hart Investigations", email: "desk@hart.com.au" });
  expect((await t.json("/api/contacts", enquiry)).status).toBe(201);
  await t.deps.outbox.drain();
  const notice = smtp.received.find((m) => m.to.includes("desk@hart.com.au"));
  expect(header(notice!.raw, "From")).toBe("From: Hart Investigations <desk@hart.com.au>");
  expect(header(notice!.raw, "Reply-To")).toBe("Reply-To: alex@example.net");
});

test("MAIL_FROM overrides the sender, and the HTML frame never shows a placeholder phone or e-mail", async () => {
  smtp = await startSmtpServer();
  t = createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Site <site@example.com>", BUSINESS_EMAIL: "owner@example.org" });
  expect((await browser(t).postJson("/api/payment-requests", { serviceId: "checkup", method: "instructions", email: "jo@example.net" })).status).toBe(201);
  await t.deps.outbox.drain();
  const toClient = smtp.received.find((m) => m.to.includes("jo@example.net"))!;
  expect(header(toClient.raw, "From")).toBe("From: Site <site@example.com>");
  expect(header(toClient.raw, "Reply-To")).toBe("Reply-To: owner@example.org");
  // The shipped phone and e-mail are placeholders (decision 037): the frame leaves them out.
  expect(toClient.raw).not.toContain("0000 0000");
  expect(toClient.raw).not.toContain("enquiries@example.com");
});

test("every message a customer is sent in a day's use carries Reply-To to the business's address", async () => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@hart.com.au" });
  businessDetails(t.db, { email: "desk@hart.com.au" });
  paymentDetails(t.db);
  const ann = browser(t);
  const userId = await ann.signUp("ann@example.net");
  await browser(t).post("/signup", { email: "ann@example.net", password: "another long passphrase", firstName: "Ann" });
  await browser(t).post("/forgot-password", { email: "ann@example.net" });
  expect((await ann.postJson("/api/payment-requests", { serviceId: "checkup", method: "cash" })).status).toBe(201);
  expect((await browser(t).postJson("/api/payment-requests", { serviceId: "partner", method: "instructions", email: "bo@example.net" })).status).toBe(201);
  t.db.$client.query("UPDATE users SET email_verified_at = ? WHERE id = ?").run(Date.now(), userId);
  cartLine(t.db, userId, "covert-dash-cam-4k");
  expect((await ann.postJson("/api/orders", { shippingAddress: testAddress, paymentMethod: "bank_transfer" })).status).toBe(201);
  expect((await t.json("/api/contacts", enquiry)).status).toBe(201);

  const rows = t.db.$client.query('SELECT "to", subject, reply_to AS replyTo FROM outbox ORDER BY id').all() as {
    to: string;
    subject: string;
    replyTo: string | null;
  }[];
  const toCustomers = rows.filter((r) => r.to !== "owner@hart.com.au");
  expect(toCustomers.map((r) => r.subject)).toEqual([
    expect.stringContaining("Confirm your e-mail address"),
    expect.stringContaining("Someone tried to create an account"),
    expect.stringContaining("Reset your"),
    expect.stringContaining("Cash deposit request"),
    expect.stringContaining("Payment instructions"),
    expect.stringContaining("received"),
  ]);
  for (const row of toCustomers) expect({ subject: row.subject, replyTo: row.replyTo }).toEqual({ subject: row.subject, replyTo: "owner@hart.com.au" });
  // The business's own notices reply to the customer, as before.
  const notices = rows.filter((r) => r.to === "owner@hart.com.au");
  expect(notices.length).toBe(4);
  expect(notices.map((r) => r.replyTo)).toEqual(["ann@example.net", "bo@example.net", "ann@example.net", "alex@example.net"]);
});
