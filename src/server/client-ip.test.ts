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

/**
 * Sends an admin sign-in over a stand-in for Bun's server, which, like Bun's `requestIP`, knows
 * the address of the request it handed to the app and of no other Request object.
 */
async function adminSignInFrom(app: TestApp, address: string, username: string, framing: "chunked" | "length") {
  const json = JSON.stringify({ username, password: "not the password" });
  const body =
    framing === "length"
      ? json
      : new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(json));
            controller.close();
          },
        });
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: "http://localhost" };
  if (framing === "length") headers["Content-Length"] = String(json.length);
  const arrived = new Request("http://localhost/api/admin/login", { method: "POST", headers, body, duplex: "half" } as RequestInit);
  const server = { requestIP: (req: Request) => (req === arrived ? { address, family: "IPv4", port: 40000 } : null) };
  return (await app.app.fetch(arrived, server)).status;
}

for (const framing of ["chunked", "length"] as const) {
  test(`a sign-in whose body is sent ${framing === "chunked" ? "chunked" : "with a length"} is limited by its own address`, async () => {
    t = createTestApp();
    const first: number[] = [];
    for (let i = 0; i < 6; i++) first.push(await adminSignInFrom(t, "198.51.100.1", `nobody-${i}`, framing));
    expect(first).toEqual([401, 401, 401, 401, 401, 429]);
    // Another client is not locked out by the first one's failures.
    expect(await adminSignInFrom(t, "198.51.100.2", "someone-else", framing)).toBe(401);
  });
}
