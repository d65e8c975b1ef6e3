import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { editOwnReview } from "../db/reviews.server";
import { auditLog, reviews } from "../db/schema";
import type { AdminReview, EditedReview } from "../shared/admin-reviews";
import { createSession } from "../server/auth/sessions.server";
import { adminWithToken, reviewsToModerate, sessionCookie } from "../../tests/factories";
import { adminClient } from "../../tests/helpers/admins";
import { testOrigin } from "../../tests/helpers/browser";
import type { SmtpServer } from "../../tests/helpers/smtp";
import { smtpPerFile } from "../../tests/helpers/smtp-per-file";
import { countRows, createTestApp, errorOf, type TestApp } from "../../tests/helpers/test-app";

let smtp: SmtpServer;
let t: TestApp;

const mail = smtpPerFile();
afterEach(async () => {
  await t.deps.outbox.drain();
  t.close();
});
beforeEach(() => {
  smtp = mail.server;
  t = createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Site <site@example.com>" });
});

const stored = (id: number) => t.db.select().from(reviews).where(eq(reviews.id, id)).get();
const audits = () => t.db.select().from(auditLog).all();
const productPage = async () => (await t.request("/shop/product/covert-dash-cam-4k")).text();

const withPhone = "Battery runs out quickly. Call me on 0412 345 678 if you want to know more.";
const edited = {
  title: "Battery runs out quickly",
  comment: "Battery runs out quickly. [Phone number removed by the business.]",
  reason: "We took out your phone number, so that no one reading the review can call you.",
};

test("the moderator changes a waiting review's words: kept waiting, marked on the product page once approved, the customer e-mailed why, the original kept and audited", async () => {
  const admin = adminClient(t);
  const { pending } = reviewsToModerate(t.db);
  const id = pending[0]?.id ?? 0;
  t.db.update(reviews).set({ comment: withPhone }).where(eq(reviews.id, id)).run();

  const res = await admin.json(`/api/admin/reviews/${id}/edit`, { ...edited, title: `  ${edited.title}  ` });
  expect(res.status).toBe(200);
  const answer = (await res.json()) as EditedReview;
  expect(answer).toMatchObject({ status: "pending", title: edited.title, comment: edited.comment, editReason: edited.reason, customerMailed: true });
  expect(answer.original).toEqual({ title: "Battery runs out quickly", comment: withPhone });
  expect(stored(id)).toMatchObject({ title: edited.title, comment: edited.comment, originalComment: withPhone, isApproved: false });
  expect(stored(id)?.editedByBusinessAt).toBeInstanceOf(Date);

  // Audited with the words before and after.
  const entry = audits().at(-1);
  expect(entry).toMatchObject({ kind: "reviews", action: "review.edit", recordId: String(id), adminUsername: "owner" });
  expect(entry?.before).toEqual({ status: "pending", title: "Battery runs out quickly", comment: withPhone });
  expect(entry?.after).toEqual({ status: "pending", ...edited });

  // The customer is told why, with the words as they now read, and never their phone number back.
  await t.deps.outbox.drain();
  const [sent] = await smtp.waitFor(1, 10_000);
  const message = await simpleParser(sent?.raw ?? "");
  expect(sent?.to).toEqual(["moderate-dee@example.com"]);
  expect(message.subject).toBe("We changed a few words of your review");
  expect(message.text).toContain(edited.reason);
  expect(message.text).toContain("> Battery runs out quickly. [Phone number removed by the business.]");
  expect(message.text).toContain('marked "Edited by the business"');
  expect(message.text).toContain("/shop/product/covert-dash-cam-4k#write-review");
  expect(message.text).not.toContain("0412 345 678");

  // Not public until approved; then the new words with the mark, never the original.
  expect(await productPage()).not.toContain("Phone number removed");
  expect((await admin.json(`/api/admin/reviews/${id}/approve`)).status).toBe(200);
  const page = await productPage();
  expect(page).toContain("[Phone number removed by the business.]");
  expect(page).toContain("Edited by the business");
  expect(page).not.toContain("0412 345 678");
  expect(page).not.toContain(edited.reason);
  // Its author, signed in, reads why with their review.
  const author = createSession(t.db, stored(id)?.userId ?? "").token;
  const own = await (await t.request("/shop/product/covert-dash-cam-4k", { headers: { Cookie: `${sessionCookie}=${author}` } })).text();
  expect(own).toContain('data-testid="own-review-edited"');
  expect(own).toContain(edited.reason);
});

