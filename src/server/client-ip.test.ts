import { afterEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { forwardedClient } from "./client-ip";
import { readEnv } from "./env.server";

let t: TestApp | undefined;
afterEach(() => t?.close());

const enquiry = { name: "Jane Citizen", email: "jane@example.com", service: "partner", message: "A question about a partner check." };

/** Posts enquiries (limit: 5 a minute per address) with a different made-up X-Forwarded-For each. */
async function statusesWithSpoofedAddresses(app: TestApp, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) statuses.push((await app.json("/api/contacts", enquiry, { headers: { "X-Forwarded-For": forwardedFor(i) } })).status);
  return statuses;
}

test("behind one trusted proxy, entries the client wrote before the proxy's cannot dodge the limit", async () => {
  t = createTestApp({ TRUST_PROXY: "1" });
  const statuses = await statusesWithSpoofedAddresses(t, (i) => `10.0.0.${i}, 198.51.100.7`);
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  // Another real client (another right-most entry) is not affected.
  expect((await t.json("/api/contacts", enquiry, { headers: { "X-Forwarded-For": "10.0.0.1, 198.51.100.8" } })).status).toBe(201);
});

test("without TRUST_PROXY the header is ignored and the socket address counts", async () => {
  t = createTestApp();
  const statuses = await statusesWithSpoofedAddresses(t, (i) => `10.0.0.${i}`);
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  t.setIp("203.0.113.99");
  expect((await t.json("/api/contacts", enquiry)).status).toBe(201);
});

test("the client is the N-th entry from the right for N proxy hops", () => {
  expect(forwardedClient("6.6.6.6, 1.1.1.1, 10.0.0.2", 1)).toBe("10.0.0.2");
  expect(forwardedClient("6.6.6.6, 1.1.1.1, 10.0.0.2", 2)).toBe("1.1.1.1");
  expect(forwardedClient("1.1.1.1", 2)).toBeNull();
  expect(forwardedClient("1.1.1.1", 0)).toBeNull();
  expect(forwardedClient(undefined, 1)).toBeNull();
});

test("TRUST_PROXY is a number of hops; true means one, false or unset none", () => {
  expect(readEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  expect(readEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
  expect(readEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
  expect(readEnv({}).TRUST_PROXY).toBe(0);
  expect(() => readEnv({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY/);
});
