import { afterEach, expect, test } from "bun:test";
import { customerWithBooking } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { defaultSettings } from "../shared/settings";

let t: TestApp;
afterEach(() => t.close());

// The made-up wallet addresses a fresh site ships with (decision 037): never in a customer's mail.
const shippedCryptoAddresses = [defaultSettings.btcAddress, defaultSettings.ethAddress, defaultSettings.usdcSolAddress];

const customerMail = () => t.db.$client.query(`SELECT text FROM outbox WHERE "to" = 'ann@example.net'`).all() as { text: string }[];

test("a booking's payment instructions, like a service's, never carry the shipped placeholder crypto addresses", async () => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
  const ann = customerWithBooking(t.db, "ann@example.net");
  const headers = { Cookie: ann.cookie, Origin: testOrigin };
  expect((await t.json("/api/payment-requests", { serviceId: "checkup", method: "instructions" }, { headers })).status).toBe(201);
  expect((await t.json("/api/payment-requests", { bookingId: ann.bookingId, method: "instructions" }, { headers })).status).toBe(201);
  const [service, booking] = customerMail();
  for (const mail of [service, booking]) {
    // Cryptocurrency is not on offer without a real address, so the mail neither offers it nor promises its discount (decision 067).
    expect(mail?.text).not.toContain("Cryptocurrency");
    for (const address of shippedCryptoAddresses) expect(mail?.text).not.toContain(address);
  }
});
