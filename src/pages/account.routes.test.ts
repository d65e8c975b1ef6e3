import { describe, expect, test } from "bun:test";
import { countRows } from "../../tests/helpers/test-app";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { browser, testPassword } from "../../tests/helpers/browser";
import { bookings } from "../db/schema";

const t = testAppPerTest();

test("signed out, /account and /dashboard say so and move on to sign-in, coming back", async () => {
  for (const path of ["/dashboard", "/account"]) {
    const res = await t.request(path);
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain("Unauthorized");
    expect(html).toContain("You are logged out. Logging in again...");
    const target = `/api/login?returnTo=${encodeURIComponent(path)}`;
    expect(html).toContain(`data-redirect="${target}" data-delay="500"`);
    expect(html).toContain(`<meta http-equiv="refresh" content="1;url=${target}">`);
  }
  const login = await t.request("/api/login?returnTo=%2Fdashboard");
  expect(login.status).toBe(302);
  expect(login.headers.get("location")).toBe("/login?returnTo=%2Fdashboard");
});

test("changing the password needs the current one and signs out other devices only", async () => {
  const ann = browser(t);
  await ann.signUp();
  const phone = browser(t);
  await phone.signIn();
  const wrong = await ann.post("/account/password", { currentPassword: "not my password", newPassword: "a brand new passphrase" });
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain("Your current password is not correct");
  const weak = await ann.post("/account/password", { currentPassword: testPassword, newPassword: "short" });
  expect(weak.status).toBe(400);
  const ok = await ann.post("/account/password", { currentPassword: testPassword, newPassword: "a brand new passphrase" });
  expect(ok.status).toBe(303);
  expect((await ann.get("/api/auth/user")).status).toBe(200);
  expect((await phone.get("/api/auth/user")).status).toBe(401);
  expect((await browser(t).signIn("ann@example.com", "a brand new passphrase")).status).toBe(303);
});

test("changing the e-mail needs the current password and refuses someone else's address", async () => {
  const ann = browser(t);
  await ann.signUp();
  await browser(t).signUp("bob@example.com");
  const noPassword = await ann.post("/account/profile", { firstName: "Ann", lastName: "Lee", email: "ann.new@example.com" });
  expect(noPassword.status).toBe(400);
  expect(await noPassword.text()).toContain("Your current password is needed to change your e-mail");
  const taken = await ann.post("/account/profile", { firstName: "Ann", lastName: "Lee", email: "bob@example.com", currentPassword: testPassword });
  expect(taken.status).toBe(409);
  const ok = await ann.post("/account/profile", { firstName: "Ann", lastName: "Lee", email: "ann.new@example.com", currentPassword: testPassword });
  expect(ok.status).toBe(303);
  expect(((await (await ann.get("/api/auth/user")).json()) as { email: string }).email).toBe("ann.new@example.com");
});

test("deleting the account removes personal data and anonymises bookings", async () => {
  const ann = browser(t);
  const id = await ann.signUp();
  t.db
    .insert(bookings)
    .values({
      userId: id,
      serviceName: "Partner Check",
      servicePrice: "148.00",
      appointmentDate: "2026-12-01",
      appointmentTime: "10:00",
      contactEmail: "ann@example.com",
      contactPhone: "0400 000 000",
      notes: "private",
    })
    .run();
  const refused = await ann.post("/account/delete", { currentPassword: testPassword, confirm: "delete" });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("Type DELETE to confirm");
  const res = await ann.post("/account/delete", { currentPassword: testPassword, confirm: "DELETE" });
  expect(res.status).toBe(303);
  expect(countRows(t, "users")).toBe(0);
  expect(countRows(t, "sessions")).toBe(0);
  expect(t.db.select().from(bookings).get()).toMatchObject({
    userId: null,
    contactEmail: null,
    contactPhone: null,
    notes: null,
    serviceName: "Partner Check",
    servicePrice: "148.00",
  });
  expect((await ann.get("/api/auth/user")).status).toBe(401);
});

describe("the current password asked on /account is limited like sign-in", () => {
  const doors: { path: string; fields: Record<string, string> }[] = [
    { path: "/account/password", fields: { newPassword: "a brand new passphrase" } },
    { path: "/account/profile", fields: { firstName: "Ann", lastName: "Lee", email: "ann.new@example.com" } },
    { path: "/account/delete", fields: { confirm: "DELETE" } },
  ];
  for (const [i, door] of doors.entries()) {
    test(`${door.path}: ten wrong guesses, then 429 under the field even for the right one; nothing changes`, async () => {
      t.setIp(`203.0.113.${50 + i}`);
      const ann = browser(t);
      const id = await ann.signUp();
      const hashBefore = (t.db.$client.query("SELECT password_hash AS h FROM users WHERE id = ?").get(id) as { h: string }).h;
      for (let n = 0; n < 10; n++) {
        const wrong = await ann.post(door.path, { ...door.fields, currentPassword: `guess number ${n}` });
        expect(wrong.status).toBe(400);
      }
      const limited = await ann.post(door.path, { ...door.fields, currentPassword: "guess number 11" });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.text()).toMatch(/Too many wrong passwords\. Please wait \d+ minute\(s\) and try again\./);
      const right = await ann.post(door.path, { ...door.fields, currentPassword: testPassword });
      expect(right.status).toBe(429);
      // The guesses were sign-in guesses too: the right password cannot sign in elsewhere either.
      expect((await browser(t).signIn()).status).toBe(429);
      const row = t.db.$client.query("SELECT email, password_hash AS h FROM users WHERE id = ?").get(id) as { email: string; h: string } | null;
      expect(row).toEqual({ email: "ann@example.com", h: hashBefore });
      expect((await ann.get("/api/auth/user")).status).toBe(200);
    });
  }

  test("a burst of parallel guesses is counted before any password is hashed", async () => {
    const ann = browser(t);
    await ann.signUp();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, n) => ann.post("/account/password", { currentPassword: `guess ${n}`, newPassword: "a brand new passphrase" })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  test("each address is limited across accounts", async () => {
    t.setIp("203.0.113.70");
    const ann = browser(t);
    await ann.signUp();
    for (let n = 0; n < 10; n++) {
      const someone = browser(t);
      const id = someone.signInAs(`person${n}@example.com`);
      t.db.$client.run("UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = 'ann@example.com') WHERE id = ?", [id]);
      expect((await someone.post("/account/delete", { currentPassword: "wrong", confirm: "DELETE" })).status).toBe(400);
    }
    expect((await ann.post("/account/delete", { currentPassword: testPassword, confirm: "DELETE" })).status).toBe(429);
    expect(countRows(t, "users")).toBe(11);
  });
});
