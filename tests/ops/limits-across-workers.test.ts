/**
 * Limits hold across workers (decision 090): two instances of the binary on one data directory, on
 * two ports so each request names the worker that answers it, count every limit together: customer
 * sign-in guesses, an admin's lock, two-factor and recovery-code guesses, a public form, and the
 * mail one address may be sent (counted in the outbox table).
 *
 * LIMITS_BINARY=<another build> runs the same checks against that build (an older one counted in
 * each process's memory and fails them).
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { decodeBase32 } from "@oslojs/encoding";
import { generateTOTP } from "@oslojs/otp";
import { binary, dataDir, freePort, type Instance, killLeftovers, startInstance, stopInstance } from "./lib";

const other = process.env.LIMITS_BINARY;
// `sh -c 'exec "$0"' OTHER dist/pi-site`: the other build runs, and the path lib.ts appends is ignored.
const prefix = other ? ["sh", "-c", 'exec "$0"', other] : [];
const command = other ?? binary;

const ownerPassword = "the owner's long passphrase";
const deskPassword = "the front desk's long passphrase";
const customerPassword = "a long and unusual passphrase";

let dir = "";
let a: Instance;
let b: Instance;
beforeAll(async () => {
  dir = dataDir("limits");
  // A second admin, made on the command line before either worker starts.
  const create = Bun.spawn([command, "admin", "create", "desk", "--password-stdin"], {
    cwd: dir,
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: "error" },
    stdin: new Blob([`${deskPassword}\n`]),
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(await create.exited, await new Response(create.stderr).text()).toBe(0);
  const env = { TRUST_PROXY: "1", WORKERS: "1", ADMIN_USERNAME: "owner", ADMIN_PASSWORD: ownerPassword };
  a = await startInstance(dir, freePort(), env, prefix);
  b = await startInstance(dir, freePort(), env, prefix);
}, 60_000);
afterAll(async () => {
  for (const i of [a, b]) if (i) await stopInstance(i);
  await killLeftovers();
});

let addresses = 0;
/** A client address no other request of this file used. */
const fresh = () => `10.9.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

/** POSTs `body` as JSON to `path` on `site`, from `ip` (through the trusted proxy). */
function post(site: Instance, path: string, body: unknown, ip = fresh(), headers: Record<string, string> = {}) {
  return fetch(`${site.base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Origin: site.base, "X-Forwarded-For": ip, ...headers },
    body: JSON.stringify(body),
    redirect: "manual",
  });
}

/** POSTs `fields` as a plain form (no JavaScript) to `path` on `site`, from `ip`. */
function form(site: Instance, path: string, fields: Record<string, string>, ip = fresh()) {
  return fetch(`${site.base}${path}`, {
    method: "POST",
    headers: { Origin: site.base, "X-Forwarded-For": ip },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

const codeOf = async (res: Response) => ((await res.json()) as { error?: { code: string } }).error?.code;

test("twenty parallel wrong passwords for one account, spread over both workers, check at most ten", async () => {
  expect((await form(a, "/signup", { email: "ann@example.com", password: customerPassword, firstName: "Ann", lastName: "Lee" })).status).toBe(303);
  const guesses = await Promise.all(
    Array.from({ length: 20 }, (_, i) => form(i % 2 ? b : a, "/login", { email: "ann@example.com", password: `wrong guess ${i}` })),
  );
  const statuses = guesses.map((r) => r.status);
  const checked = statuses.filter((s) => s === 401).length;
  expect(checked).toBeLessThanOrEqual(10);
  expect(statuses.filter((s) => s === 429).length).toBe(20 - checked);
  // The account is locked in both, whichever address the right password comes from.
  for (const site of [a, b]) expect((await form(site, "/login", { email: "ann@example.com", password: customerPassword })).status).toBe(429);
}, 60_000);

test("an admin's lock taken through one worker refuses through the other, and a burst over both is audited once", async () => {
  const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => post(i % 2 ? b : a, "/api/admin/login", { username: "desk", password: `not it ${i}` })));
  const statuses = burst.map((r) => r.status);
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
  expect(statuses.filter((s) => s === 401 || s === 429).length).toBe(10);
  for (const site of [b, a]) {
    const refused = await post(site, "/api/admin/login", { username: "desk", password: deskPassword });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(800);
  }
  // The attempt that reached the limit, in whichever worker, told the audit log; only that one.
  const db = new Database(join(dir, "pi-site.db"), { readonly: true });
  try {
    expect(db.query("SELECT count(*) AS n FROM audit_log WHERE action = 'signin.locked' AND admin_username = 'desk'").get()).toEqual({ n: 1 });
  } finally {
    db.close();
  }
}, 60_000);

test("two-factor and recovery-code guesses count across both workers", async () => {
  const signedIn = await post(a, "/api/admin/login", { username: "owner", password: ownerPassword });
  expect(signedIn.status).toBe(200);
  const token = /pi_admin=([A-Za-z0-9_-]+);/.exec(signedIn.headers.getSetCookie().join("\n"))?.[1];
  const auth = { Authorization: `Bearer ${token}` };
  const setup = await post(a, "/api/admin/totp/setup", {}, fresh(), auth);
  expect(setup.status).toBe(200);
  const key = decodeBase32(((await setup.json()) as { secret: string }).secret);
  const confirmed = await post(b, "/api/admin/totp/confirm", { code: generateTOTP(key, 30, 6) }, fresh(), auth);
  expect(confirmed.status).toBe(200);
  const [recoveryCode] = ((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes;

  // The right password with five wrong codes, app codes and recovery codes, through both workers.
  const wrongAppCode = () => String((Number(generateTOTP(key, 30, 6)) + 500_000) % 1_000_000).padStart(6, "0");
  const guesses = [wrongAppCode(), "0000-0000-0000", wrongAppCode(), "1111-1111-1111", wrongAppCode()];
  for (const [i, code] of guesses.entries()) {
    const res = await post(i % 2 ? b : a, "/api/admin/login", { username: "owner", password: ownerPassword, code });
    expect(res.status).toBe(401);
    expect(await codeOf(res)).toBe("wrong_code");
  }
  // Now even a right recovery code waits, through either worker.
  for (const site of [b, a])
    expect((await post(site, "/api/admin/login", { username: "owner", password: ownerPassword, code: recoveryCode })).status).toBe(429);
}, 60_000);

test("a public form's limit (five enquiries a minute per address) counts across both workers", async () => {
  const ip = fresh();
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const enquiry = { name: `Caller ${i}`, email: `caller${i}@example.com`, service: "other", urgency: "normal", message: `Enquiry ${i}` };
    statuses.push((await post(i % 2 ? b : a, "/api/contacts", enquiry, ip)).status);
  }
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
});

test("mail one address may be sent in an hour counts across both workers (the outbox table)", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    statuses.push((await post(i % 2 ? b : a, "/api/payment-requests", { serviceId: "partner", method: "instructions", email: "victim@example.com" })).status);
  }
  expect(statuses).toEqual([201, 201, 201, 201, 201]);
  for (const site of [a, b]) {
    const refused = await post(site, "/api/payment-requests", { serviceId: "checkup", method: "cash", email: "victim@example.com" });
    expect(refused.status).toBe(429);
    expect(await codeOf(refused)).toBe("mail_limited");
  }
});
