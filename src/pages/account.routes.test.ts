import { expect, test } from "bun:test";
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
