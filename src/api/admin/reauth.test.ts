/**
 * A stolen admin token is not all-powerful (decision 027): it ends 12 hours after sign-in however
 * busy it is, and the changes that hand over the business (admins, their sign-ins, two-factor
 * set-up, where money goes, refunds) need the password (and code) given on that token in the last
 * 10 minutes: 403 `reauth_required` and nothing changed, then POST /api/admin/reauth, then allowed.
 */
import { afterEach, beforeEach, describe, expect, setSystemTime, test } from "bun:test";
import { decodeBase32 } from "@oslojs/encoding";
import { generateTOTP } from "@oslojs/otp";
import { createAdmin, createAdminToken, purgeExpiredAdminTokens } from "../../db/admins.server";
import { getSettings } from "../../db/settings.server";
import { hashPassword, hashToken } from "../../server/auth/crypto.server";
import { setLogLevel } from "../../server/log.server";
import { totpMessages } from "../../shared/admin-totp";
import { placedOrders } from "../../../tests/factories";
import { testOrigin } from "../../../tests/helpers/browser";
import { countRows, createTestApp, errorOf, type TestApp } from "../../../tests/helpers/test-app";

const password = "owner's long passphrase 2026";
const minute = 60_000;
const hour = 60 * minute;
let t: TestApp;
let ownerId: number;
let passwordHash: string;

beforeEach(async () => {
  setLogLevel("error");
  t = createTestApp();
  passwordHash ??= await hashPassword(password);
  ownerId = createAdmin(t.db, "owner", passwordHash)!.id;
});
afterEach(() => {
  setSystemTime();
  t.close();
});

