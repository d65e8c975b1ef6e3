/**
 * Sign-in limits on the compiled binary, over real connections from several loopback addresses:
 * the client address is the connection's whatever the body's framing (chunked or with a length),
 * and a locked username or account stays locked through a flood of made-up names.
 */
import { expect } from "@playwright/test";
import { Agent, request } from "node:http";
import { type SiteServer, startSite, stopSite, test } from "./fixtures";

const adminPassword = "the owner's long passphrase";
const customerPassword = "a long and unusual passphrase";

let site: SiteServer;
test.beforeAll(async () => {
  site = await startSite({ ADMIN_USERNAME: "ops", ADMIN_PASSWORD: adminPassword });
});
test.afterAll(async () => {
  await stopSite(site);
});

type Framing = "chunked" | "length";

/** POSTs `body` (JSON, or a form when `form`) to `path` from the loopback address `from`; answers the status. */
function post(path: string, from: string, body: Record<string, string>, opts: { framing?: Framing; form?: boolean; agent?: Agent } = {}): Promise<number> {
  const { framing = "length", form = false } = opts;
  const text = form ? new URLSearchParams(body).toString() : JSON.stringify(body);
  const url = new URL(path, site.url);
  const headers: Record<string, string> = {
    "Content-Type": form ? "application/x-www-form-urlencoded" : "application/json",
    Origin: site.url,
    ...(framing === "chunked" ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(Buffer.byteLength(text)) }),
  };
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers, localAddress: from, agent: opts.agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    if (framing === "chunked") {
      // Two chunks, as a client streaming its body sends them.
      req.write(text.slice(0, 8));
      req.end(text.slice(8));
    } else req.end(text);
  });
}

const adminSignIn = (from: string, username: string, password: string, framing: Framing = "length", agent?: Agent) =>
  post("/api/admin/login", from, { username, password }, { framing, agent });

/** `count` requests made by `send(i)`, eight at a time over kept-alive connections from `from`. */
async function flood(from: string, count: number, send: (i: number, agent: Agent) => Promise<number>) {
  const agent = new Agent({ keepAlive: true, maxSockets: 8, localAddress: from });
  let next = 0;
  const statuses = new Set<number>();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) statuses.add(await send(next++, agent));
    }),
  );
  agent.destroy();
  return statuses;
}

for (const [framing, first, second] of [
  ["chunked", "127.0.0.2", "127.0.0.3"],
  ["length", "127.0.0.4", "127.0.0.5"],
] as const) {
  test(`a sign-in sent ${framing === "chunked" ? "chunked" : "with a length"} is limited and logged by its connection's address`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await adminSignIn(first, `nobody-${framing}-${i}`, "not the password", framing));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Another client is not locked out by the first one's failures.
    expect(await adminSignIn(second, `someone-${framing}`, "not the password", framing)).toBe(401);
    const log = site.logs.join("");
    expect(log).toContain(`"ip":"${first}","username":"nobody-${framing}-0"`);
    expect(log).not.toContain('"ip":"unknown"');
  });
}

test("a locked admin username stays locked through a flood of made-up usernames", async () => {
  test.setTimeout(120_000);
  for (let i = 0; i < 5; i++) expect(await adminSignIn("127.0.0.6", "ops", `guess ${i}`)).toBe(401);
  expect(await adminSignIn("127.0.0.7", "ops", adminPassword)).toBe(429);
  const answers = await flood("127.0.0.6", 10_001, (i, agent) => adminSignIn("127.0.0.6", `made-up-${i}`, "x", "length", agent));
  expect([...answers]).toEqual([429]);
  expect(await adminSignIn("127.0.0.8", "ops", adminPassword)).toBe(429);
});

test("a locked customer account stays locked through a flood of made-up e-mails", async () => {
  test.setTimeout(120_000);
  const signUp = { email: "ann@example.com", password: customerPassword, firstName: "Ann", lastName: "Lee" };
  expect(await post("/signup", "127.0.0.9", signUp, { form: true })).toBe(303);
  const signIn = (from: string, email: string, password: string, agent?: Agent) => post("/login", from, { email, password }, { form: true, agent });
  for (let i = 0; i < 10; i++) expect(await signIn("127.0.0.10", "ann@example.com", `wrong guess ${i}`)).toBe(401);
  const answers = await flood("127.0.0.10", 10_001, (i, agent) => signIn("127.0.0.10", `made-up-${i}@example.com`, "x", agent));
  expect([...answers]).toEqual([429]);
  expect(await signIn("127.0.0.11", "ann@example.com", customerPassword)).toBe(429);
});
