import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { countRows, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { CookieJar } from "../../tests/helpers/cookies";
import { testOrigin as origin, testPassword as password } from "../../tests/helpers/browser";
import { hashToken } from "../server/auth/crypto.server";
import { sessionTtlMs } from "../server/auth/sessions.server";

let t: TestApp;
let jar: CookieJar;

beforeEach(() => {
  t = createTestApp();
  jar = new CookieJar();
});
afterEach(() => t.close());

async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = { Origin: origin }, cookies = jar) {
  return cookies.take(await t.request(path, { method: "POST", body: new URLSearchParams(fields), headers: { ...headers, Cookie: cookies.header() } }));
}
async function get(path: string, cookies = jar) {
  return cookies.take(await t.request(path, { headers: { Cookie: cookies.header() } }));
}
/** Posts the sign-up form; `signIn` then signs in with the new account, as its owner would. */
async function signUp(email = "ann@example.com", extra: Record<string, string> = {}, cookies = jar, signIn = true) {
  const res = await post("/signup", { email, password, firstName: "Ann", lastName: "Lee", returnTo: "/dashboard", ...extra }, { Origin: origin }, cookies);
  if (signIn && res.status === 303) await post("/login", { email, password }, { Origin: origin }, cookies);
  return res;
}
const mailTo = (address: string) =>
  t.db.$client.query('SELECT subject, text FROM outbox WHERE "to" = ? ORDER BY id').all(address) as { subject: string; text: string }[];
const sessionCount = () => countRows(t, "sessions");