test("a second edit keeps the customer's first words; the same words again change nothing and mail no one", async () => {
  const admin = adminClient(t);
  const { approved } = reviewsToModerate(t.db);
  const id = approved[0]?.id ?? 0;
  const own = stored(id);
  expect(await productPage()).not.toContain("Edited by the business");
  await admin.json(`/api/admin/reviews/${id}/edit`, { title: "Clear footage", comment: "Clear footage at night.", reason: "Shortened." });
  const second = await admin.json(`/api/admin/reviews/${id}/edit`, {
    title: "Clear footage at night",
    comment: "Clear footage at night.",
    reason: "Title back.",
  });
  expect(((await second.json()) as AdminReview).status).toBe("approved");
  expect(stored(id)).toMatchObject({ originalTitle: own?.title, originalComment: own?.comment, editReason: "Title back." });
  // An approved review stays public, now marked.
  expect(await productPage()).toContain("Edited by the business");
  const before = { audit: countRows(t, "audit_log"), outbox: countRows(t, "outbox") };
  const same = await admin.json(`/api/admin/reviews/${id}/edit`, { title: "Clear footage at night", comment: "Clear footage at night.", reason: "Again." });
  expect(((await same.json()) as EditedReview).customerMailed).toBe(false);
  expect({ audit: countRows(t, "audit_log"), outbox: countRows(t, "outbox") }).toEqual(before);
  expect(before.outbox).toBe(2);
});

test("when the customer rewrites it themselves, the mark and the kept words go: the words are theirs again", async () => {
  const admin = adminClient(t);
  const { pending } = reviewsToModerate(t.db);
  const id = pending[0]?.id ?? 0;
  await admin.json(`/api/admin/reviews/${id}/edit`, edited);
  const userId = stored(id)?.userId ?? "";
  expect(editOwnReview(t.db, userId, id, { rating: 2, title: "Short battery", comment: "Lasts two hours." }).ok).toBe(true);
  expect(stored(id)).toMatchObject({ editedByBusinessAt: null, editReason: null, originalTitle: null, originalComment: null, title: "Short battery" });
  expect(((await admin.read<AdminReview>(`/api/admin/reviews/${id}`)) as AdminReview).original).toBeNull();
});

test("refused, nothing changes: bad words or reason (400 naming the field), a rejected review (409), an unknown one (404); staff may edit", async () => {
  const admin = adminClient(t);
  const { pending, rejected } = reviewsToModerate(t.db);
  const id = pending[0]?.id ?? 0;
  const snapshot = () => ({ reviews: t.db.select().from(reviews).all(), audit: countRows(t, "audit_log"), outbox: countRows(t, "outbox") });
  const before = snapshot();
  for (const [body, field] of [
    [{ ...edited, reason: " " }, "reason"],
    [{ ...edited, reason: "x".repeat(501) }, "reason"],
    [{ ...edited, title: "" }, "title"],
    [{ ...edited, title: "x".repeat(101) }, "title"],
    [{ ...edited, comment: "x".repeat(2001) }, "comment"],
    [{ title: edited.title, comment: edited.comment }, "reason"],
  ] as const) {
    const res = await admin.json(`/api/admin/reviews/${id}/edit`, body);
    expect(res.status).toBe(400);
    expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual([field]);
  }
  const refused = await admin.json(`/api/admin/reviews/${rejected[0]?.id}/edit`, edited);
  expect(refused.status).toBe(409);
  expect((await errorOf(refused)).code).toBe("review_rejected");
  expect((await admin.json("/api/admin/reviews/99999/edit", edited)).status).toBe(404);
  expect((await t.request(`/api/admin/reviews/${id}/edit`, { method: "POST", headers: { Origin: testOrigin } })).status).toBe(401);
  expect(snapshot()).toEqual(before);

  const staff = adminWithToken(t.db, "staff-1", null, "staff");
  const res = await t.request(`/api/admin/reviews/${id}/edit`, {
    method: "POST",
    headers: { Authorization: staff.authorization, Origin: testOrigin, "Content-Type": "application/json" },
    body: JSON.stringify(edited),
  });
  expect(res.status).toBe(200);
  expect(audits().at(-1)).toMatchObject({ adminUsername: "staff-1", action: "review.edit" });
});
