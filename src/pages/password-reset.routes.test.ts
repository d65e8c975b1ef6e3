import { afterEach, beforeEach, expect, test } from "bun:test";
import { countRows, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { browser, testPassword } from "../../tests/helpers/browser";
import { startSmtpServer } from "../../tests/helpers/smtp";
import { customerMailPerHour } from "../mail/outbox.server";
import { customerWithSession } from "../../tests/factories";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeEach(async () => {
  smtp = await startSmtpServer();
  t = createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "site@example.com" });
});
afterEach(async () => {
  t.close();
  await smtp.close();
});

const newPassword = "another fine long passphrase";

/** The reset link from the e-mail (quoted-printable soft breaks undone). */
function linkFrom(raw: string) {
  const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return /http:\/\/localhost(\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
}

test("a reset link arrives by e-mail, works once, and ends every other session", async () => {
  const ann = browser(t);
  await ann.signUp();
  const laptop = browser(t);
  await laptop.signIn();
  expect((await laptop.get("/api/auth/user")).status).toBe(200);

  const visitor = browser(t);
  const res = await visitor.post("/forgot-password", { email: "ann@example.com" });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain("If an account exists for that address");
  const mail = (await smtp.waitFor(2)).find((m) => linkFrom(m.raw)); // after sign-up's verification e-mail
  expect(mail!.to).toEqual(["ann@example.com"]);
  const link = linkFrom(mail!.raw)!;
  expect(link).toBeDefined();

  const form = await visitor.get(link);
  expect(form.status).toBe(200);
  expect(await form.text()).toContain("Choose a new password");
  const token = new URL(link, "http://localhost").searchParams.get("token")!;
  const done = await visitor.post("/reset-password", { token, password: newPassword });
  expect(done.status).toBe(303);
  expect(done.headers.get("location")).toBe("/dashboard?passwordReset=1");
  expect((await visitor.get("/api/auth/user")).status).toBe(200);

  // Every session from before is gone; the old password no longer works, the new one does.
  expect((await ann.get("/api/auth/user")).status).toBe(401);
  expect((await laptop.get("/api/auth/user")).status).toBe(401);
  expect((await browser(t).signIn("ann@example.com", testPassword)).status).toBe(401);
  expect((await browser(t).signIn("ann@example.com", newPassword)).status).toBe(303);

  // The link cannot be used twice.
  const again = await browser(t).post("/reset-password", { token, password: "yet another long passphrase" });
  expect(again.status).toBe(400);
  expect(await again.text()).toContain("This link has expired or was already used");
});

test("the answer never reveals whether an address has an account", async () => {
  await browser(t).signUp();
  const known = await (await browser(t).post("/forgot-password", { email: "ann@example.com" })).text();
  const unknown = await (await browser(t).post("/forgot-password", { email: "nobody@example.com" })).text();
  const strip = (html: string) => html.replace(/<link rel="canonical"[^>]*>/, "");
  expect(strip(unknown)).toBe(strip(known));
  await smtp.waitFor(2);
  await Bun.sleep(100);
  expect(smtp.received.length).toBe(2); // sign-up's verification e-mail and one reset e-mail
  expect(countRows(t, "password_resets")).toBe(1);
});

test("an expired link is refused", async () => {
  await browser(t).signUp();
  await browser(t).post("/forgot-password", { email: "ann@example.com" });
  const link = (await smtp.waitFor(2)).map((m) => linkFrom(m.raw)).find(Boolean)!;
  t.db.$client.query("UPDATE password_resets SET expires_at = ?").run(Date.now() - 1);
  expect((await browser(t).get(link)).status).toBe(400);
  const token = new URL(link, "http://localhost").searchParams.get("token")!;
  expect((await browser(t).post("/reset-password", { token, password: newPassword })).status).toBe(400);
});

test("bad input gets messages under the fields", async () => {
  const res = await browser(t).post("/forgot-password", { email: "nope" });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain("Please enter a valid e-mail address");
  expect(countRows(t, "outbox")).toBe(0);
});

test("reset e-mails count against the per-recipient limit, from any address, and the answer stays the same; beyond it one waits (decision 071)", async () => {
  customerWithSession(t.db, "ann@example.com");
  const answers = new Set<string>();
  for (let i = 0; i < 11; i++) {
    t.setIp(`198.51.100.${i + 1}`);
    const res = await browser(t).post("/forgot-password", { email: i % 2 ? "ANN@example.com" : "ann@example.com" });
    expect(res.status).toBe(200);
    answers.add((await res.text()).replace(/<link rel="canonical"[^>]*>/, ""));
  }
  expect(answers.size).toBe(1);
  const queued = t.db.$client.query("SELECT count(*) AS n FROM outbox WHERE lower(\"to\") = 'ann@example.com'").get() as { n: number };
  // The hour's share went out; the newest of the rest waits for the hour (one, not six).
  expect(queued.n).toBe(customerMailPerHour + 1);
  await smtp.waitFor(customerMailPerHour);
  await t.deps.outbox.drain();
});

test("a reset link submitted too often says to wait, not that the link expired", async () => {
  await browser(t).signUp();
  await browser(t).post("/forgot-password", { email: "ann@example.com" });
  const link = (await smtp.waitFor(2)).map((m) => linkFrom(m.raw)).find(Boolean)!;
  const token = new URL(link, "http://localhost").searchParams.get("token")!;
  for (let i = 0; i < 10; i++) await browser(t).post("/reset-password", { token: "x".repeat(43), password: newPassword });
  const res = await browser(t).post("/reset-password", { token, password: newPassword });
  expect(res.status).toBe(429);
  const html = await res.text();
  expect(html).toContain("Too many attempts");
  expect(html).not.toContain("expired");
});