/** A bearer header for the owner, signed in `ago` ms before now. */
const signedIn = (ago: number) => `Bearer ${createAdminToken(t.db, ownerId, Date.now() - ago)}`;
const send = (auth: string, method: string, path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: { Authorization: auth, Origin: testOrigin, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const reauth = (auth: string, body: unknown) => send(auth, "POST", "/api/admin/reauth", body);
const tokenRow = (auth: string) =>
  t.db.$client
    .query("SELECT expires_at, created_at, reauthenticated_at FROM admin_tokens WHERE token_hash = ?")
    .get(hashToken(auth.slice("Bearer ".length))) as {
    expires_at: number;
    created_at: number;
    reauthenticated_at: number | null;
  };

describe("the absolute lifetime", () => {
  test("a token used every few minutes still ends 12 hours after sign-in", async () => {
    const auth = signedIn(12 * hour - 5 * minute);
    // Kept busy: the idle expiry slid forward, as a thief using it would make it.
    t.db.$client.query("UPDATE admin_tokens SET last_used_at = ?, expires_at = ?").run(Date.now() - 2 * minute, Date.now() + 8 * hour);
    expect((await send(auth, "GET", "/api/admin/me")).status).toBe(200);
    // The slide never reaches past 12 hours after sign-in.
    expect(tokenRow(auth).expires_at).toBeLessThanOrEqual(tokenRow(auth).created_at + 12 * hour);
    setSystemTime(new Date(Date.now() + 6 * minute));
    const res = await send(auth, "GET", "/api/admin/me");
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("unauthorized");
    // Nor does it count as a live sign-in on the admins page.
    const fresh = signedIn(0);
    const list = (await (await send(fresh, "GET", "/api/admin/admins")).json()) as { admins: { username: string; sessions: number }[] };
    expect(list.admins.find((a) => a.username === "owner")?.sessions).toBe(1);
  });
});

test("housekeeping deletes a token past its 12 hours even while its idle expiry is ahead", () => {
  signedIn(12 * hour + minute);
  t.db.$client.query("UPDATE admin_tokens SET expires_at = ?").run(Date.now() + hour);
  signedIn(11 * hour);
  t.db.$client.query("UPDATE admin_tokens SET expires_at = ?").run(Date.now() + hour);
  purgeExpiredAdminTokens(t.db);
  expect(countRows(t, "admin_tokens")).toBe(1);
});

/** Every change that needs a recent password: how to make it, and how to tell that nothing changed. */
function sensitiveChanges() {
  return {
    "adding an admin": {
      make: (auth: string) => send(auth, "POST", "/api/admin/admins", { username: "mallory", password: "a long enough password 1" }),
      unchanged: () => countRows(t, "admins") === 2,
    },
    "ending another admin's sign-ins": {
      make: (auth: string) => send(auth, "POST", `/api/admin/admins/${otherId()}/revoke-sessions`),
      unchanged: () => (t.db.$client.query("SELECT count(*) AS n FROM admin_tokens WHERE admin_id = ?").get(otherId()) as { n: number }).n === 1,
    },
    "removing an admin": {
      make: (auth: string) => send(auth, "DELETE", `/api/admin/admins/${otherId()}`),
      unchanged: () => countRows(t, "admins") === 2,
    },
    "starting two-factor set-up": {
      make: (auth: string) => send(auth, "POST", "/api/admin/totp/setup"),
      unchanged: () => pendingKey() === null,
    },
    "changing the bank account": {
      make: (auth: string) => send(auth, "PUT", "/api/admin/settings", { bankBsb: "999-999", bankAccountNumber: "12345678" }),
      unchanged: () => getSettings(t.db).bankBsb !== "999-999",
    },
    "changing a crypto address": {
      make: (auth: string) => send(auth, "PUT", "/api/admin/settings", { btcAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" }),
      unchanged: () => getSettings(t.db).btcAddress !== "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    },
    "changing the PayPal hold": {
      make: (auth: string) => send(auth, "PUT", "/api/admin/settings", { paypalOrderHoldMinutes: 720 }),
      unchanged: () => getSettings(t.db).paypalOrderHoldMinutes !== 720,
    },
    "refunding an order": {
      make: (auth: string) => send(auth, "POST", `/api/admin/orders/${paidOrder()}/refund`, {}),
      unchanged: () => orderStatus() === "processing",
    },
  };
}

let other: { id: number } | undefined;
let order: string | undefined;
const otherId = () => other!.id;
const paidOrder = () => order!;
const pendingKey = () => (t.db.$client.query("SELECT totp_pending_key AS k FROM admins WHERE id = ?").get(ownerId) as { k: string | null }).k;
const orderStatus = () => (t.db.$client.query("SELECT status FROM orders WHERE order_number = ?").get(order!) as { status: string }).status;

describe.each(Object.entries(sensitiveChanges()))("%s", (_name, change) => {
  beforeEach(async () => {
    other = createAdmin(t.db, "clerk", passwordHash)!;
    createAdminToken(t.db, other.id);
    order = placedOrders(t.db, "ann@example.com")[0]!.orderNumber;
    expect((await send(signedIn(0), "POST", `/api/admin/orders/${order}/mark-paid`, {})).status).toBe(200);
  });

  test("is refused with 403 reauth_required 10 minutes after sign-in, and changes nothing", async () => {
    const stale = signedIn(10 * minute + 1000);
    const res = await change.make(stale);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({ code: "reauth_required" });
    expect(change.unchanged()).toBe(true);
  });

  test("is allowed right after sign-in", async () => {
    expect((await change.make(signedIn(0))).status).toBeLessThan(300);
  });

  test("a stale token re-checked with the password may make it", async () => {
    const stale = signedIn(3 * hour);
    const checked = await reauth(stale, { password });
    expect(checked.status).toBe(200);
    expect((await change.make(stale)).status).toBeLessThan(300);
    expect(change.unchanged()).toBe(false);
  });
});

describe("what needs no re-check", () => {
  test("ordinary settings and reading the admins list work on a token signed in hours ago", async () => {
    const stale = signedIn(3 * hour);
    expect((await send(stale, "PUT", "/api/admin/settings", { responseTimeHours: 4 })).status).toBe(200);
    // The form sends every setting: unchanged guarded settings do not ask for the password.
    expect((await send(stale, "PUT", "/api/admin/settings", { ...getSettings(t.db), responseTimeHours: 6 })).status).toBe(200);
    expect(getSettings(t.db).responseTimeHours).toBe(6);
    expect((await send(stale, "GET", "/api/admin/admins")).status).toBe(200);
  });
});

describe("POST /api/admin/reauth", () => {
  test("a wrong password is a field message (never a 401, which would sign the portal out) and counts toward the limit", async () => {
    const stale = signedIn(3 * hour);
    for (let i = 0; i < 5; i++) {
      const res = await reauth(stale, { password: "wrong password" });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields).toEqual({ password: totpMessages.wrongPassword });
    }
    const limited = await reauth(stale, { password });
    expect(limited.status).toBe(429);
    expect(tokenRow(stale).reauthenticated_at).toBeLessThan(Date.now() - 2 * hour);
    expect((await send(stale, "POST", "/api/admin/totp/setup")).status).toBe(403);
  });

  test("with two-factor sign-in on, the code is needed too, and a code works once", async () => {
    const t0 = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
    setSystemTime(new Date(t0));
    const fresh = signedIn(0);
    const { secret } = (await (await send(fresh, "POST", "/api/admin/totp/setup")).json()) as { secret: string };
    const key = decodeBase32(secret);
    expect((await send(fresh, "POST", "/api/admin/totp/confirm", { code: generateTOTP(key, 30, 6) })).status).toBe(200);
    setSystemTime(new Date(t0 + 30_000));
    const stale = signedIn(3 * hour);
    const noCode = await reauth(stale, { password });
    expect(noCode.status).toBe(400);
    expect((await errorOf(noCode)).fields).toEqual({ code: totpMessages.signInCodeRequired });
    const wrong = await reauth(stale, { password, code: "000000" === generateTOTP(key, 30, 6) ? "111111" : "000000" });
    expect((await errorOf(wrong)).fields).toEqual({ code: totpMessages.wrongOrUsedCode });
    const code = generateTOTP(key, 30, 6);
    expect((await reauth(stale, { password, code })).status).toBe(200);
    const again = signedIn(3 * hour);
    expect((await errorOf(await reauth(again, { password, code }))).fields).toEqual({ code: totpMessages.wrongOrUsedCode });
    expect((await send(stale, "POST", "/api/admin/admins", { username: "mallory", password: "a long enough password 1" })).status).toBe(201);
  });

  test("bad bodies are 400s in the error shape", async () => {
    const stale = signedIn(3 * hour);
    for (const body of [{}, { password: "" }, { password: 5 }, { password, code: "12ab56" }, { password: "x".repeat(200) }]) {
      const res = await reauth(stale, body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("validation_error");
    }
    expect(tokenRow(stale).reauthenticated_at).toBeLessThan(Date.now() - 2 * hour);
  });
});
