import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { orders, reviews, users } from "../db/schema";
import { getSettings, updateSetting } from "../db/settings.server";
import { deliveredOrder } from "../../tests/factories";
import { browser, testOrigin } from "../../tests/helpers/browser";
import { productIdOf } from "../../tests/helpers/shop";
import type { SmtpServer } from "../../tests/helpers/smtp";
import { smtpPerFile } from "../../tests/helpers/smtp-per-file";
import { adminClient } from "../../tests/helpers/admins";
import { countRows, createTestApp, errorOf, type TestApp } from "../../tests/helpers/test-app";
import { reviewInvitesToken, sendReviewInvitations, userOfReviewInvitesToken } from "./review-invitations.server";

let smtp: SmtpServer;
let t: TestApp;

const mail = smtpPerFile();
afterEach(async () => {
  // Whatever a run kicked off is delivered before the database closes.
  await t.deps.outbox.drain();
  t.close();
});
beforeEach(() => {
  smtp = mail.server;
  t = createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Site <site@example.com>" });
});

const invitedAt = (orderId: number) => t.db.select({ at: orders.reviewInvitedAt }).from(orders).where(eq(orders.id, orderId)).get()?.at ?? null;
const reviewInvitesOf = (userId: string) => t.db.select({ on: users.reviewInvites }).from(users).where(eq(users.id, userId)).get()?.on;

test("an order delivered 5 days ago gets one invitation with a link to each product's review form and a working unsubscribe link", async () => {
  const robin = deliveredOrder(t.db, "robin@example.com", { daysAgo: 5.1 });
  expect(sendReviewInvitations(t.deps)).toBe(1);
  expect(invitedAt(robin.orderId)).toBeInstanceOf(Date);
  await t.deps.outbox.drain();
  const [sent] = await smtp.waitFor(1, 10_000);
  const mail = await simpleParser(sent?.raw ?? "");
  expect(sent?.to).toEqual(["robin@example.com"]);
  expect(mail.subject).toBe(`How is your order ${robin.orderNumber}?`);
  const text = mail.text ?? "";
  expect(text).toContain(`Your order ${robin.orderNumber} arrived a few days ago.`);
  expect(text).toContain("http://localhost/shop/product/covert-dash-cam-4k#write-review");
  expect(text).toContain("http://localhost/shop/product/parabolic-microphone#write-review");
  expect(typeof mail.html).toBe("string");

  // Never twice: the next run (and any later one) sends nothing.
  expect(sendReviewInvitations(t.deps)).toBe(0);
  expect(sendReviewInvitations(t.deps, new Date(Date.now() + 3 * 24 * 3600_000))).toBe(0);
  expect(countRows(t, "outbox")).toBe(1);

  // The unsubscribe link works signed out: its page asks, the form post turns invitations off.
  const link = text.match(/http:\/\/localhost(\/unsubscribe\/review-invitations\?token=\S+)/)?.[1] ?? "";
  expect(link).not.toBe("");
  const visitor = browser(t);
  const page = await visitor.get(link);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Stop review invitations");
  expect(reviewInvitesOf(robin.userId)).toBe(true);
  const token = decodeURIComponent(link.split("token=")[1] ?? "");
  const done = await visitor.post("/unsubscribe/review-invitations", { token });
  expect(done.status).toBe(200);
  expect(await done.text()).toContain("You will get no more review invitations");
  expect(reviewInvitesOf(robin.userId)).toBe(false);
});

test("one product: the subject names the order, not the product (decision 069); products already reviewed or gone from the shop are left out, and an order with none left is passed over", async () => {
  const one = deliveredOrder(t.db, "one@example.com", { slugs: ["parabolic-microphone"] });
  const reviewed = deliveredOrder(t.db, "reviewed@example.com", { slugs: ["covert-dash-cam-4k"] });
  t.db
    .insert(reviews)
    .values({ productId: productIdOf(t.db, "covert-dash-cam-4k"), userId: reviewed.userId, rating: 5, title: "Good" })
    .run();
  expect(sendReviewInvitations(t.deps)).toBe(1);
  expect(invitedAt(one.orderId)).toBeInstanceOf(Date);
  expect(invitedAt(reviewed.orderId)).toBeInstanceOf(Date);
  await t.deps.outbox.drain();
  const [sent] = await smtp.waitFor(1, 10_000);
  const mail = await simpleParser(sent?.raw ?? "");
  expect(mail.subject).toBe(`How is your order ${one.orderNumber}?`);
  expect(mail.text).toContain("Parabolic Directional Microphone:");
});

