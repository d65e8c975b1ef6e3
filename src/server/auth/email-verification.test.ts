import { expect, test } from "bun:test";
import { countRows } from "../../../tests/helpers/test-app";
import { testAppPerTest } from "../../../tests/helpers/per-test";
import { browser, testPassword } from "../../../tests/helpers/browser";
import { createEmailVerification } from "../../db/email-verifications.server";
import { customerMailPerHour, enqueueMail } from "../../mail/outbox.server";

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

test("a new link counts against the address's hourly mail limit; beyond it none is sent and the page says so", async () => {
  const ann = browser(t);
  await ann.signUp("ann@example.com");
  for (let i = 1; i < customerMailPerHour; i++) enqueueMail(t.db, { to: "ann@example.com", subject: `Your order ${i} has shipped`, text: "On its way." });
  const res = await ann.post("/verify-email/resend", {});
  expect(res.status).toBe(429);
  expect(await res.text()).toContain("Please check your inbox");
  expect(countRows(t, "outbox")).toBe(customerMailPerHour);
});
