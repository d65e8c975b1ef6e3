import { describe, expect, test } from "bun:test";
import { signUpBrowserMatches, signUpBrowserMinutes } from "./sign-up-browser.server";
import { countRows } from "../../../tests/helpers/test-app";
import { testAppPerTest } from "../../../tests/helpers/per-test";
import { browser, testPassword } from "../../../tests/helpers/browser";
import { createEmailVerification } from "../../db/email-verifications.server";
import { customerMailPerHour, enqueueCustomerMail, enqueueMail } from "../../mail/outbox.server";

const t = testAppPerTest();

/** The newest verification link e-mailed to `to`, as a path. */
function verificationPath(to: string) {
  const rows = t.db.$client.query(`SELECT text FROM outbox WHERE "to" = ? ORDER BY id DESC`).all(to) as { text: string }[];
  const match = rows.map((r) => /http:\/\/localhost(\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(r.text)).find(Boolean);
  return match?.[1];
}
const verifiedAt = (email: string) => (t.db.$client.query("SELECT email_verified_at AS v FROM users WHERE email = ?").get(email) as { v: number | null }).v;

test("sign-up e-mails a one-time link (stored hashed); opening it verifies the account", async () => {
  const ann = browser(t);
  await ann.signUp("ann@example.com");
  expect(verifiedAt("ann@example.com")).toBeNull();
  const path = verificationPath("ann@example.com")!;
  expect(path).toBeDefined();
  const token = new URL(path, "http://localhost").searchParams.get("token")!;
  const stored = t.db.$client.query("SELECT token_hash AS h FROM email_verifications").get() as { h: string };
  expect(stored.h).not.toBe(token);

  const dashboard = await (await ann.get("/dashboard")).text();
  expect(dashboard).toContain("Please confirm your e-mail address");
  expect(dashboard).toContain("Until you open it, you cannot order from the shop");
  expect(dashboard).toContain("Send the link again");

  const res = await ann.get(path);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain("Your e-mail address is confirmed");
  expect(html).not.toContain("Please confirm your e-mail address");
  expect(verifiedAt("ann@example.com")).not.toBeNull();
  expect(await (await ann.get("/dashboard")).text()).not.toContain("Please confirm your e-mail address");

  const again = await browser(t).get(path);
  expect(again.status).toBe(400);
  expect(await again.text()).toContain("This link has expired or was already used");
});

test("an unverified account can still sign in", async () => {
  await browser(t).signUp("ann@example.com");
  expect((await browser(t).signIn("ann@example.com", testPassword)).status).toBe(303);
});

test("an expired or junk link verifies nothing", async () => {
  await browser(t).signUp("ann@example.com");
  const path = verificationPath("ann@example.com")!;
  t.db.$client.query("UPDATE email_verifications SET expires_at = ?").run(Date.now() - 1);
  expect((await browser(t).get(path)).status).toBe(400);
  expect((await browser(t).get("/verify-email?token=nonsense")).status).toBe(400);
  expect((await browser(t).get("/verify-email")).status).toBe(400);
  expect(verifiedAt("ann@example.com")).toBeNull();
});

test("send the link again is rate limited per account", async () => {
  const ann = browser(t);
  await ann.signUp("ann@example.com");
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await ann.post("/verify-email/resend", {})).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
  expect(countRows(t, "email_verifications")).toBe(4); // sign-up's link and three more
  expect((await browser(t).post("/verify-email/resend", {})).status).toBe(401);
});

test("changing the e-mail makes the account unverified and sends a new link; an old link cannot verify it", async () => {
  const ann = browser(t);
  await ann.signUp("ann@example.com");
  const oldPath = verificationPath("ann@example.com")!;
  await ann.get(oldPath);
  expect(verifiedAt("ann@example.com")).not.toBeNull();
  await ann.post("/verify-email/resend", {}); // already verified: no link sent
  expect(countRows(t, "email_verifications")).toBe(0);

  const staleLinkTo = (t.db.$client.query("SELECT id FROM users").get() as { id: string }).id;
  const res = await ann.post("/account/profile", { firstName: "Ann", lastName: "Lee", email: "ann.new@example.com", currentPassword: testPassword });
  expect(res.status).toBe(303);
  expect(verifiedAt("ann.new@example.com")).toBeNull();
  expect(await (await ann.get("/account")).text()).toContain("Please confirm your e-mail address");
  const newPath = verificationPath("ann.new@example.com")!;
  expect(newPath).toBeDefined();

  // A link sent to the old address (say, by a resend just before the change) proves nothing now.
  t.db.$client.query("UPDATE users SET email_verified_at = NULL WHERE id = ?").run(staleLinkTo);
  const stale = createEmailVerification(t.db, staleLinkTo, "ann@example.com");
  expect((await browser(t).get(`/verify-email?token=${stale}`)).status).toBe(400);
  expect(verifiedAt("ann.new@example.com")).toBeNull();
  expect((await ann.get(newPath)).status).toBe(200);
  expect(verifiedAt("ann.new@example.com")).not.toBeNull();
});

