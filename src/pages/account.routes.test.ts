import { describe, expect, test } from "bun:test";
import { countRows } from "../../tests/helpers/test-app";
import { browser, testPassword } from "../../tests/helpers/browser";
import { simpleParser } from "mailparser";
import { customerWithSession, orderFor, paidOrder, sessionCookie } from "../../tests/factories";
import { startedPerTest, testAppPerTest } from "../../tests/helpers/per-test";
import type { TestApp } from "../../tests/helpers/test-app";
import { setBookingStatus } from "../db/bookings.server";
import { bookings, payments } from "../db/schema";
import type { BookingStatus } from "../domain/booking";
import { businessToday } from "../domain/slots";
import { addDays } from "../domain/timezone";
import { defaultSettings } from "../shared/settings";

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

test("deleting the account removes personal data and anonymises bookings; the word is taken in any case", async () => {
  const ann = browser(t);
  const id = await ann.signUp();
  t.db
    .insert(bookings)
    .values({
      userId: id,
      serviceName: "Partner Check",
      servicePrice: "148.00",
      appointmentDate: "2026-03-01",
      appointmentTime: "10:00",
      status: "completed",
      contactEmail: "ann@example.com",
      contactPhone: "0400 000 000",
      notes: "private",
    })
    .run();
  const refused = await ann.post("/account/delete", { currentPassword: testPassword, confirm: "DELET" });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("Type DELETE to confirm");
  // A phone capitalises the first letter; a space slips in after it.
  const res = await ann.post("/account/delete", { currentPassword: testPassword, confirm: " Delete " });
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe("/account-deleted");
  expect(countRows(t, "users")).toBe(0);
  expect(countRows(t, "sessions")).toBe(0);
  expect(t.db.select().from(bookings).get()).toMatchObject({
    userId: null,
    contactEmail: null,
    contactPhone: null,
    notes: null,
    serviceName: "Partner Check",
    servicePrice: "148.00",
    status: "completed",
  });
  expect((await ann.get("/api/auth/user")).status).toBe(401);
  const done = await ann.get("/account-deleted");
  expect(done.status).toBe(200);
  const page = await done.text();
  expect(page).toContain("Your account has been deleted");
  expect(page).toContain('<meta name="robots" content="noindex');
});