describe("creating an account", () => {
  test("asks the new customer to check their e-mail, then they sign in and land on returnTo; only an argon2id hash is stored", async () => {
    const created = await signUp("ann@example.com", {}, jar, false);
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/login?signedUp=1&returnTo=%2Fdashboard");
    expect(created.headers.getSetCookie().some((c) => c.startsWith("pi_session="))).toBe(false);
    const page = await (await get(created.headers.get("location")!)).text();
    expect(page).toContain("Check your e-mail");
    expect(page).toContain('name="returnTo" value="/dashboard"');
    expect(mailTo("ann@example.com").map((m) => m.subject)).toEqual(["Confirm your e-mail address"]);
    const res = await post("/login", { email: "ann@example.com", password, returnTo: "/dashboard" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("pi_session="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
    const token = jar.get("pi_session")!;
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    const user = t.db.$client.query("SELECT email, first_name AS firstName, password_hash AS hash, is_new_customer AS isNew FROM users").get() as Record<
      string,
      string | number
    >;
    expect(user).toMatchObject({ email: "ann@example.com", firstName: "Ann", isNew: 1 });
    expect(String(user.hash)).toStartWith("$argon2id$v=19$m=7168,t=5,p=1$");
    // The database holds only the token's hash.
    expect(t.db.$client.query("SELECT sid FROM sessions").get()).toEqual({ sid: hashToken(token) });

    const dash = await (await get("/dashboard")).text();
    // Her first sign-in: she is new here, not back.
    expect(dash).toContain(">Welcome, Ann</h1>");
    expect(dash).not.toContain("Welcome back");
    expect(dash).toContain("New Customer");
    expect(dash).toContain("Eligible for 50% discounts");
    expect(dash).toContain("No bookings yet");
    // The bookings figure says what it counts (decision 068): none yet, none completed.
    expect(dash).toContain("Bookings made");
    expect(dash).toContain("0 completed");
    expect(dash).toContain('href="/api/logout"');
  });

  test("the dashboard says 'Welcome back' from the second sign-in on, 'Welcome' only on the first", async () => {
    await signUp("ann@example.com");
    expect(await (await get("/dashboard")).text()).toContain(">Welcome, Ann</h1>");
    await get("/api/logout");
    const again = await post("/login", { email: "ann@example.com", password });
    expect(again.status).toBe(303);
    expect(await (await get("/dashboard")).text()).toContain(">Welcome back, Ann</h1>");
    // Signing in on a second device is coming back too.
    const other = new CookieJar();
    await post("/login", { email: "ann@example.com", password }, { Origin: origin }, other);
    expect(await (await get("/dashboard", other)).text()).toContain(">Welcome back, Ann</h1>");
  });

  test("bad input gets 400 with messages under the fields, and nothing is written", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ email: "not-an-email", password }, "signup-email-error", "Please enter a valid e-mail address"],
      [{ email: "a@example.com", password: "short" }, "signup-password-error", "Use at least 10 characters"],
      [{ email: "a@example.com", password: "x".repeat(129) }, "signup-password-error", "Use at most 128 characters"],
      [{ email: "a@example.com", password: "password123" }, "signup-password-error", "This password is too common"],
      [{ email: "a@example.com", password, referralCode: "nope" }, "signup-referralCode-error", "This referral code is not valid"],
    ];
    for (const [fields, id, message] of cases) {
      const res = await post("/signup", fields);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(`id="${id}"`);
      expect(html).toContain(message);
    }
    expect(countRows(t, "users")).toBe(0);
    expect(sessionCount()).toBe(0);
  });

  test("ten sign-ups an hour from one connection; refused fields spend none of them", async () => {
    for (let i = 0; i < 10; i++) expect((await post("/signup", { email: `bad${i}`, password })).status).toBe(400);
    for (let i = 0; i < 10; i++) expect((await signUp(`new${i}@example.com`, {}, new CookieJar(), false)).status).toBe(303);
    const refused = await signUp("eleventh@example.com", {}, new CookieJar(), false);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many accounts created from your connection.");
    expect(countRows(t, "users")).toBe(10);
  }, 30_000);

  test("a refused sign-up keeps what was typed in every field, the password included, escaped", async () => {
    const typed = 'Tom & "Jerry" <b>x</b> 10';
    const res = await post("/signup", { email: "not-an-email", password: typed, firstName: "Ann", referralCode: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    const input = (id: string) => html.match(new RegExp(`<input[^>]*id="${id}"[^>]*>`))?.[0] ?? "";
    expect(input("signup-password")).toContain('value="Tom &amp; &quot;Jerry&quot; &lt;b&gt;x&lt;/b&gt; 10"');
    expect(input("signup-email")).toContain('value="not-an-email"');
    expect(input("signup-firstName")).toContain('value="Ann"');
  });

  test("a password is never truncated: 128 characters all count", async () => {
    const long = "Correct horse battery staple ".repeat(5).slice(0, 128);
    await post("/signup", { email: "long@example.com", password: long });
    const other = new CookieJar();
    const wrong = await post("/login", { email: "long@example.com", password: `${long.slice(0, 127)}X` }, { Origin: origin }, other);
    expect(wrong.status).toBe(401);
    const right = await post("/login", { email: "long@example.com", password: long }, { Origin: origin }, other);
    expect(right.status).toBe(303);
  });

  test("an e-mail that already has an account gets the same answer as a new one, and its owner is told by e-mail", async () => {
    await signUp();
    const strip = (r: Response) => ({ status: r.status, location: r.headers.get("location"), cookies: r.headers.getSetCookie().length });
    const known = await signUp("ANN@example.com", { password: "a different long passphrase" }, new CookieJar(), false);
    const fresh = await signUp("bob@example.com", {}, new CookieJar(), false);
    expect(strip(known)).toEqual(strip(fresh));
    const knownPage = await (await t.request(known.headers.get("location")!)).text();
    const freshPage = await (await t.request(fresh.headers.get("location")!)).text();
    expect(knownPage).toBe(freshPage);
    expect(countRows(t, "users")).toBe(2);
    const told = mailTo("ann@example.com").at(-1)!;
    expect(told.subject).toBe("Someone tried to create an account with your e-mail address");
    expect(told.text).toContain("http://localhost/forgot-password");
    // The account and its password are as they were.
    const other = new CookieJar();
    expect((await post("/login", { email: "ann@example.com", password }, { Origin: origin }, other)).status).toBe(303);
  });
});

describe("signing in and out", () => {
  test("wrong password: 401 and the same message as an unknown e-mail", async () => {
    await signUp();
    const other = new CookieJar();
    const wrong = await post("/login", { email: "ann@example.com", password: "not the password at all" }, { Origin: origin }, other);
    const unknown = await post("/login", { email: "nobody@example.com", password: "not the password at all" }, { Origin: origin }, other);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.text()).toContain("Invalid e-mail or password.");
    expect(await unknown.text()).toContain("Invalid e-mail or password.");
    expect(other.get("pi_session")).toBeUndefined();
  });

  test("every sign-in gets a new token and ends the session the browser had (no fixation)", async () => {
    await signUp();
    const before = jar.get("pi_session")!;
    const res = await post("/login", { email: "ann@example.com", password, returnTo: "/account" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/account");
    const after = jar.get("pi_session")!;
    expect(after).not.toBe(before);
    expect(t.db.$client.query("SELECT count(*) AS n FROM sessions WHERE sid = ?").get(hashToken(before))).toEqual({ n: 0 });
  });

  test("returnTo only ever leads back into this site", async () => {
    await signUp();
    for (const evil of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const res = await post("/login", { email: "ann@example.com", password, returnTo: evil }, { Origin: origin }, new CookieJar());
      expect(res.headers.get("location")).toBe("/dashboard");
    }
  });

  test("a returnTo with a tab, a newline or a backslash never leaves the site, and never breaks the answer", async () => {
    const hostile = ["/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "/\\evil.example", "/.//evil.example"];
    await signUp();
    for (const evil of hostile) {
      const signIn = await post("/login", { email: "ann@example.com", password, returnTo: evil }, { Origin: origin }, new CookieJar());
      expect([evil, signIn.status, signIn.headers.get("location")]).toEqual([evil, 303, "/dashboard"]);
      const shown = await get(`/login?returnTo=${encodeURIComponent(evil)}`);
      expect([evil, shown.status, shown.headers.get("location")]).toEqual([evil, 302, "/dashboard"]);
      const apiLogin = await t.request(`/api/login?returnTo=${encodeURIComponent(evil)}`);
      expect(apiLogin.headers.get("location")).toBe("/login?returnTo=%2Fdashboard");
    }
    for (const [i, evil] of hostile.entries()) {
      const res = await signUp(`new${i}@example.com`, { returnTo: evil }, new CookieJar(), false);
      expect([evil, res.status, res.headers.get("location")]).toEqual([evil, 303, "/login?signedUp=1&returnTo=%2Fdashboard"]);
    }
  });

  test("/api/auth/user answers the user or 401", async () => {
    const anon = await t.request("/api/auth/user");
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: { code: "unauthorized", message: "Unauthorized" } });
    await signUp();
    const me = await get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "ann@example.com", firstName: "Ann", isNewCustomer: true });
  });

  test("logout ends the session on the server; replaying the old cookie does nothing", async () => {
    await signUp();
    const token = jar.get("pi_session")!;
    const res = jar.take(await t.request("/api/logout", { headers: { Cookie: jar.header(), "Sec-Fetch-Site": "same-origin" } }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(jar.get("pi_session")).toBeUndefined();
    expect(sessionCount()).toBe(0);
    const replay = await t.request("/api/auth/user", { headers: { Cookie: `pi_session=${token}` } });
    expect(replay.status).toBe(401);
  });

  test("the navigation changes for signed-in customers, rendered by the server", async () => {
    const anon = await (await t.request("/about")).text();
    expect(anon).toContain("Login / Sign Up");
    await signUp();
    const html = await (await get("/about")).text();
    expect(html).not.toContain("Login / Sign Up");
    expect(html).toContain('href="/dashboard"');
    expect(html).toContain('href="/api/logout"');
    // The signed-in page is not served from, nor stored in, the anonymous cache.
    expect(await (await t.request("/about")).text()).toContain("Login / Sign Up");
  });
});

describe("sessions", () => {
  test("an expired session is refused and its cookie cleared", async () => {
    await signUp();
    t.db.$client.query("UPDATE sessions SET expire = ?").run(Date.now() - 1000);
    const res = await get("/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("pi_session=;"))).toBe(true);
    expect(sessionCount()).toBe(0);
  });

  test("expiry slides forward, at most once an hour", async () => {
    await signUp();
    const token = jar.get("pi_session")!;
    const fresh = Date.now() + sessionTtlMs - 10 * 60 * 1000; // renewed 10 minutes ago
    t.db.$client.query("UPDATE sessions SET expire = ?").run(fresh);
    const quiet = await get("/api/auth/user");
    expect(quiet.headers.getSetCookie()).toEqual([]);
    expect((t.db.$client.query("SELECT expire FROM sessions").get() as { expire: number }).expire).toBe(fresh);

    const old = Date.now() + sessionTtlMs - 2 * 60 * 60 * 1000; // two hours ago
    t.db.$client.query("UPDATE sessions SET expire = ?").run(old);
    const slid = await get("/api/auth/user");
    expect(slid.headers.getSetCookie().some((c) => c.startsWith(`pi_session=${token}`))).toBe(true);
    expect((t.db.$client.query("SELECT expire FROM sessions").get() as { expire: number }).expire).toBeGreaterThan(Date.now() + sessionTtlMs - 60_000);
  });

  test("a suspended customer's sessions end and they cannot sign in", async () => {
    await signUp();
    t.db.$client.query("UPDATE users SET suspended_at = ?").run(Date.now());
    expect((await get("/api/auth/user")).status).toBe(401);
    expect(sessionCount()).toBe(0);
    const res = await post("/login", { email: "ann@example.com", password }, { Origin: origin }, new CookieJar());
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("This account is suspended");
    expect(sessionCount()).toBe(0);
  });
});

describe("cross-site requests", () => {
  test("a cookie-authenticated change without our Origin is refused with 403", async () => {
    await signUp();
    for (const headers of [{}, { Origin: "https://evil.example" }] as Record<string, string>[]) {
      const res = await post("/account/profile", { firstName: "Mallory", lastName: "", email: "ann@example.com" }, headers);
      expect(res.status).toBe(403);
    }
    expect(t.db.$client.query("SELECT first_name AS f FROM users").get()).toEqual({ f: "Ann" });
    const ok = await post("/account/profile", { firstName: "Annie", lastName: "Lee", email: "ann@example.com" });
    expect(ok.status).toBe(303);
    expect(t.db.$client.query("SELECT first_name AS f FROM users").get()).toEqual({ f: "Annie" });
  });

  test("a sign-in form posted from another site is refused", async () => {
    await signUp();
    const res = await post("/login", { email: "ann@example.com", password }, { Origin: "https://evil.example" }, new CookieJar());
    expect(res.status).toBe(403);
  });
});

describe("sign-in rate limit", () => {
  test("more than 10 failures for one account in 15 minutes get 429 with Retry-After", async () => {
    await signUp();
    for (let i = 0; i < 10; i++) {
      t.setIp(`198.51.100.${i + 1}`); // different addresses, same account
      expect((await post("/login", { email: "ann@example.com", password: "wrong password here" }, { Origin: origin }, new CookieJar())).status).toBe(401);
    }
    t.setIp("198.51.100.99");
    const res = await post("/login", { email: "ann@example.com", password }, { Origin: origin }, new CookieJar());
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.text()).toContain("Too many failed sign-ins");
  });

  test("more than 10 failures from one address get 429 for every account", async () => {
    await signUp();
    for (let i = 0; i < 10; i++) await post("/login", { email: `guess${i}@example.com`, password: "wrong password here" }, { Origin: origin }, new CookieJar());
    const res = await post("/login", { email: "ann@example.com", password }, { Origin: origin }, new CookieJar());
    expect(res.status).toBe(429);
  });
});