test("no invitation to an unverified address, a customer who switched them off, an order not delivered, delivered too recently or too long ago, or with the setting at 0", async () => {
  const unverified = deliveredOrder(t.db, "unverified@example.com", { verified: false });
  const optedOut = deliveredOrder(t.db, "optedout@example.com", { optedOut: true });
  const shipped = deliveredOrder(t.db, "shipped@example.com", { status: "shipped" });
  const recent = deliveredOrder(t.db, "recent@example.com", { daysAgo: 4.9 });
  const old = deliveredOrder(t.db, "old@example.com", { daysAgo: 5 + 14 + 1 });
  expect(sendReviewInvitations(t.deps)).toBe(0);
  for (const o of [unverified, optedOut, shipped, recent, old]) expect(invitedAt(o.orderId)).toBeNull();
  expect(countRows(t, "outbox")).toBe(0);

  // The same orders later: only the recent one has come due.
  expect(sendReviewInvitations(t.deps, new Date(Date.now() + 24 * 3600_000))).toBe(1);
  expect(invitedAt(recent.orderId)).toBeInstanceOf(Date);

  // Verified later, the first customer is invited on the next run; with the setting at 0 nobody is.
  t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, unverified.userId)).run();
  expect(updateSetting(t.db, "reviewInviteDays", 0)).toEqual({ ok: true });
  expect(sendReviewInvitations(t.deps)).toBe(0);
  expect(updateSetting(t.db, "reviewInviteDays", 5)).toEqual({ ok: true });
  expect(sendReviewInvitations(t.deps)).toBe(1);
  expect(invitedAt(unverified.orderId)).toBeInstanceOf(Date);
});

test("an unsubscribe token names its customer and nobody else; an altered or foreign one does nothing", async () => {
  const robin = deliveredOrder(t.db, "robin@example.com");
  const token = reviewInvitesToken(t.deps.secrets, robin.userId);
  expect(userOfReviewInvitesToken(t.deps.secrets, token)).toBe(robin.userId);
  // Sealed for another purpose, altered, or a plain id: refused.
  expect(userOfReviewInvitesToken(t.deps.secrets, t.deps.secrets.seal(robin.userId))).toBeNull();
  const altered = `${token.slice(0, -2)}${token.endsWith("A") ? "B" : "A"}A`;
  for (const bad of [altered, robin.userId, "", "x".repeat(500)]) {
    const get = await t.request(`/unsubscribe/review-invitations?token=${encodeURIComponent(bad)}`);
    expect(get.status).toBe(400);
    expect(await get.text()).toContain("This link does not work");
    const post = await browser(t).post("/unsubscribe/review-invitations", { token: bad });
    expect(post.status).toBe(400);
  }
  expect(reviewInvitesOf(robin.userId)).toBe(true);
  // A post from another site is refused whatever it carries.
  const foreign = await t.request("/unsubscribe/review-invitations", {
    method: "POST",
    headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }).toString(),
  });
  expect(foreign.status).toBe(403);
  expect(reviewInvitesOf(robin.userId)).toBe(true);
  expect(testOrigin).toBe("http://localhost");
});

test("the account page's switch turns invitations off and on again, without JavaScript", async () => {
  const ann = browser(t);
  const userId = await ann.signUp("ann@example.com");
  const page = await (await ann.get("/account")).text();
  expect(page).toContain('action="/account/emails"');
  expect(page).toMatch(/<input type="checkbox"[^>]*name="reviewInvites" checked=""/);
  const off = await ann.post("/account/emails", {});
  expect(off.status).toBe(303);
  expect(off.headers.get("location")).toBe("/account?saved=emails");
  expect(reviewInvitesOf(userId)).toBe(false);
  const after = await (await ann.get("/account?saved=emails")).text();
  expect(after).toContain("Your e-mail choices were saved.");
  expect(after).toMatch(/<input type="checkbox"[^>]*name="reviewInvites"\/>/);
  await ann.post("/account/emails", { reviewInvites: "on" });
  expect(reviewInvitesOf(userId)).toBe(true);
  // Signed out, the form goes nowhere.
  const stranger = await browser(t).post("/account/emails", {});
  expect(stranger.headers.get("location") ?? "").not.toContain("saved=emails");
  expect(reviewInvitesOf(userId)).toBe(true);
});

test("the owner sets the days in the settings: 0 to 60, whole days; anything else is refused and nothing changes", async () => {
  const owner = adminClient(t);
  for (const bad of [61, -1, 2.5, "5"]) {
    const res = await owner.send("PUT", "/api/admin/settings", { reviewInviteDays: bad });
    expect(res.status).toBe(400);
    expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(["reviewInviteDays"]);
  }
  expect(getSettings(t.db).reviewInviteDays).toBe(5);
  expect((await owner.send("PUT", "/api/admin/settings", { reviewInviteDays: 0 })).status).toBe(200);
  expect(getSettings(t.db).reviewInviteDays).toBe(0);
});