describe("deleting the account never silently cancels what was confirmed or paid", () => {
  const started = startedPerTest();
  const today = () => businessToday(new Date(), defaultSettings.timezone);
  const q = <T>(app: TestApp, sql: string, ...args: string[]) => app.db.$client.query(sql).all(...args) as T[];

  async function appWithMail() {
    const smtp = await started.smtpServer();
    return { app: started.app({ SMTP_URL: smtp.url, BUSINESS_EMAIL: "owner@example.com" }), smtp };
  }

  test("the page lists each booking's and order's fate; a confirmed booking blocks until the business cancels it; then the business is told by e-mail", async () => {
    const { app, smtp } = await appWithMail();
    const ann = customerWithSession(app.db, "ann@example.com");
    const b = browser(app);
    b.jar.set(sessionCookie, ann.token);
    const booking = (reference: string, serviceName: string, daysAhead: number, status: BookingStatus) =>
      app.db
        .insert(bookings)
        .values({
          userId: ann.userId,
          serviceName,
          servicePrice: "75.00",
          appointmentDate: addDays(today(), daysAhead),
          appointmentTime: "10:00",
          status,
          reference,
        })
        .returning({ id: bookings.id })
        .get().id;
    const confirmed = booking("BK-CNFM-4444", "Partner Check", 5, "confirmed");
    booking("BK-PAST-2222", "Discreet Check Up", -30, "completed");
    booking("BK-NEXT-3333", "Infidelity Investigation", 9, "pending");
    const { orderNumber } = orderFor(app.db, ann.userId);
    const stock = () => q<{ n: number }>(app, "SELECT stock_quantity AS n FROM products WHERE slug = 'covert-dash-cam-4k'")[0]?.n;
    const stockWithOrder = stock();

    const blockedPage = await (await b.get("/account")).text();
    expect(blockedPage).toContain("Your account cannot be deleted yet");
    expect(blockedPage).toContain("Partner Check (BK-CNFM-4444)");
    expect(blockedPage).toContain("Confirmed: we are holding this time for you. Ask us to cancel it first");
    expect(blockedPage).not.toContain("Delete My Account");
    const refused = await b.post("/account/delete", { confirm: "DELETE" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("a booking or order below must be settled with us first");
    expect(countRows(app, "users")).toBe(1);
    expect(q(app, "SELECT status FROM bookings WHERE id = ?", confirmed)).toEqual([{ status: "confirmed" }]);
    expect(q(app, "SELECT status FROM orders")).toEqual([{ status: "pending" }]);

    // The business cancels the confirmed booking (the customer asked it to); now the account may go.
    expect(setBookingStatus(app.db, confirmed, "cancelled")).not.toBeNull();
    const page = await (await b.get("/account")).text();
    expect(page).toContain("Delete My Account");
    expect(page).toContain('action="/account/delete"');
    const text = page.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain(`Infidelity Investigation (BK-NEXT-3333) Cancelled`);
    expect(text).toContain("Cancelled and its time freed (it was not yet confirmed or paid).");
    expect(text).toContain(`Discreet Check Up (BK-PAST-2222) Kept as a record`);
    expect(text).toContain(`Order ${orderNumber} Cancelled`);
    expect(text).toContain("Cancelled (nothing was paid) and its items put back in stock.");

    smtp.received.length = 0;
    const res = await b.post("/account/delete", { confirm: "delete" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/account-deleted");
    expect(q(app, "SELECT reference, status, user_id AS userId FROM bookings ORDER BY appointment_date")).toEqual([
      { reference: "BK-PAST-2222", status: "completed", userId: null },
      { reference: "BK-CNFM-4444", status: "cancelled", userId: null },
      { reference: "BK-NEXT-3333", status: "cancelled", userId: null },
    ]);
    expect(q(app, "SELECT status, cancelled_by AS by FROM orders")).toEqual([{ status: "cancelled", by: "customer" }]);
    expect(stock()).toBe((stockWithOrder ?? 0) + 1);

    const [mail] = await smtp.waitFor(1, 10_000);
    expect(mail?.to).toEqual(["owner@example.com"]);
    const parsed = await simpleParser(mail?.raw ?? "");
    expect(parsed.subject).toBe("A customer deleted their account: 2 bookings or orders cancelled, 2 records kept");
    const body = parsed.text ?? "";
    expect(body).toContain("Bookings cancelled (their times are free to book again):\n- BK-NEXT-3333: Infidelity Investigation");
    expect(body).toContain("Bookings kept as records:");
    expect(body).toContain("- BK-PAST-2222: Discreet Check Up");
    expect(body).toContain(`Orders cancelled (nothing was paid; their items are back in stock):\n- ${orderNumber}`);
    expect(body).toContain("/admin/bookings/bk-next-3333");
    expect(body.toLowerCase()).not.toContain("ann@example.com");
  });

  test("a paid booking still to come, or an order paid and not yet sent, blocks the deletion; nothing is written", async () => {
    const { app, smtp } = await appWithMail();
    const paid = customerWithSession(app.db, "paid@example.com");
    const { id: bookingId } = app.db
      .insert(bookings)
      .values({ userId: paid.userId, serviceName: "Partner Check", servicePrice: "75.00", appointmentDate: addDays(today(), 5), appointmentTime: "10:00" })
      .returning({ id: bookings.id })
      .get();
    app.db
      .insert(payments)
      .values({
        userId: paid.userId,
        bookingId,
        serviceName: "Partner Check",
        method: "manual",
        amount: "75.00",
        referenceCode: "PAY-TEST-0001",
        status: "completed",
        paidAt: new Date(),
      })
      .run();
    const order = paidOrder(app.db, "order@example.com");
    const cases = [
      { token: paid.token, says: "Paid. Ask us to cancel it and return your payment first" },
      { token: order.token, says: "Paid and not yet sent: we need your address to send it." },
    ];
    for (const c of cases) {
      const b = browser(app);
      b.jar.set(sessionCookie, c.token);
      expect(await (await b.get("/account")).text()).toContain(c.says);
      expect((await b.post("/account/delete", { confirm: "DELETE" })).status).toBe(409);
    }
    expect(countRows(app, "users")).toBe(2);
    expect(q(app, "SELECT status FROM bookings")).toEqual([{ status: "pending" }]);
    expect(q(app, "SELECT status, payment_status AS paid FROM orders")).toEqual([{ status: "processing", paid: "paid" }]);
    expect(q(app, "SELECT count(*) AS n FROM outbox WHERE subject LIKE 'A customer deleted%'")).toEqual([{ n: 0 }]);
    expect(smtp.received.filter((m) => m.raw.includes("deleted their account"))).toEqual([]);
  });
});

test("a refused deletion comes back at the form, the wrong field focused and described, the word kept, the password not", async () => {
  const ann = browser(t);
  await ann.signUp();
  const wrongPassword = await ann.post("/account/delete", { currentPassword: "not my password", confirm: "Delete" });
  expect(wrongPassword.status).toBe(400);
  let html = await wrongPassword.text();
  expect(html).toContain('action="/account/delete"');
  const passwordInput = /<input[^>]*id="delete-currentPassword"[^>]*>/.exec(html)?.[0] ?? "";
  for (const attribute of ['aria-invalid="true"', 'aria-describedby="delete-currentPassword-error"', 'autofocus=""'])
    expect(passwordInput).toContain(attribute);
  expect(passwordInput).not.toContain("value=");
  expect(html).toContain('id="delete-currentPassword-error"');
  expect(html).toMatch(/<input[^>]*id="delete-confirm"[^>]*value="Delete"/);
  expect(html).not.toContain("not my password");

  const wrongWord = await ann.post("/account/delete", { currentPassword: testPassword, confirm: "delet" });
  expect(wrongWord.status).toBe(400);
  html = await wrongWord.text();
  const confirmInput = /<input[^>]*id="delete-confirm"[^>]*>/.exec(html)?.[0] ?? "";
  for (const attribute of ['aria-invalid="true"', 'aria-describedby="delete-confirm-error"', 'value="delet"', 'autofocus=""'])
    expect(confirmInput).toContain(attribute);
  expect(html).not.toMatch(/id="delete-currentPassword"[^>]*autofocus/);
  expect(html).not.toContain(testPassword);
  expect(countRows(t, "users")).toBe(1);
});

test("/account-deleted is for the signed out: someone signed in goes to their account", async () => {
  const ann = browser(t);
  ann.signInAs();
  const res = await ann.get("/account-deleted");
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/account");
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