test("a new link counts against the address's hourly limit of what strangers may cause; beyond it none is sent and the page says so", async () => {
  const ann = browser(t);
  await ann.signUp("ann@example.com");
  for (let i = 1; i < customerMailPerHour; i++) enqueueCustomerMail(t.db, { to: "ann@example.com", subject: `Reset your password ${i}`, text: "A link." });
  const res = await ann.post("/verify-email/resend", {});
  expect(res.status).toBe(429);
  expect(await res.text()).toContain("Please check your inbox");
  expect(countRows(t, "outbox")).toBe(customerMailPerHour);
});

test("what the business owes an address never keeps a new link from it (decision 064)", async () => {
  const ann = browser(t);
  await ann.signUp("ann@example.com");
  for (let i = 0; i < customerMailPerHour * 2; i++) enqueueMail(t.db, { to: "ann@example.com", subject: `Your order ${i} has shipped`, text: "On its way." });
  const res = await ann.post("/verify-email/resend", {});
  expect(res.status).toBe(200);
  expect(countRows(t, "outbox")).toBe(customerMailPerHour * 2 + 2);
});

describe("the link signs in, in the browser that signed up, once, within the hour (decision 064)", () => {
  /** Signs up through the form only, as a visitor does: no sign-in after. */
  const signUpOnly = async (b: ReturnType<typeof browser>, email: string, returnTo = "/dashboard") => {
    const res = await b.post("/signup", { email, password: testPassword, firstName: "Ann", lastName: "Lee", returnTo });
    expect(res.status).toBe(303);
    return res;
  };
  const signedInAs = async (b: ReturnType<typeof browser>) => {
    const res = await b.get("/dashboard");
    return res.status === 200 ? (/Welcome[^<]*/.exec(await res.text())?.[0] ?? "signed in") : null;
  };

  test("opened where they signed up, it confirms, signs in and goes on to where they were going; the link then is used up", async () => {
    const ann = browser(t);
    await signUpOnly(ann, "ann@example.com", "/booking?service=partner");
    expect(await signedInAs(ann)).toBeNull();
    const path = verificationPath("ann@example.com")!;
    const res = await ann.get(path);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/booking?service=partner");
    expect(verifiedAt("ann@example.com")).not.toBeNull();
    expect(await signedInAs(ann)).not.toBeNull();
    // Once: the link is used up, and the mark is gone.
    expect(ann.jar.header()).not.toContain("pi_signup=");
    const again = await browser(t).get(path);
    expect(again.status).toBe(400);
  });

  test("going to the dashboard, it says the address is confirmed", async () => {
    const ann = browser(t);
    await signUpOnly(ann, "ann@example.com");
    const res = await ann.get(verificationPath("ann@example.com")!);
    expect(res.headers.get("location")).toBe("/dashboard?notice=emailConfirmed");
    expect(await (await ann.get("/dashboard?notice=emailConfirmed")).text()).toContain("Your e-mail address is confirmed and you are signed in.");
  });

  test("opened in another browser it only confirms, and asks to sign in", async () => {
    await signUpOnly(browser(t), "ann@example.com");
    const other = browser(t);
    const res = await other.get(verificationPath("ann@example.com")!);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Your e-mail address is confirmed");
    expect(verifiedAt("ann@example.com")).not.toBeNull();
    expect(await signedInAs(other)).toBeNull();
  });

  test("a browser that signed up with another address does not sign in with this one's link", async () => {
    const mallory = browser(t);
    await signUpOnly(mallory, "mallory@example.com");
    await signUpOnly(browser(t), "ann@example.com");
    const res = await mallory.get(verificationPath("ann@example.com")!);
    expect(res.status).toBe(200);
    expect(await signedInAs(mallory)).toBeNull();
  });

  test("after the hour the mark no longer signs in", () => {
    const now = Date.now();
    const mark = { email: "ann@example.com", returnTo: "/dashboard", until: now + signUpBrowserMinutes * 60_000 };
    expect(signUpBrowserMatches(mark, "ANN@example.com", now)).toBe(true);
    expect(signUpBrowserMatches(mark, "ann@example.com", mark.until)).toBe(false);
    expect(signUpBrowserMatches(mark, "bob@example.com", now)).toBe(false);
    expect(signUpBrowserMatches(null, "ann@example.com", now)).toBe(false);
  });

  test("a mark we did not seal, or altered, signs nobody in", async () => {
    const ann = browser(t);
    await signUpOnly(ann, "ann@example.com");
    const sealed = /pi_signup=([^;]+)/.exec(ann.jar.header())?.[1] ?? "";
    expect(sealed.length).toBeGreaterThan(20);
    ann.jar.set("pi_signup", `${sealed.slice(0, -4)}AAAA`);
    const res = await ann.get(verificationPath("ann@example.com")!);
    expect(res.status).toBe(200);
    expect(await signedInAs(ann)).toBeNull();
  });

  test("sign-up still answers a new address and a taken one alike: the same status, redirect and cookies", async () => {
    const answerOf = (res: Response) => ({
      status: res.status,
      location: res.headers.get("location"),
      cookies: res.headers.getSetCookie().map((c) => c.replace(/=[^;]*/, "=…")),
    });
    const first = answerOf(await signUpOnly(browser(t), "ann@example.com"));
    const taken = answerOf(await signUpOnly(browser(t), "ann@example.com"));
    expect(taken).toEqual(first);
    expect(first.cookies.some((c) => c.startsWith("pi_signup=…") && c.includes("HttpOnly"))).toBe(true);
  });
});
